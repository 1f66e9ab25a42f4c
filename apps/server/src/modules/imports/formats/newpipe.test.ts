import { zipSync } from 'fflate';
import initSqlJs from 'sql.js';
import { describe, expect, it } from 'vitest';
import { IMPORT_LIMITS, parseImportFile, SKIP_REASONS } from './index.js';
import { CHANNELS, VIDEOS, importError, utf8 } from './test-support.js';

const youtubeChannel = (id: string): string => `https://www.youtube.com/channel/${id}`;
const watch = (id: string): string => `https://www.youtube.com/watch?v=${id}`;

describe('NewPipe subscriptions JSON', () => {
  it('follows the YouTube channels once, with their Unicode names; other services and repeats are set aside', async () => {
    const file = {
      app_version: '0.27.6',
      app_version_int: 1005,
      subscriptions: [
        { service_id: 0, url: youtubeChannel(CHANNELS.kurzgesagt), name: 'Kurzgesagt – In a Nutshell' },
        { service_id: 0, url: youtubeChannel(CHANNELS.vsauce), name: 'Vsauce 🧠' },
        { service_id: 1, url: 'https://soundcloud.com/some-artist', name: 'Some Artist' },
        { service_id: 0, url: youtubeChannel(CHANNELS.kurzgesagt), name: 'Kurzgesagt – In a Nutshell' },
        { service_id: 0, url: 'https://www.youtube.com/channel/UC-too-short', name: 'ひらがなチャンネル' },
      ],
    };
    const bundle = await parseImportFile(utf8(JSON.stringify(file, null, 2)));
    expect(bundle.format).toBe('NEWPIPE_JSON');
    expect(bundle.channels).toEqual([
      { externalId: CHANNELS.kurzgesagt, name: 'Kurzgesagt – In a Nutshell' },
      { externalId: CHANNELS.vsauce, name: 'Vsauce 🧠' },
    ]);
    expect(bundle.skipped).toEqual([
      { item: 'Some Artist (https://soundcloud.com/some-artist)', reason: SKIP_REASONS.notYouTube },
      { item: `Kurzgesagt – In a Nutshell (${CHANNELS.kurzgesagt})`, reason: SKIP_REASONS.duplicate },
      { item: 'ひらがなチャンネル (https://www.youtube.com/channel/UC-too-short)', reason: SKIP_REASONS.badId },
    ]);
  });
});

