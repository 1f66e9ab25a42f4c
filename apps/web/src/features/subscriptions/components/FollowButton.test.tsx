import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Channel, Subscription } from '@sift/contracts';
import { NotificationProvider } from '../../../components/Notifications';
import { globalError } from '../../../lib/api';
import { preferences } from '../../../lib/storage';
import { ChannelFollow, SiftFollowButton } from './FollowButton';

/** SPEC §8 "follow failure: logged, no user message": a failed follow shows neither a toast nor the error banner. */
const channel = { id: 7, externalId: 'UC7', name: 'Bakery' } as Channel;
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let posts: string[];
beforeEach(() => {
  posts = [];
  globalError.set(null);
  preferences.set('token', 'member-token');
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (init?.method === 'POST') {
        posts.push(url);
        return json(500, { status: 500, message: 'The database is down' });
      }
      return json(200, { items: [] });
    }),
  );
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  preferences.set('token', null);
});

/** The channel's follow control, as a card or the channel page shows it. */
const renderFollow = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <NotificationProvider>
          <ChannelFollow channel={channel} />
        </NotificationProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe('ChannelFollow', () => {
  it('a failed follow is logged and shows no message', async () => {
    renderFollow();
    const button = screen.getByRole('button', { name: /^Follow\s*Bakery$/ });
    fireEvent.click(button);
    await waitFor(() => expect(posts).toEqual(['/api/subscriptions']));
    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
    expect(console.warn).toHaveBeenCalledWith('Follow failed', expect.anything());
    expect(screen.getByRole('status').textContent).toBe('');
    expect(globalError.get()).toBeNull();
    expect(screen.getByRole('button', { name: /^Follow\s*Bakery$/ }).getAttribute('aria-haspopup')).toBeNull();
  });
});

/**
 * Issue 31: "Following" opens the follow settings in place. A member who follows a channel (daily, muted) picks
 * another frequency there (saved at once, said), unfollows (the toast keeps an Undo), and Undo follows again with
 * the frequency of before, still muted.
 */
describe('Following', () => {
  let subscription: Subscription;
  let calls: { method: string; path: string; body: unknown }[];

  beforeEach(() => {
    // jsdom has no matchMedia; the menu asks it whether the screen is a desktop's (a dropdown) or a phone's (a sheet).
    window.matchMedia ??= ((query: string) => ({ matches: true, media: query, addEventListener() {}, removeEventListener() {} })) as never;
    calls = [];
    subscription = { id: 5, frequency: 'DAILY', muted: true, optOut: false, isNew: false, createdAt: '2024-01-01T00:00:00Z', target: { type: 'channel', id: 7, externalId: 'UC7', name: 'Bakery', thumbnail: '' } } as Subscription;
    let followed = true;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const path = new URL(String(input), 'http://sift.test').pathname;
        const method = init?.method ?? 'GET';
        const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
        if (method !== 'GET') calls.push({ method, path, body });
        if (method === 'GET') return json(200, { items: followed ? [subscription] : [] });
        if (method === 'DELETE') {
          followed = false;
          return new Response(null, { status: 204 });
        }
        if (method === 'PUT') {
          subscription = { ...subscription, ...(body as object) };
          return json(200, subscription);
        }
        followed = true;
        subscription = { ...subscription, frequency: (body as { frequency?: Subscription['frequency'] }).frequency ?? 'WEEKLY', muted: false };
        return json(200, subscription);
      }),
    );
  });

  it('opens the frequencies and Unfollow; a frequency is saved at once and said', async () => {
    renderFollow();
    const button = await screen.findByRole('button', { name: 'Following Bakery' });
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    fireEvent.click(button);
    const menu = screen.getByRole('menu', { name: 'Follow settings for Bakery' });
    const group = within(menu).getByRole('group', { name: 'Tell me about new videos by e-mail' });
    expect(within(group).getAllByRole('menuitemradio').map((r) => [r.textContent?.replace('✓', ''), r.getAttribute('aria-checked')])).toEqual([
      ['Immediately', 'false'],
      ['Daily digest', 'true'],
      ['Weekly digest', 'false'],
      ['Never', 'false'],
    ]);
    expect(within(menu).getByRole('menuitem', { name: 'Unfollow' })).toBeTruthy();
    fireEvent.click(within(group).getByRole('menuitemradio', { name: 'Weekly digest' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('E-mail for Bakery: weekly digest'));
    expect(calls).toEqual([{ method: 'PUT', path: '/api/subscriptions/5', body: { frequency: 'WEEKLY' } }]);
  });

  it('Unfollow keeps an Undo that follows again with the same frequency, still muted', async () => {
    renderFollow();
    fireEvent.click(await screen.findByRole('button', { name: 'Following Bakery' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Unfollow' }));
    await screen.findByRole('button', { name: /^Follow\s*Bakery$/ });
    const undo = within(screen.getByRole('status')).getByRole('button', { name: 'Undo' });
    expect(screen.getByRole('status').textContent).toContain('Unfollowed Bakery');
    fireEvent.click(undo);
    await screen.findByRole('button', { name: 'Following Bakery' });
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Following Bakery'));
    expect(calls).toEqual([
      { method: 'DELETE', path: '/api/subscriptions/5', body: undefined },
      { method: 'POST', path: '/api/subscriptions', body: { externalId: 'UC7', frequency: 'DAILY' } },
      { method: 'PUT', path: '/api/subscriptions/5', body: { muted: true } },
    ]);
  });
});

/**
 * Issue 31: the owner of a sift saw "Follow" on it. Its owner is not offered to follow their own sift (the server
 * refuses it, 409 OWN_SIFT); a follow they made before keeps its settings, so that they can stop it.
 */
describe('SiftFollowButton', () => {
  const sift = (creator: boolean) => ({ id: 9, hash: 'h9', name: 'Bread', owner: { creator } });
  const siftSubscription = { id: 6, frequency: 'WEEKLY', muted: false, optOut: false, isNew: false, createdAt: '2024-01-01T00:00:00Z', target: { type: 'sift', id: 9, externalId: 'h9', name: 'Bread', thumbnail: '' } } as Subscription;
  const renderSift = (creator: boolean) =>
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <NotificationProvider>
            <SiftFollowButton sift={sift(creator)} />
          </NotificationProvider>
        </MemoryRouter>
      </QueryClientProvider>,
    );
  const answering = (items: Subscription[]) => {
    const asked = vi.fn(async () => json(200, { items }));
    vi.stubGlobal('fetch', asked);
    return asked;
  };

  it("offers someone else's sift to follow, and not its owner's own", async () => {
    renderSift(false);
    expect(await screen.findByRole('button', { name: /^Follow\s*Bread$/ })).toBeTruthy();
    cleanup();
    const asked = answering([]);
    renderSift(true);
    await waitFor(() => expect(asked).toHaveBeenCalled());
    await waitFor(() => expect(screen.queryByRole('button')).toBeNull());
  });

  it('keeps the settings of a follow its owner made before, to stop it', async () => {
    window.matchMedia ??= ((query: string) => ({ matches: true, media: query, addEventListener() {}, removeEventListener() {} })) as never;
    answering([siftSubscription]);
    renderSift(true);
    fireEvent.click(await screen.findByRole('button', { name: 'Following Bread' }));
    expect(screen.getByRole('menuitem', { name: 'Unfollow' })).toBeTruthy();
  });
});
