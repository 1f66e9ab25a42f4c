import { describe, expect, it } from 'vitest';
import { parseImportFile, SKIP_REASONS } from './index.js';
import { CHANNELS, VIDEOS, importError, utf8 } from './test-support.js';

const ndjson = (...records: object[]): string => records.map((record) => JSON.stringify(record)).join('\n') + '\n';
const thumbnail = 'https://yt3.ggpht.com/ytc/AIdro_example=s176-c-k-c0x00ffffff-no-rj';

describe('FreeTube profiles.db', () => {
  it('follows "All Channels" (its last version) and makes each other profile a sift', async () => {
    const file = ndjson(
      {
        name: 'All Channels',
        bgColor: '#000000',
        textColor: '#FFFFFF',
        subscriptions: [{ id: CHANNELS.kurzgesagt, name: 'Kurzgesagt – In a Nutshell', thumbnail }],
        _id: 'allChannels',
      },
      {
        name: 'Science',
        bgColor: '#3F51B5',
        textColor: '#FFFFFF',
        subscriptions: [
          { id: CHANNELS.veritasium, name: 'Veritasium', thumbnail },
          { id: CHANNELS.kurzgesagt, name: 'Kurzgesagt – In a Nutshell', thumbnail },
        ],
        _id: 'Xa1bC2dE3fG4hI5j',
      },
      { name: 'Gaming', bgColor: '#FF0000', textColor: '#FFFFFF', subscriptions: [{ id: CHANNELS.mkbhd, name: 'MKBHD', thumbnail }], _id: 'k6Lm7Nn8Op9Qr0St' },
      { $$indexCreated: { fieldName: 'name', unique: false, sparse: false } },
      // NeDB appends: the profile was edited (a channel added) and another one deleted.
      {
        name: 'All Channels',
        bgColor: '#000000',
        textColor: '#FFFFFF',
        subscriptions: [
          { id: CHANNELS.kurzgesagt, name: 'Kurzgesagt – In a Nutshell', thumbnail },
          { id: CHANNELS.veritasium, name: 'Veritasium', thumbnail },
          { id: CHANNELS.vsauce, name: 'Vsauce', thumbnail },
        ],
        _id: 'allChannels',
      },
      { $$deleted: true, _id: 'k6Lm7Nn8Op9Qr0St' },
    );
    const bundle = await parseImportFile(utf8(file));
    expect(bundle.format).toBe('FREETUBE_DB');
    expect(bundle.channels).toEqual([
      { externalId: CHANNELS.kurzgesagt, name: 'Kurzgesagt – In a Nutshell' },
      { externalId: CHANNELS.veritasium, name: 'Veritasium' },
      { externalId: CHANNELS.vsauce, name: 'Vsauce' },
    ]);
    expect(bundle.sifts).toEqual([
      {
        name: 'Science',
        channels: [
          { externalId: CHANNELS.veritasium, name: 'Veritasium' },
          { externalId: CHANNELS.kurzgesagt, name: 'Kurzgesagt – In a Nutshell' },
        ],
      },
    ]);
    // The profile's channels being in "All Channels" too is no duplicate to report.
    expect(bundle.skipped).toEqual([]);
  });

  it('follows the channels of a profile exported alone', async () => {
    const file = ndjson({ name: 'Tech', bgColor: '#000', textColor: '#fff', subscriptions: [{ id: CHANNELS.mkbhd, name: 'MKBHD', thumbnail }], _id: 'q1' });
    const bundle = await parseImportFile(utf8(file));
    expect(bundle.channels).toEqual([{ externalId: CHANNELS.mkbhd, name: 'MKBHD' }]);
    expect(bundle.sifts).toEqual([{ name: 'Tech', channels: [{ externalId: CHANNELS.mkbhd, name: 'MKBHD' }] }]);
  });
});

describe('FreeTube playlists.db', () => {
  it('puts Favorites and Watch later into one Watch later, keeps user playlists in order', async () => {
    const video = (videoId: string, title: string) => ({
      videoId,
      title,
      author: 'Someone',
      authorId: CHANNELS.vsauce,
      lengthSeconds: 212,
      published: 1_600_000_000_000,
      timeAdded: 1_700_000_000_000,
      playlistItemId: `item-${videoId}`,
      type: 'video',
    });
    const file = ndjson(
      { playlistName: 'Favorites', protected: true, description: 'Your favorite videos', videos: [video(VIDEOS.rickroll, 'Never Gonna Give You Up')], _id: 'favorites' },
      {
        playlistName: 'Cooking',
        protected: false,
        description: 'Weeknight dinners',
        videos: [video(VIDEOS.gangnam, 'Gangnam'), video(VIDEOS.zoo, 'Zoo'), video(VIDEOS.gangnam, 'Gangnam')],
        _id: 'pl-cooking',
        createdAt: 1_700_000_000_000,
        lastUpdatedAt: 1_700_000_100_000,
      },
      { playlistName: 'Watch Later', protected: true, videos: [video(VIDEOS.zoo, 'Zoo'), video(VIDEOS.rickroll, 'Never Gonna Give You Up')], _id: 'watchLater' },
    );
    const bundle = await parseImportFile(utf8(file));
    expect(bundle.playlists).toEqual([
      {
        name: 'Watch later',
        watchLater: true,
        videos: [
          { externalId: VIDEOS.rickroll, title: 'Never Gonna Give You Up' },
          { externalId: VIDEOS.zoo, title: 'Zoo' },
        ],
      },
      {
        name: 'Cooking',
        description: 'Weeknight dinners',
        videos: [
          { externalId: VIDEOS.gangnam, title: 'Gangnam' },
          { externalId: VIDEOS.zoo, title: 'Zoo' },
        ],
      },
    ]);
    expect(bundle.skipped).toEqual([
      { item: `Gangnam (${VIDEOS.gangnam}) in playlist "Cooking"`, reason: SKIP_REASONS.duplicate },
      { item: `Never Gonna Give You Up (${VIDEOS.rickroll}) in playlist "Watch later"`, reason: SKIP_REASONS.duplicate },
    ]);
  });
});

describe('FreeTube history.db', () => {
  it('says once that watch history is not imported', async () => {
    const entry = (videoId: string, _id: string) => ({ videoId, title: 'A video', author: 'Someone', authorId: CHANNELS.vsauce, timeWatched: 1_700_000_000_000, watchProgress: 12, _id });
    const bundle = await parseImportFile(utf8(ndjson(entry(VIDEOS.zoo, 'a'), entry(VIDEOS.gangnam, 'b'), entry(VIDEOS.zoo, 'a'))));
    expect(bundle).toMatchObject({ format: 'FREETUBE_DB', channels: [], playlists: [] });
    expect(bundle.skipped).toEqual([{ item: 'Watch history (2 videos)', reason: SKIP_REASONS.watchHistory }]);
  });

  it('calls a file cut in the middle of a line damaged', async () => {
    const file = ndjson({ name: 'All Channels', subscriptions: [], _id: 'allChannels' }) + '{"name":"Scie';
    await importError(parseImportFile(utf8(file)), 'IMPORT_FILE_INVALID');
  });
});
