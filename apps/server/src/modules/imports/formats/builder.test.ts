import { zipSync } from 'fflate';
import initSqlJs from 'sql.js';
import { describe, expect, it } from 'vitest';
import { textProblem } from '../../../infra/text/storable-text.js';
import type { ImportBundle } from './bundle.js';
import { parseImportFile } from './index.js';
import { CHANNELS, VIDEOS, utf8 } from './test-support.js';

const NUL = '\u0000';
const LONE = '\ud800';

/** Every string of the bundle, keys included, with where it is. */
function strings(value: unknown, path = ''): Array<[string, string]> {
  if (typeof value === 'string') return [[path, value]];
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, item]) => [[`${path}.${key}`, key] as [string, string], ...strings(item, `${path}.${key}`)]);
}

function expectStorable(bundle: ImportBundle): void {
  const bad = strings(bundle).filter(([, text]) => textProblem(text) !== null);
  expect(bad, 'strings PostgreSQL would refuse').toEqual([]);
}

/** JSON.stringify writes both as escapes (`\u0000`, `\ud800`), as a hostile or broken export would. */
const json = (value: unknown) => utf8(JSON.stringify(value));
const dirty = (text: string) => `${text}${NUL}${LONE}`;

describe('text from a file enters the bundle storable: no NUL, no lone surrogate (issue 28)', () => {
  it.each([
    [
      'Piped',
      {
        format: 'Piped',
        version: 1,
        playlists: [{ name: dirty('Mix'), type: 'playlist', visibility: 'private', videos: [`https://youtube.com/watch?v=${VIDEOS.zoo}`, `https://youtube.com/watch?v=${LONE}`] }],
        subscriptions: [{ url: `https://www.youtube.com/channel/${CHANNELS.vsauce}`, name: dirty('Vsauce'), service_id: 0 }],
      },
    ],
    [
      'Invidious',
      {
        subscriptions: [CHANNELS.vsauce, `${CHANNELS.mkbhd}${NUL}`],
        watch_history: [],
        preferences: {},
        playlists: [{ title: dirty('Mix'), description: dirty('words'), privacy: 'Private', videos: [VIDEOS.zoo, `${NUL}${VIDEOS.rickroll}`] }],
      },
    ],
    ['NewPipe', { app_version: '0.27.6', app_version_int: 1005, subscriptions: [{ service_id: 0, url: `https://www.youtube.com/channel/${CHANNELS.vsauce}`, name: dirty('Vsauce') }, { service_id: 0, url: dirty('x'), name: LONE }] }],
    [
      'Sift',
      {
        format: 'Sift',
        version: 1,
        follows: { channels: [{ externalId: CHANNELS.vsauce, name: dirty('Vsauce') }], sifts: [{ hash: dirty('h'), name: dirty('Theirs') }] },
        playlists: [{ name: dirty('Mix'), description: NUL, videos: [{ externalId: VIDEOS.zoo, title: dirty('Zoo') }] }],
        sifts: [{ name: dirty('Mine'), category: dirty('Science'), keywords: { all: [dirty('tide')], any: [NUL], none: [] }, channels: [{ externalId: CHANNELS.vsauce, name: LONE }] }],
      },
    ],
  ])('%s JSON with \\u0000 and \\ud800 in its strings', async (_format, file) => {
    const bundle = await parseImportFile(json(file));
    expectStorable(bundle);
    // Names keep their text: NULs dropped, a lone surrogate shown as U+FFFD (as a UTF-8 decoder shows a bad byte).
    const names = [...bundle.channels.map((c) => c.name), ...bundle.playlists.map((p) => p.name), ...bundle.sifts.map((s) => s.name)];
    expect(names.filter((name) => name?.startsWith('Vsauce') || name?.startsWith('Mix') || name === 'Mine\uFFFD')).not.toEqual([]);
    for (const name of names) if (name?.startsWith('Vsauce')) expect(name).toBe('Vsauce\uFFFD');
  });

  it('FreeTube lines, and keywords that are nothing but NULs are dropped', async () => {
    const lines = [
      { _id: 'p1', profileName: dirty('Science'), name: dirty('Science'), bgColor: '#000', textColor: '#fff', subscriptions: [{ id: CHANNELS.vsauce, name: dirty('Vsauce'), thumbnail: '' }] },
      { _id: 'allChannels', name: 'All Channels', bgColor: '#000', textColor: '#fff', subscriptions: [{ id: CHANNELS.vsauce, name: dirty('Vsauce'), thumbnail: '' }] },
    ];
    const bundle = await parseImportFile(utf8(lines.map((line) => JSON.stringify(line)).join('\n') + '\n'));
    expect(bundle.format).toBe('FREETUBE_DB');
    expectStorable(bundle);
    expect(bundle.channels).toEqual([{ externalId: CHANNELS.vsauce, name: 'Vsauce\uFFFD' }]);

    const sift = await parseImportFile(json({ format: 'Sift', version: 1, sifts: [{ name: `${NUL} `, keywords: { all: [NUL, 'tide'], any: [], none: [] }, channels: [] }] }));
    expect(sift.sifts).toEqual([expect.objectContaining({ name: 'Imported sift', keywords: { all: ['tide'], any: [], none: [] } })]);
  });

  it('watch-history titles and ids (FreeTube history.db, Takeout watch-history.json)', async () => {
    const line = { videoId: VIDEOS.zoo, title: dirty('Zoo'), timeWatched: 1_700_000_000_000, watchProgress: 3, lengthSeconds: 19, _id: 'h' };
    const freeTube = await parseImportFile(utf8(JSON.stringify(line) + '\n' + JSON.stringify({ ...line, videoId: `${VIDEOS.gangnam}${NUL}`, _id: 'i' }) + '\n'));
    expectStorable(freeTube);
    expect(freeTube.history).toEqual([{ externalId: VIDEOS.zoo, watchedAt: '2023-11-14T22:13:20.000Z', position: 3, duration: 19, title: 'Zoo\uFFFD' }]);
    const takeout = await parseImportFile(json([{ header: 'YouTube', title: dirty('Watched Zoo'), titleUrl: `https://www.youtube.com/watch?v=${VIDEOS.zoo}`, time: dirty('2024') }]));
    expectStorable(takeout);
    expect(takeout.history).toEqual([{ externalId: VIDEOS.zoo, title: 'Zoo\uFFFD' }]);
  });

  it('a NewPipe database whose names hold a NUL or a lone surrogate (CESU-8 bytes)', async () => {
    const SQL = await initSqlJs();
    const db = new SQL.Database();
    db.run(`
      CREATE TABLE subscriptions (uid INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL, service_id INTEGER NOT NULL, url TEXT, name TEXT);
      CREATE TABLE streams (uid INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL, service_id INTEGER NOT NULL, url TEXT, title TEXT);
      CREATE TABLE playlists (uid INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL, name TEXT);
      CREATE TABLE playlist_stream_join (playlist_id INTEGER NOT NULL, stream_id INTEGER NOT NULL, join_index INTEGER NOT NULL, PRIMARY KEY(playlist_id, join_index));
      INSERT INTO subscriptions (service_id, url, name) VALUES (0, 'https://www.youtube.com/channel/${CHANNELS.vsauce}', CAST(X'5673617563650042' AS TEXT));
      INSERT INTO streams (service_id, url, title) VALUES (0, 'https://www.youtube.com/watch?v=${VIDEOS.zoo}', CAST(X'5A6F6FEDA080' AS TEXT));
      INSERT INTO playlists (name) VALUES (CAST(X'004D6978EDA080' AS TEXT));
      INSERT INTO playlist_stream_join VALUES (1, 1, 0);
    `);
    const bytes = db.export();
    db.close();
    const bundle = await parseImportFile(zipSync({ 'newpipe.db': bytes }));
    expect(bundle.format).toBe('NEWPIPE_ZIP');
    expectStorable(bundle);
    expect(bundle.channels.map((c) => c.externalId)).toEqual([CHANNELS.vsauce]);
    expect(bundle.playlists.map((p) => p.videos.map((v) => v.externalId))).toEqual([[VIDEOS.zoo]]);
  });
});

