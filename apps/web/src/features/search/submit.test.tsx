import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NotificationProvider } from '../../components/Notifications';
import { SearchField } from '../../components/SearchField';
import { globalError } from '../../lib/api';
import { searchFilters, useSearchFilters } from './state';
import { looksLikeAddress, useSearchSubmit } from './submit';

/** The header's search box as it is wired there, over the app's real api client with `fetch` faked. */
function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="location">{pathname + search}</p>;
}

function Box() {
  const submit = useSearchSubmit();
  return <SearchField value="" onSubmit={(text) => void submit(text)} />;
}

/** The type the search page would show. */
function Shown() {
  const [filters] = useSearchFilters();
  return <p data-testid="type">{filters.type}</p>;
}

function mount(start = '/') {
  render(
    <MemoryRouter initialEntries={[start]}>
      <NotificationProvider>
        <Box />
        <Where />
        <Shown />
      </NotificationProvider>
    </MemoryRouter>,
  );
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
  globalError.set(null);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const box = () => screen.getByRole('searchbox');
const location = () => screen.getByTestId('location').textContent;
const shownType = () => screen.getByTestId('type').textContent;
const type = (text: string) => fireEvent.change(box(), { target: { value: text } });
const enter = () => fireEvent.submit(box().closest('form')!);
const resolveCalls = () => fetchMock.mock.calls.map(([url]) => String(url)).filter((u) => u.startsWith('/api/public/v01/resolve'));

describe('looksLikeAddress', () => {
  it.each([
    ['https://example.com/watch?v=abc', true],
    ['example.com/@someone', true],
    ['@someone', true],
    ['UCabcdefghijklmnopqrstuv', true],
    ['UCshort', false],
    ['jazz piano', false],
    ['jazz', false],
    ['a/b c', false],
    ['', false],
  ])('%s → %s', (text, expected) => {
    expect(looksLikeAddress(text)).toBe(expected);
  });
});

describe('header search submit (SPEC §2 search box, pasted addresses)', () => {
  it('opens the watch route for a video address, asking the server what it names', async () => {
    fetchMock.mockResolvedValue(json(200, { type: 'video', externalId: 'dQw4w9WgXcQ' }));
    mount();
    type('https://video.example/watch?v=dQw4w9WgXcQ');
    enter();
    await waitFor(() => expect(location()).toBe('/watch?v=dQw4w9WgXcQ'));
    expect(resolveCalls()).toEqual([`/api/public/v01/resolve?q=${encodeURIComponent('https://video.example/watch?v=dQw4w9WgXcQ')}`]);
  });

  it('opens the channel page for a handle', async () => {
    fetchMock.mockResolvedValue(json(200, { type: 'channel', externalId: 'UCabcdefghijklmnopqrstuv' }));
    mount();
    type('@someone');
    enter();
    await waitFor(() => expect(location()).toBe('/channel/UCabcdefghijklmnopqrstuv'));
    expect(resolveCalls()).toEqual(['/api/public/v01/resolve?q=%40someone']);
  });

  it('sends plain words to the search page without resolving, and never resolves while typing', () => {
    mount();
    type('jazz');
    type('jazz.piano');
    type('@jazz');
    expect(fetchMock).not.toHaveBeenCalled();
    type('jazz piano');
    enter();
    expect(location()).toBe('/search/main?st=jazz%20piano');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('searches for the text when the address names nothing', async () => {
    fetchMock.mockResolvedValue(json(200, { type: 'none', externalId: null }));
    mount();
    type('node.js');
    enter();
    await waitFor(() => expect(location()).toBe('/search/main?st=node.js'));
    expect(resolveCalls()).toHaveLength(1);
  });

  it('searches for the text when the video service does not know the address (404)', async () => {
    fetchMock.mockResolvedValue(json(404, { status: 404, message: 'Channel or video not found', code: 'NOT_FOUND' }));
    mount();
    type('@nobody');
    enter();
    await waitFor(() => expect(location()).toBe('/search/main?st=%40nobody'));
  });

  it('searches for the text when the video service cannot be asked (503), with no error left behind (issue 31)', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    fetchMock.mockResolvedValue(json(503, { status: 503, message: 'The video service is not answering. Try again later.', code: 'UNAVAILABLE' }));
    mount('/feed');
    type('@someone');
    enter();
    await waitFor(() => expect(location()).toBe('/search/main?st=%40someone'));
    expect(globalError.get()).toBeNull();
  });

  it('searches for the text when no answer comes (a network failure)', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    mount('/feed');
    type('example.com/some/page');
    enter();
    await waitFor(() => expect(location()).toBe(`/search/main?st=${encodeURIComponent('example.com/some/page')}`));
    expect(globalError.get()).toBeNull();
  });

  it('keeps only the newest submit: an earlier answer still on its way is dropped', async () => {
    let answerFirst: (r: Response) => void = () => {};
    fetchMock
      .mockImplementationOnce((_url, init) => new Promise((resolve, reject) => {
        answerFirst = resolve;
        init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      }))
      .mockResolvedValueOnce(json(200, { type: 'channel', externalId: 'UCabcdefghijklmnopqrstuv' }));
    mount();
    type('@first');
    enter();
    // The first request on its way (the client sends from a task of its own) before the second submit.
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    type('@second');
    enter();
    await waitFor(() => expect(location()).toBe('/channel/UCabcdefghijklmnopqrstuv'));
    await act(async () => answerFirst(json(200, { type: 'video', externalId: 'x' })));
    expect(location()).toBe('/channel/UCabcdefghijklmnopqrstuv');
  });

  // Issue 31: the type chosen for one query (Videos) stuck to the next one typed in the header.
  it('starts a new query on All, whatever type the last one was shown under, and only once', async () => {
    searchFilters.set({ type: 'videos', sort: 'alpha' });
    mount('/search/main?st=cooking');
    expect(shownType()).toBe('videos');
    type('jazz');
    enter();
    expect(location()).toBe('/search/main?st=jazz');
    expect(shownType()).toBe('all');
    expect(searchFilters.get()).toEqual({ type: 'all', sort: 'alpha' });
    // Chosen again on the new query, it stays: the start on All happens once.
    act(() => searchFilters.set({ type: 'channels' }));
    expect(shownType()).toBe('channels');
    searchFilters.reset();
  });
});
