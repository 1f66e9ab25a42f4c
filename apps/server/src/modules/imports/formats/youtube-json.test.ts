import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { parseImportFile, SKIP_REASONS } from './index.js';
import { CHANNELS, utf8 } from './test-support.js';

/** One subscription as Takeout's 2019–21 subscriptions.json wrote it (snippet.channelId is the member's own). */
const takeoutSubscription = (channelId: string, title: string) => ({
  contentDetails: { totalItemCount: 181, newItemCount: 0, activityType: 'all' },
  etag: 'yx0cuTmqpAgtkfdVVVbKQbU1dR0',
  id: 'DBpfJzJtzqrmFPk9obOFcxL0-EGcmRW0jZ7Lk3vqBDE',
  kind: 'youtube#subscription',
  snippet: {
    publishedAt: '2019-06-01T12:00:00.000Z',
    title,
    description: '',
    resourceId: { kind: 'youtube#channel', channelId },
    channelId: 'UCmemberOwnChannel0000000',
    thumbnails: { default: { url: 'https://yt3.ggpht.com/a/default.jpg' }, medium: { url: 'https://yt3.ggpht.com/a/medium.jpg' }, high: { url: 'https://yt3.ggpht.com/a/high.jpg' } },
  },
});

/** FreeTube's "Export YouTube (.json)": the same resource, snippet.channelId the channel itself, empty ids. */
const freeTubeSubscription = (channelId: string, title: string) => ({
  contentDetails: { activityType: 'all', newItemCount: 0, totalItemCount: 0 },
  etag: '',
  id: '',
  kind: 'youtube#subscription',
  snippet: {
    channelId,
    description: '',
    publishedAt: '2024-05-01T09:30:00.000Z',
    resourceId: { channelId, kind: 'youtube#channel' },
    thumbnails: { default: { url: 'https://yt3.ggpht.com/x' }, high: { url: 'https://yt3.ggpht.com/x' }, medium: { url: 'https://yt3.ggpht.com/x' } },
    title,
  },
});

describe('YouTube JSON subscription lists', () => {
  it("follows FreeTube's YouTube export", async () => {
    const file = [freeTubeSubscription(CHANNELS.kurzgesagt, 'Kurzgesagt – In a Nutshell'), freeTubeSubscription(CHANNELS.vsauce, 'Vsauce')];
    expect(await parseImportFile(utf8(JSON.stringify(file)))).toEqual({
      format: 'YOUTUBE_JSON',
      channels: [
        { externalId: CHANNELS.kurzgesagt, name: 'Kurzgesagt – In a Nutshell' },
        { externalId: CHANNELS.vsauce, name: 'Vsauce' },
      ],
      playlists: [],
      sifts: [],
      skipped: [],
    });
  });

  it("follows the channel of Takeout's subscriptions.json, never the member's own, and lists the rows it cannot read", async () => {
    const file = [takeoutSubscription(CHANNELS.veritasium, 'Veritasium'), takeoutSubscription('UCgone', 'Gone'), takeoutSubscription(CHANNELS.veritasium, 'Veritasium')];
    const bundle = await parseImportFile(utf8(JSON.stringify(file, null, 2)));
    expect(bundle.channels).toEqual([{ externalId: CHANNELS.veritasium, name: 'Veritasium' }]);
    expect(bundle.skipped).toEqual([
      { item: 'Gone (UCgone)', reason: SKIP_REASONS.badId },
      { item: `Veritasium (${CHANNELS.veritasium})`, reason: SKIP_REASONS.duplicate },
    ]);
  });

  it('reads it inside a 2019–21 Takeout .zip as part of the Takeout', async () => {
    const zip = zipSync({
      'Takeout/YouTube/subscriptions/subscriptions.json': utf8(JSON.stringify([takeoutSubscription(CHANNELS.mkbhd, 'Marques Brownlee')])),
    });
    expect(await parseImportFile(zip)).toMatchObject({ format: 'TAKEOUT_ZIP', channels: [{ externalId: CHANNELS.mkbhd, name: 'Marques Brownlee' }] });
  });
});