describe('text from a file enters the bundle bounded: a long name costs the bundle 200 characters, not megabytes', () => {
  const HUGE = 'N'.repeat(1_000_000);
  /** The longest string of the bundle. */
  const longest = (bundle: ImportBundle) => Math.max(...strings(bundle).map(([, text]) => text.length));

  it('names, titles and skipped items of a Piped file are cut to 200 characters, descriptions to 5,000', async () => {
    const bundle = await parseImportFile(
      json({
        format: 'Piped',
        version: 1,
        playlists: [{ name: HUGE, type: 'playlist', visibility: 'private', videos: [`https://youtube.com/watch?v=${VIDEOS.zoo}`, `not a video ${HUGE}`] }],
        subscriptions: [
          { url: `https://www.youtube.com/channel/${CHANNELS.vsauce}`, name: HUGE, service_id: 0 },
          { url: `https://www.youtube.com/channel/nope`, name: HUGE, service_id: 0 },
        ],
      }),
    );
    expect(longest(bundle)).toBeLessThanOrEqual(200);
    expect(bundle.channels[0]?.name).toBe(`${'N'.repeat(199)}…`);
    expect(bundle.playlists[0]?.name).toHaveLength(200);
    expect(bundle.skipped.map((s) => s.item.length)).toEqual([200, 200]);
  });

  it('a cut never splits a character of two UTF-16 units (an emoji at the 200th character)', async () => {
    const name = `${'a'.repeat(198)}😀😀😀`;
    const bundle = await parseImportFile(json({ format: 'Piped', version: 1, playlists: [], subscriptions: [{ url: `https://www.youtube.com/channel/${CHANNELS.vsauce}`, name, service_id: 0 }] }));
    expectStorable(bundle);
    expect(bundle.channels[0]?.name).toBe(`${'a'.repeat(198)}…`);
  });
});
