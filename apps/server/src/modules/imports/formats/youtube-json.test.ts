import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { parseImportFile, SKIP_REASONS } from './index.js';
import { CHANNELS, VIDEOS, utf8 } from './test-support.js';

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
      history: [],
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

/** One entry of a Takeout 2019–21 playlist file, a `youtube#playlistItem` resource. */
const playlistItem = (playlistId: string, videoId: string, title: string, position: number) => ({
  contentDetails: { videoId, videoPublishedAt: '2015-01-07T08:26:53Z' },
  etag: 'V-_0vKvNFncFzRNuhfl97Ezc8ws',
  id: `UExXVkFwX055YlQwdHFLeXVKUVk4V3N3eHJ3cWpUTWtCcS41NkI0NEY2RDEwNTU3Q0M2${position}`,
  kind: 'youtube#playlistItem',
  snippet: {
    publishedAt: '2020-02-01T10:00:00Z',
    channelId: 'UCmemberOwnChannel0000000',
    title,
    description: '',
    thumbnails: { default: { url: `https://i.ytimg.com/vi/${videoId}/default.jpg` } },
    channelTitle: 'Me',
    playlistId,
    position,
    resourceId: { kind: 'youtube#video', videoId },
  },
  status: { privacyStatus: 'public' },
});

describe('Takeout 2019–21 playlist .json files', () => {
  it('reads each as a playlist named by its file, Watch later merged, in a .zip with the subscriptions', async () => {
    const root = 'Takeout/YouTube and YouTube Music';
    const zip = zipSync({
      [`${root}/subscriptions/subscriptions.json`]: utf8(JSON.stringify([takeoutSubscription(CHANNELS.vsauce, 'Vsauce')])),
      [`${root}/playlists/Road trip.json`]: utf8(
        JSON.stringify([playlistItem('PLFgquLnL59alCl_2TQvOiD5Vgm1hCaGSI', VIDEOS.despacito, 'Despacito', 0), playlistItem('PLFgquLnL59alCl_2TQvOiD5Vgm1hCaGSI', 'deletedvid1', 'Deleted video', 1)]),
      ),
      [`${root}/playlists/Watch later.json`]: utf8(JSON.stringify([playlistItem('WL', VIDEOS.zoo, 'Me at the zoo', 0)])),
    });
    const bundle = await parseImportFile(zip);
    expect(bundle).toMatchObject({ format: 'TAKEOUT_ZIP', channels: [{ externalId: CHANNELS.vsauce, name: 'Vsauce' }] });
    expect(bundle.playlists).toEqual([
      { name: 'Road trip', videos: [{ externalId: VIDEOS.despacito, title: 'Despacito' }, { externalId: 'deletedvid1', title: 'Deleted video' }] },
      { name: 'Watch later', watchLater: true, videos: [{ externalId: VIDEOS.zoo, title: 'Me at the zoo' }] },
    ]);
  });
});