/** A NewPipe database with the current schema (Room, NewPipe 0.27), filled as a member's would be. */
async function newPipeDatabase(options: { old?: boolean } = {}): Promise<Uint8Array> {
  const SQL = await initSqlJs();
  const db = new SQL.Database();
  if (options.old) {
    // NewPipe before feed groups and playlist ordering: fewer tables and columns.
    db.run(`
      CREATE TABLE subscriptions (uid INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL, service_id INTEGER NOT NULL, url TEXT, name TEXT, avatar_url TEXT, subscriber_count INTEGER, description TEXT);
      CREATE TABLE streams (uid INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL, service_id INTEGER NOT NULL, url TEXT, title TEXT, stream_type TEXT, duration INTEGER, uploader TEXT, thumbnail_url TEXT);
      CREATE TABLE playlists (uid INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL, name TEXT, thumbnail_url TEXT);
      CREATE TABLE playlist_stream_join (playlist_id INTEGER NOT NULL, stream_id INTEGER NOT NULL, join_index INTEGER NOT NULL, PRIMARY KEY(playlist_id, join_index));
      INSERT INTO subscriptions (service_id, url, name) VALUES (0, '${youtubeChannel(CHANNELS.mkbhd)}', 'Marques Brownlee');
      INSERT INTO streams (service_id, url, title, stream_type, duration, uploader) VALUES (0, '${watch(VIDEOS.zoo)}', 'Me at the zoo', 'VIDEO_STREAM', 19, 'jawed');
      INSERT INTO playlists (name) VALUES ('Alt');
      INSERT INTO playlist_stream_join VALUES (1, 1, 0);
    `);
  } else {
    db.run(`
      CREATE TABLE subscriptions (uid INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL, service_id INTEGER NOT NULL, url TEXT, name TEXT, avatar_url TEXT, subscriber_count INTEGER, description TEXT, notification_mode INTEGER NOT NULL DEFAULT 0);
      CREATE TABLE streams (uid INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL, service_id INTEGER NOT NULL, url TEXT NOT NULL, title TEXT NOT NULL, stream_type TEXT NOT NULL, duration INTEGER NOT NULL, uploader TEXT NOT NULL, uploader_url TEXT, thumbnail_url TEXT, view_count INTEGER, textual_upload_date TEXT, upload_date INTEGER, is_upload_date_approximation INTEGER);
      CREATE TABLE playlists (uid INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL, name TEXT, is_thumbnail_permanent INTEGER NOT NULL, thumbnail_stream_id INTEGER NOT NULL, display_index INTEGER NOT NULL DEFAULT -1);
      CREATE TABLE playlist_stream_join (playlist_id INTEGER NOT NULL, stream_id INTEGER NOT NULL, join_index INTEGER NOT NULL, PRIMARY KEY(playlist_id, join_index));
      CREATE TABLE remote_playlists (uid INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL, service_id INTEGER NOT NULL, name TEXT, url TEXT, thumbnail_url TEXT, uploader TEXT, display_index INTEGER NOT NULL DEFAULT -1, stream_count INTEGER);
      CREATE TABLE feed_group (uid INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL, name TEXT NOT NULL, icon_id INTEGER NOT NULL, sort_order INTEGER NOT NULL);
      CREATE TABLE feed_group_subscription_join (group_id INTEGER NOT NULL, subscription_id INTEGER NOT NULL, PRIMARY KEY(group_id, subscription_id));
      CREATE TABLE stream_history (stream_id INTEGER NOT NULL, access_date INTEGER NOT NULL, repeat_count INTEGER NOT NULL, PRIMARY KEY(stream_id, access_date));
      CREATE TABLE stream_state (stream_id INTEGER NOT NULL, progress_time INTEGER NOT NULL, PRIMARY KEY(stream_id));
      CREATE TABLE search_history (id INTEGER PRIMARY KEY AUTOINCREMENT, creation_date INTEGER, service_id INTEGER NOT NULL, search TEXT);

      INSERT INTO subscriptions (service_id, url, name) VALUES
        (0, '${youtubeChannel(CHANNELS.kurzgesagt)}', 'Kurzgesagt – In a Nutshell'),
        (1, 'https://soundcloud.com/some-artist', 'Some Artist'),
        (0, '${youtubeChannel(CHANNELS.veritasium)}', 'Veritasium'),
        (0, '${youtubeChannel(CHANNELS.vsauce)}', 'Vsauce');
      INSERT INTO streams (service_id, url, title, stream_type, duration, uploader) VALUES
        (0, '${watch(VIDEOS.gangnam)}', 'PSY - GANGNAM STYLE', 'VIDEO_STREAM', 252, 'officialpsy'),
        (0, '${watch(VIDEOS.zoo)}', 'Me at the zoo', 'VIDEO_STREAM', 19, 'jawed'),
        (1, 'https://soundcloud.com/some-artist/a-track', 'A track', 'AUDIO_STREAM', 200, 'Some Artist'),
        (0, 'https://www.youtube.com/shorts/${VIDEOS.hotline}', 'Hotline Bling (short)', 'VIDEO_STREAM', 30, 'Drake'),
        (0, '${watch(VIDEOS.despacito)}', 'A live stream', 'LIVE_STREAM', 0, 'Someone');
      -- The member put "Music" before "Later" (display_index), though it was made after.
      INSERT INTO playlists (name, is_thumbnail_permanent, thumbnail_stream_id, display_index) VALUES ('Later', 0, 2, 1), ('Music', 0, 1, 0);
      INSERT INTO playlist_stream_join VALUES (1, 2, 1), (1, 1, 0), (2, 1, 0), (2, 3, 1), (2, 4, 2), (2, 1, 3);
      INSERT INTO remote_playlists (service_id, name, url, uploader) VALUES (0, 'Lofi hip hop', 'https://www.youtube.com/playlist?list=PLOzDu-MXXLliO9fBNZOQTBDddoA3FzZUo', 'Lofi Girl');
      INSERT INTO feed_group (name, icon_id, sort_order) VALUES ('Science', 3, 0), ('Audio', 5, 1);
      INSERT INTO feed_group_subscription_join VALUES (1, 3), (1, 1), (2, 2);
      -- Gangnam watched, the zoo watched twice (NewPipe keeps a row per access date), a SoundCloud track, a live stream,
      -- and a row whose stream is gone.
      INSERT INTO stream_history VALUES (1, 1700000000000, 1), (2, 1700000001000, 2), (2, 1700000002000, 1), (3, 1700000003000, 1), (5, 1699000000000, 1), (99, 1700000004000, 1);
      INSERT INTO stream_state VALUES (1, 61500), (2, 12000), (5, 3600000);
    `);
  }
  const bytes = db.export();
  db.close();
  return bytes;
}

