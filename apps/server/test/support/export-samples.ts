/**
 * One small file of every format the importer reads, shaped as the app that writes it writes it (the parsers' unit
 * tests hold the details). The hostile-file corpus mutates these.
 */
import { zipSync } from 'fflate';
import initSqlJs from 'sql.js';

const CHANNEL = 'UCsXVk37bltHxD1rDPwtNM8Q';
const OTHER_CHANNEL = 'UCHnyfMqiRRG1u-2MsSQLbXA';
const VIDEO = 'jNQXAC9IVRw';
const channelUrl = (id: string) => `https://www.youtube.com/channel/${id}`;
const watchUrl = (id: string) => `https://www.youtube.com/watch?v=${id}`;
const text = (value: string) => Buffer.from(value, 'utf8');
const json = (value: unknown) => text(JSON.stringify(value, null, 2));

export interface ExportSample {
  name: string;
  bytes: Buffer;
  /** A text format (JSON, CSV, OPML, NDJSON), whose strings a mutation can reach. */
  text: boolean;
}

const takeoutCsv = `Channel Id,Channel Url,Channel Title\n${CHANNEL},http://www.youtube.com/channel/${CHANNEL},Kurzgesagt – In a Nutshell\n${OTHER_CHANNEL},http://www.youtube.com/channel/${OTHER_CHANNEL},Veritasium\n`;
const playlistsCsv = `Playlist ID,Add new videos to top,Playlist title (original),Playlist title (original) language,Playlist create timestamp,Playlist update timestamp,Playlist video order,Playlist visibility\nPLx1,False,Bäume,de,2024-01-02T10:00:00+00:00,2024-01-02T10:00:00+00:00,Manual,Public\n`;
const playlistVideosCsv = `Video ID,Playlist video creation timestamp\n${VIDEO},2024-01-02T10:00:00+00:00\n`;

async function newPipeDb(): Promise<Buffer> {
  const SQL = await initSqlJs();
  const db = new SQL.Database();
  db.run(`
    CREATE TABLE subscriptions (uid INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL, service_id INTEGER NOT NULL, url TEXT, name TEXT);
    CREATE TABLE streams (uid INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL, service_id INTEGER NOT NULL, url TEXT NOT NULL, title TEXT NOT NULL);
    CREATE TABLE playlists (uid INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL, name TEXT, display_index INTEGER NOT NULL DEFAULT -1);
    CREATE TABLE playlist_stream_join (playlist_id INTEGER NOT NULL, stream_id INTEGER NOT NULL, join_index INTEGER NOT NULL, PRIMARY KEY(playlist_id, join_index));
    CREATE TABLE feed_group (uid INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL, name TEXT NOT NULL, icon_id INTEGER NOT NULL, sort_order INTEGER NOT NULL);
    CREATE TABLE feed_group_subscription_join (group_id INTEGER NOT NULL, subscription_id INTEGER NOT NULL, PRIMARY KEY(group_id, subscription_id));
    CREATE TABLE stream_history (stream_id INTEGER NOT NULL, access_date INTEGER NOT NULL, repeat_count INTEGER NOT NULL, PRIMARY KEY(stream_id, access_date));
    CREATE TABLE stream_state (stream_id INTEGER NOT NULL, progress_time INTEGER NOT NULL, PRIMARY KEY(stream_id));
    INSERT INTO subscriptions VALUES (1, 0, '${channelUrl(CHANNEL)}', 'Kurzgesagt – In a Nutshell'), (2, 0, '${channelUrl(OTHER_CHANNEL)}', 'Veritasium');
    INSERT INTO streams VALUES (1, 0, '${watchUrl(VIDEO)}', 'Me at the zoo');
    INSERT INTO playlists VALUES (1, 'Zoo', 0);
    INSERT INTO playlist_stream_join VALUES (1, 1, 0);
    INSERT INTO feed_group VALUES (1, 'Science', 0, 0);
    INSERT INTO feed_group_subscription_join VALUES (1, 1), (1, 2);
    INSERT INTO stream_history VALUES (1, 1700000000000, 2);
    INSERT INTO stream_state VALUES (1, 9000);
  `);
  const bytes = Buffer.from(db.export());
  db.close();
  return bytes;
}

