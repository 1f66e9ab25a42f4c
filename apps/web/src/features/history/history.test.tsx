import { QueryClient } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MARK_ALL_WATCHED_MAX as CONTRACT_MAX, type HistoryItem, type Video } from '@sift/contracts';
import { progressPercent, VideoCard } from '../../components/Cards';
import { HideWatchedToggle } from '../../components/HideWatchedToggle';
import { InboxCount, inboxCountLabel } from '../../components/InboxCount';
import { useHideWatched, viewer } from '../../lib/hide-watched';
import { preferences } from '../../lib/storage';
import { appProviders } from '../../test/providers';
import { HistoryPage } from './components/HistoryPage';
import { MARK_ALL_WATCHED_MAX, MarkAllWatched } from './components/MarkAllWatched';
import { dayOf, startsDay } from './days';
import { useHistoryVideoMenu } from './menu';

const video = (externalId: string, extra: Partial<HistoryItem> = {}): HistoryItem =>
  ({
    type: 'video',
    id: 1,
    externalId,
    title: `Video ${externalId}`,
    name: `Video ${externalId}`,
    thumbnail: '',
    channelExternalId: 'UC1',
    channelName: 'Bakery',
    channelThumbnail: null,
    durationSeconds: 600,
    numberOfViews: 1,
    numberOfLikes: 1,
    publishedAt: '2026-11-01T10:00:00Z',
    liveStatus: 'NONE',
    isShort: false,
    watched: false,
    position: null,
    duration: 600,
    watchedAt: '2026-11-29T08:00:00Z',
    ...extra,
  }) as HistoryItem;

type Call = { method: string; path: string; search: string };
let calls: Call[] = [];
let historyItems: HistoryItem[] = [];

beforeEach(() => {
  // jsdom has no matchMedia; the cards ask it for the name length of the screen.
  window.matchMedia ??= ((query: string) => ({ matches: true, media: query, addEventListener() {}, removeEventListener() {} })) as never;
  calls = [];
  historyItems = [];
  preferences.set('token', 'member-token');
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://sift.test');
      calls.push({ method: init?.method ?? 'GET', path: url.pathname, search: url.search });
      if (init?.method && init.method !== 'GET') return new Response(null, { status: 204 });
      const body =
        url.pathname === '/api/me/history/settings'
          ? { paused: false }
          : url.pathname === '/api/me/history'
            ? { items: historyItems.filter((i) => !url.searchParams.get('q') || i.title.toLowerCase().includes(url.searchParams.get('q') ?? '')), next: null }
            : {};
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  preferences.remove('token');
  preferences.remove('hide_watched');
  viewer.set(null);
});

const wrapper = appProviders;

describe('a card with the member\'s marks (issue 30)', () => {
  it('shows how far the member got as a bar, and "Watched" on a watched video', () => {
    expect(progressPercent(video('a', { position: 150 }))).toBe(25);
    // Of the length the player knew when it saved the position (a demo clip's 30 s), not the listed one.
    expect(progressPercent(video('a', { position: 15, positionOf: 30 }))).toBe(50);
    expect(progressPercent(video('a', { watched: true }))).toBe(100);
    expect(progressPercent(video('a'))).toBeUndefined();
    expect(progressPercent(video('a', { position: 30, liveStatus: 'LIVE' }))).toBeUndefined();
    const qc = new QueryClient();
    const { rerender } = render(<VideoCard video={video('a', { position: 150 })} />, { wrapper: wrapper(qc) });
    expect(screen.getByText('25% watched')).toBeTruthy();
    expect(document.querySelector('.vcard-progress > span')?.getAttribute('style')).toContain('width: 25%');
    rerender(<VideoCard video={video('a', { watched: true })} />);
    expect(screen.getAllByText('Watched').length).toBeGreaterThan(0);
  });

  it('offers "Mark as watched" / "Mark as unwatched" and "Hide from my feeds" to members only', async () => {
    const qc = new QueryClient();
    let menu: ReturnType<typeof useHistoryVideoMenu> = () => [];
    function Probe() {
      menu = useHistoryVideoMenu();
      return null;
    }
    render(<Probe />, { wrapper: wrapper(qc) });
    expect(menu(video('a')).map((e) => ('label' in e ? e.label : ''))).toEqual(['Mark as watched', 'Hide from my feeds']);
    expect(menu(video('a', { watched: true })).map((e) => ('label' in e ? e.label : ''))).toEqual(['Mark as unwatched', 'Hide from my feeds']);

    // Marking: the server hears it, and the cached card changes at once.
    qc.setQueryData(['feed', 'public', {}], { pages: [{ videos: [video('a')] }] });
    const mark = menu(video('a'))[0];
    await act(async () => (mark && 'onSelect' in mark ? mark.onSelect() : undefined));
    await waitFor(() => expect(qc.getQueryData<{ pages: { videos: Video[] }[] }>(['feed', 'public', {}])?.pages[0]?.videos[0]?.watched).toBe(true));
    expect(calls).toContainEqual({ method: 'POST', path: '/api/me/history/a/watched', search: '' });

    // Hiding: a toast with Undo, which asks the server to undo it.
    const hide = menu(video('a'))[1];
    await act(async () => (hide && 'onSelect' in hide ? hide.onSelect() : undefined));
    fireEvent.click(await screen.findByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(calls).toContainEqual({ method: 'DELETE', path: '/api/me/hidden/a', search: '' }));
    expect(calls).toContainEqual({ method: 'POST', path: '/api/me/hidden/a', search: '' });

    preferences.remove('token');
    await waitFor(() => expect(menu(video('a'))).toEqual([]));
  });
});

