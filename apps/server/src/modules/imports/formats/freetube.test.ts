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
  /** A line as FreeTube 0.21+ writes it (`watchProgress` in seconds, `timeWatched` in ms since the epoch). */
  const entry = (videoId: string, _id: string, fields: Record<string, unknown> = {}) => ({
    videoId,
    title: 'A video',
    author: 'Someone',
    authorId: CHANNELS.vsauce,
    published: 1_690_000_000_000,
    description: 'About it',
    viewCount: 12_345,
    lengthSeconds: 212,
    watchProgress: 12.6,
    timeWatched: 1_700_000_000_000,
    isLive: false,
    type: 'video',
    _id,
    ...fields,
  });

  it('reads each video once, newest first, with its position, length and when it was watched', async () => {
    const bundle = await parseImportFile(
      utf8(
        ndjson(
          entry(VIDEOS.zoo, 'a', { title: 'Me at the zoo', lengthSeconds: 19, watchProgress: 7 }),
          entry(VIDEOS.gangnam, 'b', { title: 'PSY - GANGNAM STYLE', timeWatched: 1_700_000_500_000, watchProgress: 100.4, lengthSeconds: 252 }),
          // NeDB appends the update of a video watched again: the later line replaces the first.
          entry(VIDEOS.zoo, 'a', { title: 'Me at the zoo', lengthSeconds: 19, watchProgress: 18, timeWatched: 1_700_000_900_000 }),
          entry(VIDEOS.hotline, 'c', { title: 'A live stream', isLive: true, lengthSeconds: 0, watchProgress: 3_600, timeWatched: 1_699_000_000_000 }),
          { videoId: 'short', timeWatched: 1_700_000_000_000, watchProgress: 3, _id: 'd' },
        ),
      ),
    );
    expect(bundle).toMatchObject({ format: 'FREETUBE_DB', channels: [], playlists: [] });
    expect(bundle.history).toEqual([
      { externalId: VIDEOS.zoo, watchedAt: '2023-11-14T22:28:20.000Z', position: 18, duration: 19, title: 'Me at the zoo' },
      { externalId: VIDEOS.gangnam, watchedAt: '2023-11-14T22:21:40.000Z', position: 100, duration: 252, title: 'PSY - GANGNAM STYLE' },
      // A live stream's progress is no place to resume.
      { externalId: VIDEOS.hotline, watchedAt: '2023-11-03T08:26:40.000Z', title: 'A live stream' },
    ]);
    expect(bundle.skipped).toEqual([{ item: 'short in watch history', reason: SKIP_REASONS.badId }]);
  });

  it('calls a file cut in the middle of a line damaged', async () => {
    const file = ndjson({ name: 'All Channels', subscriptions: [], _id: 'allChannels' }) + '{"name":"Scie';
    await importError(parseImportFile(utf8(file)), 'IMPORT_FILE_INVALID');
  });
});
