import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSift, useSiftVideos } from './queries';

/**
 * A sift whose channel is still being imported in the background (the job may start seconds after the page loaded):
 * the page asks again until the import ends, then reads the sift's videos again, without a reload.
 */
let importStatus = 'PENDING_IMPORT';
let videoReads = 0;

beforeEach(() => {
  importStatus = 'PENDING_IMPORT';
  videoReads = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://sift.test');
      const body = url.pathname.endsWith('/videos')
        ? { videos: videoReads++ === 0 ? [] : [{ externalId: 'v1', title: 'Imported video' }], totalResults: videoReads > 1 ? 1 : 0, next: null, limit: 48 }
        : { id: 1, hash: 'abc', name: 'Rides', importStatus };
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function Page() {
  const sift = useSift('abc');
  const { videos } = useSiftVideos('abc');
  return (
    <p>
      {sift.data?.importStatus ?? 'loading'} · {videos.length} videos
    </p>
  );
}

describe('useSift while a channel is imported', () => {
  it('polls the sift until the import ends, then reads its videos again', async () => {
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={qc}>
        <Page />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('PENDING_IMPORT · 0 videos')).toBeTruthy();
    importStatus = 'CREATED';
    await waitFor(() => expect(screen.getByText('CREATED · 1 videos')).toBeTruthy(), { timeout: 4_000 });
  });
});