export async function exportSamples(): Promise<ExportSample[]> {
  const newPipe = await newPipeDb();
  return [
    { name: 'Takeout subscriptions.csv', bytes: text(takeoutCsv), text: true },
    {
      name: 'Takeout .zip',
      bytes: Buffer.from(
        zipSync({
          'Takeout/YouTube and YouTube Music/subscriptions/subscriptions.csv': text(takeoutCsv),
          'Takeout/YouTube and YouTube Music/playlists/playlists.csv': text(playlistsCsv),
          'Takeout/YouTube and YouTube Music/playlists/Bäume-videos.csv': text(playlistVideosCsv),
        }),
      ),
      text: false,
    },
    {
      name: 'NewPipe subscriptions JSON',
      bytes: json({ app_version: '0.27.6', app_version_int: 1005, subscriptions: [{ service_id: 0, url: channelUrl(CHANNEL), name: 'Kurzgesagt' }] }),
      text: true,
    },
    { name: 'NewPipe backup .zip', bytes: Buffer.from(zipSync({ 'newpipe.db': newPipe, 'preferences.json': text('{"theme":"dark"}') })), text: false },
    { name: 'bare newpipe.db', bytes: newPipe, text: false },
    {
      name: 'FreeTube profiles.db',
      bytes: text(
        [
          { name: 'All Channels', bgColor: '#000000', textColor: '#FFFFFF', subscriptions: [{ id: CHANNEL, name: 'Kurzgesagt', thumbnail: 'https://yt3.ggpht.com/x' }], _id: 'allChannels' },
          { name: 'Science', bgColor: '#112233', textColor: '#FFFFFF', subscriptions: [{ id: OTHER_CHANNEL, name: 'Veritasium', thumbnail: 'https://yt3.ggpht.com/y' }], _id: 'p1' },
        ]
          .map((record) => JSON.stringify(record))
          .join('\n') + '\n',
      ),
      text: true,
    },
    {
      name: 'FreeTube history.db',
      bytes: text(
        JSON.stringify({ videoId: VIDEO, title: 'Me at the zoo', author: 'jawed', authorId: CHANNEL, published: 1_114_000_000_000, description: '', viewCount: 1, lengthSeconds: 19, watchProgress: 7.5, timeWatched: 1_700_000_000_000, isLive: false, type: 'video', _id: 'h1' }) + '\n',
      ),
      text: true,
    },
    {
      name: 'Takeout watch-history.json',
      bytes: json([
        { header: 'YouTube', title: 'Watched Me at the zoo', titleUrl: watchUrl(VIDEO), subtitles: [{ name: 'jawed', url: channelUrl(CHANNEL) }], time: '2024-03-02T18:04:05.123Z', products: ['YouTube'], activityControls: ['YouTube watch history'] },
        { header: 'YouTube', title: 'Watched an ad', titleUrl: watchUrl(VIDEO), time: '2024-03-02T18:03:05.123Z', products: ['YouTube'], details: [{ name: 'From Google Ads' }], activityControls: ['YouTube watch history'] },
      ]),
      text: true,
    },
    {
      name: 'Takeout watch-history.html',
      bytes: text(
        `<html><head><title>Verlauf</title></head><body><div class="mdl-grid"><div class="outer-cell mdl-cell mdl-cell--12-col mdl-shadow--2dp"><div class="mdl-grid"><div class="header-cell mdl-cell mdl-cell--12-col"><p class="mdl-typography--title">YouTube<br></p></div><div class="content-cell mdl-cell mdl-cell--6-col mdl-typography--body-1">Angesehen&nbsp;<a href="${watchUrl(VIDEO)}">Me at the zoo</a><br><a href="${channelUrl(CHANNEL)}">jawed</a><br>03.01.2024, 22:15:30 MEZ<br></div><div class="content-cell mdl-cell mdl-cell--12-col mdl-typography--caption"><b>Produkte:</b><br>&emsp;YouTube<br></div></div></div></div></body></html>\n`,
      ),
      text: true,
    },
    {
      name: 'Invidious JSON',
      bytes: json({
        subscriptions: [CHANNEL, OTHER_CHANNEL],
        watch_history: [VIDEO],
        preferences: { locale: 'de' },
        playlists: [{ title: 'Öffentlich', description: 'Für alle', privacy: 'Public', videos: [VIDEO] }],
      }),
      text: true,
    },
    {
      name: 'Piped JSON',
      bytes: json({
        format: 'Piped',
        version: 1,
        subscriptions: [{ url: channelUrl(CHANNEL), name: 'Kurzgesagt', service_id: 0 }],
        playlists: [{ name: 'Chill', type: 'playlist', visibility: 'private', videos: [watchUrl(VIDEO)] }],
        groups: [{ name: 'Science', channels: [channelUrl(CHANNEL)] }],
      }),
      text: true,
    },
    {
      name: 'LibreTube JSON',
      bytes: json({
        subscriptions: [{ url: channelUrl(CHANNEL), name: 'Kurzgesagt', avatar: null, verified: false }],
        localPlaylists: [{ playlist: { id: 1, name: 'Later', thumbnailUrl: '' }, videos: [{ id: 1, playlistId: 1, videoId: VIDEO, title: 'Me at the zoo', uploader: 'jawed' }] }],
        groups: [{ name: 'Science', channels: [CHANNEL], index: 0 }],
        watchHistory: [{ videoId: VIDEO, title: 'Me at the zoo', uploader: 'jawed', currentTime: 10 }],
      }),
      text: true,
    },
    {
      name: 'YouTube-JSON subscriptions',
      bytes: json([{ kind: 'youtube#subscription', snippet: { title: 'Kurzgesagt', resourceId: { kind: 'youtube#channel', channelId: CHANNEL } } }]),
      text: true,
    },
    {
      name: 'OPML',
      bytes: text(
        `<?xml version="1.0" encoding="UTF-8"?>\n<opml version="1.1"><body><outline text="YouTube Subscriptions" title="YouTube Subscriptions"><outline text="Kurzgesagt" title="Kurzgesagt" type="rss" xmlUrl="https://www.youtube.com/feeds/videos.xml?channel_id=${CHANNEL}"/></outline></body></opml>\n`,
      ),
      text: true,
    },
  ];
}