describe('"Hide watched" (issue 30)', () => {
  function Toggle({ place }: { place: 'feed' | 'dashboard' }) {
    return <HideWatchedToggle state={useHideWatched(place)} />;
  }

  it('is remembered per member and per place, and shown to members only', () => {
    const { rerender } = render(<Toggle place="feed" />);
    const hide = () => screen.getByRole('switch', { name: 'Hide watched' });
    expect(screen.queryByRole('switch', { name: 'Hide watched' })).toBeNull();
    act(() => viewer.set('uuid-1'));
    fireEvent.click(hide());
    expect(preferences.get('hide_watched')).toEqual({ 'uuid-1:feed': true });
    rerender(<Toggle place="dashboard" />);
    expect(hide().getAttribute('aria-checked')).toBe('false');
    rerender(<Toggle place="feed" />);
    expect(hide().getAttribute('aria-checked')).toBe('true');
    act(() => viewer.set('uuid-2'));
    expect(hide().getAttribute('aria-checked')).toBe('false');
  });
});

describe('the history page (issue 30)', () => {
  it('groups by day, searches, removes one and clears all after confirming', async () => {
    const now = new Date();
    const yesterday = new Date(now.getTime() - 24 * 3600_000);
    historyItems = [
      video('a', { title: 'Sourdough basics', watchedAt: now.toISOString(), watched: true }),
      video('b', { title: 'Rye bread', watchedAt: now.toISOString(), position: 120 }),
      video('c', { title: 'Croissants', watchedAt: yesterday.toISOString(), watched: true }),
    ];
    render(<HistoryPage />, { wrapper: wrapper(new QueryClient({ defaultOptions: { queries: { retry: false } } })) });
    expect(await screen.findByRole('heading', { name: 'Today' })).toBeTruthy();
    // Yesterday's entry is in the list's next batch (InfiniteList draws a batch a task).
    expect(await screen.findByRole('heading', { name: 'Yesterday' })).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(3);

    const search = screen.getByRole('textbox', { name: 'Search history...' });
    fireEvent.change(search, { target: { value: 'rye' } });
    fireEvent.keyDown(search, { key: 'Enter' });
    await waitFor(() => expect(calls.some((c) => c.path === '/api/me/history' && c.search.includes('q=rye'))).toBe(true));

    fireEvent.click(await screen.findByRole('button', { name: 'Remove Rye bread from history' }));
    await waitFor(() => expect(calls).toContainEqual({ method: 'DELETE', path: '/api/me/history/b', search: '' }));

    fireEvent.click(screen.getByRole('button', { name: 'Clear all history' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Clear all history' }));
    await waitFor(() => expect(calls).toContainEqual({ method: 'DELETE', path: '/api/me/history', search: '' }));
  });

  it('pauses history', async () => {
    render(<HistoryPage />, { wrapper: wrapper(new QueryClient()) });
    const pause = await screen.findByRole('switch', { name: 'Pause history' });
    await waitFor(() => expect((pause as HTMLButtonElement).disabled).toBe(false));
    expect(pause.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(pause);
    await waitFor(() => expect(calls).toContainEqual({ method: 'PUT', path: '/api/me/history/settings', search: '' }));
    expect(await screen.findByText(/History is paused/)).toBeTruthy();
    expect(pause.getAttribute('aria-checked')).toBe('true');
  });
});

describe('days of the history', () => {
  it('names today and yesterday and starts a day where the date changes', () => {
    const now = new Date(2026, 10, 29, 12);
    expect(dayOf(new Date(2026, 10, 29, 1).toISOString(), now)).toEqual({ kind: 'today' });
    expect(dayOf(new Date(2026, 10, 28, 23).toISOString(), now)).toEqual({ kind: 'yesterday' });
    expect(dayOf(new Date(2026, 10, 2).toISOString(), now).kind).toBe('date');
    const items = [new Date(2026, 10, 29, 9), new Date(2026, 10, 29, 8), new Date(2026, 10, 28, 8)].map((d) => ({ watchedAt: d.toISOString() }));
    expect(items.map((_, i) => startsDay(items, i))).toEqual([true, false, true]);
  });
});

describe('inbox counts and "Mark all as watched" (issue 30)', () => {
  it('shows a count, capped at "99+", and nothing when there is nothing new', () => {
    expect(inboxCountLabel(7)).toBe('7');
    expect(inboxCountLabel(99)).toBe('99');
    expect(inboxCountLabel(100)).toBe('99+');
    const { container, rerender } = render(<InboxCount n={100} />);
    expect(screen.getByText('99+ unwatched')).toBeTruthy();
    rerender(<InboxCount n={0} />);
    expect(container.textContent).toBe('');
  });

  it('marks a sift\'s videos up to the newest shown, after confirming', async () => {
    render(<MarkAllWatched target={{ siftId: 4 }} before="2026-11-29T08:00:00.000Z" />, { wrapper: wrapper(new QueryClient()) });
    fireEvent.click(screen.getByRole('button', { name: 'Mark all as watched' }));
    const dialog = await screen.findByRole('dialog');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark all as watched' }));
    await waitFor(() =>
      expect(calls).toContainEqual({ method: 'POST', path: '/api/sifts/4/watched', search: `?before=${encodeURIComponent('2026-11-29T08:00:00.000Z')}` }),
    );
  });

  it('keeps the server\'s cap', () => {
    expect(MARK_ALL_WATCHED_MAX).toBe(CONTRACT_MAX);
  });
});
