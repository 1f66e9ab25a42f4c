import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { viewer } from '../../lib/hide-watched';
import { preferences } from '../../lib/storage';
import { useFeedPlayer } from './player';
// Loaded up front: the hook imports it on demand, which a test's first transform of it would make slow.
import './queue';

let asked: URL[] = [];

beforeEach(() => {
  asked = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      asked.push(new URL(String(input), 'http://sift.test'));
      const body = { videoFeedItems: { videos: [], next: null }, subscriptionFilters: [], feedSubscriptionFilters: [] };
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  preferences.remove('hide_watched');
  viewer.set(null);
});

/** Issue 31: a video opened from the member's feed plays inside the feed as that page showed it. */
describe('the feed as the player queue', () => {
  it('is the feed with the chips and filter of the page the video was opened from', async () => {
    const queueOf = async (from: { pathname: string; search: string }) => {
      const { result } = renderHook(() => useFeedPlayer(from, true));
      await waitFor(() => expect(result.current).not.toBeNull());
      return result.current!;
    };
    const queue = await queueOf({ pathname: '/feed', search: '?subs=3,4&filterText=bronze' });
    expect(queue.item).toMatchObject({ type: 'feed', name: 'My feed' });
    await queue.fetchPage('cursor-1', new AbortController().signal);
    expect(asked[0]?.pathname).toBe('/api/me/feeds/videos');
    expect(Object.fromEntries(asked[0]!.searchParams)).toEqual({ itemsPerPage: '48', filterText: 'bronze', next: 'cursor-1', subscriptionIds: '3,4' });
    // Another filter is another list; the same address is the same list (the player keeps what it loaded).
    expect((await queueOf({ pathname: '/feed/myfeed', search: '?subs=3,4&filterText=bronze' })).key).toBe(queue.key);
    expect((await queueOf({ pathname: '/feed', search: '' })).key).not.toBe(queue.key);
  });

  it("follows the feed's Hide watched, and is nothing for a video opened elsewhere or for a visitor", async () => {
    viewer.set('u1');
    preferences.set('hide_watched', { 'u1:feed': true });
    const feed = { pathname: '/feed', search: '' };
    type Props = { from: { pathname: string; search: string } | null; member: boolean };
    const { result, rerender } = renderHook(({ from, member }: Props) => useFeedPlayer(from, member), { initialProps: { from: feed, member: true } as Props });
    await waitFor(() => expect(result.current).not.toBeNull());
    await result.current!.fetchPage(null, new AbortController().signal);
    expect(asked[0]?.searchParams.get('hideWatched')).toBe('true');
    rerender({ from: { pathname: '/channel/UC1', search: '' }, member: true });
    expect(result.current).toBeNull();
    rerender({ from: null, member: true });
    expect(result.current).toBeNull();
    rerender({ from: feed, member: false });
    expect(result.current).toBeNull();
  });
});