describe('NewPipe backup .zip', () => {
  it('reads channels, playlists in their order, and channel groups as sifts out of newpipe.db', async () => {
    const zip = zipSync({
      'newpipe.db': await newPipeDatabase(),
      // Java-serialized preferences and their JSON successor: neither is read.
      'newpipe.settings': new Uint8Array([0xac, 0xed, 0x00, 0x05, 0x73, 0x72]),
      'preferences.json': utf8(JSON.stringify({ theme: 'dark_theme', default_resolution: '720p' })),
    });
    const bundle = await parseImportFile(zip);
    expect(bundle.format).toBe('NEWPIPE_ZIP');
    expect(bundle.channels).toEqual([
      { externalId: CHANNELS.kurzgesagt, name: 'Kurzgesagt – In a Nutshell' },
      { externalId: CHANNELS.veritasium, name: 'Veritasium' },
      { externalId: CHANNELS.vsauce, name: 'Vsauce' },
    ]);
    expect(bundle.playlists).toEqual([
      {
        name: 'Music',
        videos: [
          { externalId: VIDEOS.gangnam, title: 'PSY - GANGNAM STYLE' },
          { externalId: VIDEOS.hotline, title: 'Hotline Bling (short)' },
        ],
      },
      {
        name: 'Later',
        videos: [
          { externalId: VIDEOS.gangnam, title: 'PSY - GANGNAM STYLE' },
          { externalId: VIDEOS.zoo, title: 'Me at the zoo' },
        ],
      },
    ]);
    expect(bundle.sifts).toEqual([
      {
        name: 'Science',
        channels: [
          { externalId: CHANNELS.kurzgesagt, name: 'Kurzgesagt – In a Nutshell' },
          { externalId: CHANNELS.veritasium, name: 'Veritasium' },
        ],
      },
    ]);
    expect(bundle.skipped).toEqual([
      { item: 'Some Artist (https://soundcloud.com/some-artist)', reason: SKIP_REASONS.notYouTube },
      { item: 'A track (https://soundcloud.com/some-artist/a-track) in playlist "Music"', reason: SKIP_REASONS.notYouTube },
      { item: 'PSY - GANGNAM STYLE (9bZkp7q19f0) in playlist "Music"', reason: SKIP_REASONS.duplicate },
      { item: 'Lofi hip hop (https://www.youtube.com/playlist?list=PLOzDu-MXXLliO9fBNZOQTBDddoA3FzZUo)', reason: SKIP_REASONS.bookmarkedPlaylist },
      // The group of SoundCloud channels only.
      { item: 'Audio', reason: SKIP_REASONS.emptyGroup },
      { item: 'Watch history: 1 video of another service', reason: SKIP_REASONS.notYouTube },
    ]);
    // Newest first, each video once at its latest access; positions from stream_state (ms), lengths from streams (s).
    expect(bundle.history).toEqual([
      { externalId: VIDEOS.zoo, watchedAt: '2023-11-14T22:13:22.000Z', position: 12, duration: 19, title: 'Me at the zoo' },
      { externalId: VIDEOS.gangnam, watchedAt: '2023-11-14T22:13:20.000Z', position: 62, duration: 252, title: 'PSY - GANGNAM STYLE' },
      // A live stream: no length, and its progress is no place to resume.
      { externalId: VIDEOS.despacito, watchedAt: '2023-11-03T08:26:40.000Z', title: 'A live stream' },
    ]);
  });

  it('reads an older database without feed groups, playlist order or bookmarks', async () => {
    const bundle = await parseImportFile(zipSync({ 'newpipe.db': await newPipeDatabase({ old: true }) }));
    expect(bundle).toEqual({
      format: 'NEWPIPE_ZIP',
      channels: [{ externalId: CHANNELS.mkbhd, name: 'Marques Brownlee' }],
      playlists: [{ name: 'Alt', videos: [{ externalId: VIDEOS.zoo, title: 'Me at the zoo' }] }],
      sifts: [],
      history: [],
      skipped: [],
    });
  });

  it('reads a history of more rows than it steps through from its newest end, and says how many it left', async () => {
    const SQL = await initSqlJs();
    const db = new SQL.Database();
    db.run(`
      CREATE TABLE subscriptions (uid INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL, service_id INTEGER NOT NULL, url TEXT, name TEXT);
      CREATE TABLE streams (uid INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL, service_id INTEGER NOT NULL, url TEXT NOT NULL, title TEXT NOT NULL, stream_type TEXT NOT NULL, duration INTEGER NOT NULL);
      CREATE TABLE stream_history (stream_id INTEGER NOT NULL, access_date INTEGER NOT NULL, repeat_count INTEGER NOT NULL, PRIMARY KEY(stream_id, access_date));
      INSERT INTO streams (service_id, url, title, stream_type, duration) VALUES
        (0, '${watch(VIDEOS.zoo)}', 'Me at the zoo', 'VIDEO_STREAM', 19),
        (0, '${watch(VIDEOS.gangnam)}', 'PSY - GANGNAM STYLE', 'VIDEO_STREAM', 252);
    `);
    // Far more rows than any backup: the zoo's many old ones first, then Gangnam's, the newest.
    const rows = 2 * IMPORT_LIMITS.maxHistory + 5;
    db.run('BEGIN');
    const insert = db.prepare('INSERT INTO stream_history VALUES (?, ?, 1)');
    for (let i = 0; i < rows; i++) insert.run([i < 5 ? 1 : 2, 1_600_000_000_000 + i * 1000]);
    insert.free();
    db.run('COMMIT');
    const bytes = db.export();
    db.close();
    const bundle = await parseImportFile(bytes);
    expect(bundle.history).toEqual([{ externalId: VIDEOS.gangnam, watchedAt: new Date(1_600_000_000_000 + (rows - 1) * 1000).toISOString(), duration: 252, title: 'PSY - GANGNAM STYLE' }]);
    expect(bundle.skipped).toEqual([{ item: 'Watch history: 5 more videos', reason: SKIP_REASONS.historyOver }]);
  });

  it('reads a bare newpipe.db uploaded without its zip', async () => {
    const bundle = await parseImportFile(await newPipeDatabase({ old: true }));
    expect(bundle.format).toBe('NEWPIPE_ZIP');
    expect(bundle.channels).toHaveLength(1);
  });

  it('calls a damaged database invalid', async () => {
    const real = await newPipeDatabase();
    // The SQLite header survives; the pages after it are overwritten.
    const damaged = real.slice();
    damaged.fill(0x5a, 100);
    const error = await importError(parseImportFile(zipSync({ 'newpipe.db': damaged })), 'IMPORT_FILE_INVALID');
    expect(error.message).toMatch(/NewPipe database .* damaged/);
  });

  it('does not take another SQLite database for a NewPipe one', async () => {
    const SQL = await initSqlJs();
    const db = new SQL.Database();
    db.run('CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)');
    const bytes = db.export();
    db.close();
    await importError(parseImportFile(zipSync({ 'newpipe.db': bytes })), 'IMPORT_FORMAT_UNKNOWN');
  });
});
