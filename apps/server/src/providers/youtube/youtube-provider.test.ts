import type { youtube_v3 } from '@googleapis/youtube';
import { describe, expect, it } from 'vitest';
import type { KeptAnswers } from '../provider-state.repository.js';
import type { YouTubeDataApi } from './data-api.js';
import type { QuotaLedger } from './quota.js';
import { YouTubeProvider } from './youtube-provider.js';

/**
 * A lookup of many ids is several videos.list calls, a few of them in flight at once (decisions/052): the answer keeps
 * the ids' order, never more than four calls run together, and after a failed call no further call starts.
 */
const ids = Array.from({ length: 500 }, (_, i) => `v${String(i).padStart(10, '0')}`);
const item = (id: string): youtube_v3.Schema$Video => ({ id, snippet: { channelId: 'UC0000000000000000000001', channelTitle: 'A channel', title: `Video ${id}` } });

/** A Data API whose videos.list answers when the test says, one call at a time. */
function heldApi() {
  const pending: Array<{ batch: string[]; answer: () => void; fail: (error: Error) => void }> = [];
  let inFlight = 0;
  let most = 0;
  const api = {
    videos: (batch: string[]) =>
      new Promise<youtube_v3.Schema$Video[]>((resolve, reject) => {
        inFlight++;
        most = Math.max(most, inFlight);
        const settle = () => inFlight--;
        pending.push({ batch, answer: () => (settle(), resolve(batch.map(item))), fail: (error) => (settle(), reject(error)) });
      }),
  } as unknown as YouTubeDataApi;
  const provider = new YouTubeProvider({ api, ledger: {} as QuotaLedger, kept: {} as KeptAnswers, feedsUrl: 'http://feeds.invalid', region: 'US', timeoutMs: 1000 });
  const tick = () => new Promise((resolve) => setImmediate(resolve));
  return { provider, pending, tick, most: () => most };
}

describe('YouTubeProvider lookups of many ids', () => {
  it('asks up to four calls at once and answers in the order of the ids', async () => {
    const { provider, pending, tick, most } = heldApi();
    const lookup = provider.getVideos(ids);
    // The calls are answered last first, whenever one is waiting, until all ten are.
    let answered = 0;
    while (answered < 10) {
      await tick();
      const call = pending.pop();
      if (call) {
        call.answer();
        answered++;
      }
    }
    const videos = await lookup;
    expect(videos.map((v) => v.externalId)).toEqual(ids);
    expect(videos[0]).toMatchObject({ channelExternalId: 'UC0000000000000000000001', channelName: 'A channel' });
    expect(most()).toBe(4);
  });

  it('starts no further call once one has failed', async () => {
    const { provider, pending, tick } = heldApi();
    const lookup = provider.getVideos(ids);
    const failed = expect(lookup).rejects.toThrow('quota');
    await tick();
    expect(pending).toHaveLength(4);
    pending[1]!.fail(new Error('quota'));
    await tick();
    for (const call of pending.filter((_, i) => i !== 1)) call.answer();
    await tick();
    await failed;
    expect(pending).toHaveLength(4);
  });
});
