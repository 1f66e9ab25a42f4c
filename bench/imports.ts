/**
 * Moving in (issue 16; docs/decisions/016-imports-and-exports.md): how long an import takes and what it costs of the
 * YouTube Data API's quota, against the local stand-in (apps/server/test/support/youtube-stand-in.ts) with the real
 * provider, catalog, services and job, on PostgreSQL (database `sift_bench_imports`, made anew for every run so the
 * catalog starts empty, as on a fresh instance, and dropped at the end unless BENCH_KEEP=1).
 * 1. A Google Takeout subscriptions.csv of 2,000 channels, none stored yet. Target: followed in under 10 s and under
 *    50 units (channels.list takes 50 ids a call).
 * 2. A NewPipe backup zip (newpipe.db made with sql.js) with 10 playlists of 500 videos (5,000 entries) from 100
 *    channels.
 * 3. An Invidious export shaped like the real one of issue 30: 58 channels, a playlist of 49 videos and a watch
 *    history of 24,831 videos from 2,500 channels, none stored yet. Target: ≤ 10 s and ≤ 500 units.
 * Each is run BENCH_RUNS times (default 3), and again on the same data (the idempotent second import). Beside each,
 * the baseline of the same run: the provider's own calls for the same ids alone (no parsing, no database writes),
 * the floor of what the import can cost: channels.list for the channels followed, videos.list for the videos (their
 * channels are stored from the videos' snippets, decisions/052). Wall time is from the upload's bytes to the import's
 * CREATED row.
 * Run: `npx tsx bench/imports.ts` (BENCH_DATABASE_URL / DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/postgres). Rewrites its section of RESULTS.md.
 * `BENCH_ONLY=history` (or `takeout`, `newpipe`, comma-separated) runs those cases alone and prints their rows without
 * touching RESULTS.md (a partial run is not the section): `BENCH_ONLY=history BENCH_RUNS=1 npx tsx bench/imports.ts`.
 */
import { zipSync } from 'fflate';
import os from 'node:os';
import pg from 'pg';
import initSqlJs from 'sql.js';
import { createServices, type Services } from '../apps/server/src/app.js';
import { openDatabase } from '../apps/server/src/infra/db/client.js';
import { createYouTubeProvider } from '../apps/server/src/providers/youtube/index.js';
import { YouTubeStandIn } from '../apps/server/test/support/youtube-stand-in.js';
import { defaultServerUrl, dropDatabase, recreateDatabase, writeSection } from './harness.js';
import { median, percentile } from './stats.js';

const DB = 'sift_bench_imports';
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const ONLY = process.env.BENCH_ONLY ? new Set(process.env.BENCH_ONLY.split(',').map((c) => c.trim())) : null;
const runs = (name: 'takeout' | 'newpipe' | 'history') => ONLY === null || ONLY.has(name);
const CHANNELS = 2000;
const PLAYLISTS = 10;
const PER_PLAYLIST = 500;
const VIDEO_CHANNELS = 100;

const HISTORY = 24_831;
const HISTORY_CHANNELS = 2_500;
const INVIDIOUS_SUBSCRIPTIONS = 58;
const INVIDIOUS_PLAYLIST = 49;

const channelId = (i: number) => `UC${String(i).padStart(22, '0')}`;
const videoId = (i: number) => `n${String(i).padStart(10, '0')}`;

const standIn = new YouTubeStandIn();
await standIn.start();
for (let i = 0; i < CHANNELS; i++) standIn.addChannel({ id: channelId(i), title: `Bench channel ${i}`, subscriberCount: 1000 + i, viewCount: 10_000 });
for (let i = 0; i < PLAYLISTS * PER_PLAYLIST; i++) {
  standIn.addVideo({ id: videoId(i), channelId: channelId(i % VIDEO_CHANNELS), title: `Bench video ${i}`, publishedAt: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(), duration: 'PT7M', viewCount: 10 });
}

const historyChannelId = (i: number) => `UCh${String(i).padStart(21, '0')}`;
const historyVideoId = (i: number) => `h${String(i).padStart(10, '0')}`;
for (let i = 0; i < HISTORY_CHANNELS; i++) standIn.addChannel({ id: historyChannelId(i), title: `History channel ${i}`, subscriberCount: 500 + i, viewCount: 5_000 });
for (let i = 0; i < HISTORY; i++) {
  standIn.addVideo({ id: historyVideoId(i), channelId: historyChannelId(i % HISTORY_CHANNELS), title: `Watched video ${i}`, publishedAt: new Date(Date.UTC(2020, 0, 1) + i * 3_600_000).toISOString(), duration: 'PT11M', viewCount: 1000 });
}

// The files, shaped like the real ones.
const takeoutCsv = Buffer.from(
  'Channel Id,Channel Url,Channel Title\n' +
    Array.from({ length: CHANNELS }, (_, i) => `${channelId(i)},http://www.youtube.com/channel/${channelId(i)},"Bench channel ${i}, the one"`).join('\n') +
    '\n',
);
const SQL = await initSqlJs();
const newpipeDb = new SQL.Database();
newpipeDb.run(`
  CREATE TABLE subscriptions (uid INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL, service_id INTEGER NOT NULL, url TEXT, name TEXT, avatar_url TEXT, subscriber_count INTEGER, description TEXT, notification_mode INTEGER NOT NULL DEFAULT 0);
  CREATE TABLE streams (uid INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL, service_id INTEGER NOT NULL, url TEXT NOT NULL, title TEXT NOT NULL, stream_type TEXT NOT NULL, duration INTEGER NOT NULL, uploader TEXT NOT NULL, uploader_url TEXT, thumbnail_url TEXT);
  CREATE TABLE playlists (uid INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL, name TEXT, is_thumbnail_permanent INTEGER NOT NULL, thumbnail_stream_id INTEGER NOT NULL, display_index INTEGER NOT NULL DEFAULT -1);
  CREATE TABLE playlist_stream_join (playlist_id INTEGER NOT NULL, stream_id INTEGER NOT NULL, join_index INTEGER NOT NULL, PRIMARY KEY(playlist_id, join_index));
`);
const insertStream = newpipeDb.prepare('INSERT INTO streams (service_id, url, title, stream_type, duration, uploader) VALUES (0, ?, ?, ?, 420, ?)');
const insertJoin = newpipeDb.prepare('INSERT INTO playlist_stream_join (playlist_id, stream_id, join_index) VALUES (?, ?, ?)');
newpipeDb.run('BEGIN');
for (let p = 1; p <= PLAYLISTS; p++) {
  newpipeDb.run('INSERT INTO playlists (name, is_thumbnail_permanent, thumbnail_stream_id, display_index) VALUES (?, 0, 0, ?)', [`Bench playlist ${p}`, p]);
  for (let k = 0; k < PER_PLAYLIST; k++) {
    const i = (p - 1) * PER_PLAYLIST + k;
    insertStream.run([`https://www.youtube.com/watch?v=${videoId(i)}`, `Bench video ${i}`, 'VIDEO_STREAM', 'Bench']);
    insertJoin.run([p, i + 1, k]);
  }
}
newpipeDb.run('COMMIT');
const newpipeZip = Buffer.from(zipSync({ 'newpipe.db': newpipeDb.export(), 'newpipe.settings': new Uint8Array(0) }));
newpipeDb.close();

const subscriptionIds = Array.from({ length: INVIDIOUS_SUBSCRIPTIONS }, (_, i) => historyChannelId(i * 7));
// Invidious's export (`/preferences` → export data as JSON): subscriptions, playlists, watch_history (ids, newest first).
const invidiousJson = Buffer.from(
  JSON.stringify({
    subscriptions: subscriptionIds,
    watch_history: Array.from({ length: HISTORY }, (_, i) => historyVideoId(HISTORY - 1 - i)),
    preferences: { locale: 'en-US', dark_mode: 'dark' },
    playlists: [{ title: 'Saved for later', description: '', privacy: 'Private', videos: Array.from({ length: INVIDIOUS_PLAYLIST }, (_, i) => historyVideoId(i * 11)) }],
  }),
);

interface Sample {
  ms: number;
  units: number;
  counts: string;
}

const serverUrl = defaultServerUrl();
const quiet = { warn: () => {}, error: (obj: object, msg: string) => console.error(msg, obj) };

async function freshApp() {
  const url = await recreateDatabase(serverUrl, DB);
  const database = await openDatabase({ databaseUrl: url, pgliteDir: 'memory://' });
  const provider = createYouTubeProvider({ apiKey: 'stand-in-key', apiUrl: standIn.apiUrl, feedsUrl: standIn.feedsUrl, quotaPerDay: 1_000_000, region: 'US' }, database.db, quiet);
  const services = createServices({ db: database.db, provider });
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query<{ id: string }>(`INSERT INTO users (email, first_name, last_name, confirmed_at) VALUES ('bench@example.com', 'Bench', 'Member', now()) RETURNING id`);
  await client.end();
  return { database, provider, services, userId: Number(rows[0]!.id) };
}

/** What the server's onClose does: its jobs stopped, the file readers' threads let go, then the pools closed. */
async function closeApp({ services, database }: Awaited<ReturnType<typeof freshApp>>) {
  await services.jobs.stop();
  await services.imports.close();
  await database.close();
}

/** From the bytes to CREATED: the request's part (reading the file) and the job's, polled every 20 ms. */
async function timedImport(services: Services, userId: number, file: Buffer): Promise<Sample> {
  const units0 = standIn.units;
  const t0 = performance.now();
  const { id } = await services.imports.start(userId, file);
  for (;;) {
    const state = await services.imports.get(id, userId);
    if (state.status === 'FAILED') throw new Error(`import failed: ${state.error}`);
    if (state.status === 'CREATED') {
      const c = state.counts;
      return { ms: performance.now() - t0, units: standIn.units - units0, counts: `${c.channels} channels, ${c.playlists} playlists, ${c.videos} videos${c.history ? `, ${c.history} watched` : ''}` };
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function measure(name: string, file: Buffer, baseline: (app: Awaited<ReturnType<typeof freshApp>>) => Promise<void>) {
  const first: Sample[] = [];
  const again: Sample[] = [];
  const floor: number[] = [];
  const floorUnits: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const app = await freshApp();
    const units0 = standIn.units;
    const f0 = performance.now();
    await baseline(app);
    floor.push(performance.now() - f0);
    floorUnits.push(standIn.units - units0);
    await closeApp(app);
    const measured = await freshApp();
    first.push(await timedImport(measured.services, measured.userId, file));
    again.push(await timedImport(measured.services, measured.userId, file));
    await closeApp(measured);
    console.log(`${name} run ${run + 1}: ${first.at(-1)!.ms.toFixed(0)} ms, ${first.at(-1)!.units} units (${first.at(-1)!.counts}); again ${again.at(-1)!.ms.toFixed(0)} ms, ${again.at(-1)!.units} units; floor ${floor.at(-1)!.toFixed(0)} ms`);
  }
  const row = (label: string, samples: number[], units: number[], extra = '') =>
    `| ${label} | ${median(samples).toFixed(0)} | ${percentile(samples, 99).toFixed(0)} | ${median(units)} | ${extra} |`;
  return [
    row(`${name}: first import`, first.map((s) => s.ms), first.map((s) => s.units), first[0]!.counts),
    row(`${name}: same file again`, again.map((s) => s.ms), again.map((s) => s.units), again[0]!.counts),
    row(`${name}: baseline (the provider's calls alone)`, floor, floorUnits),
  ].join('\n');
}

const channelIds = Array.from({ length: CHANNELS }, (_, i) => channelId(i));
const videoIds = Array.from({ length: PLAYLISTS * PER_PLAYLIST }, (_, i) => videoId(i));
const takeout = !runs('takeout')
  ? ''
  : await measure(`Takeout CSV, ${CHANNELS.toLocaleString('en')} channels`, takeoutCsv, async ({ provider }) => {
      await provider.getChannels(channelIds);
    });
const newpipe = !runs('newpipe')
  ? ''
  : await measure(`NewPipe zip, ${(PLAYLISTS * PER_PLAYLIST).toLocaleString('en')} playlist entries`, newpipeZip, async ({ provider }) => {
      // Their channels are stored from the videos' snippets (decisions/052): videos.list alone.
      await provider.getVideos(videoIds);
    });
const historyIds = Array.from({ length: HISTORY }, (_, i) => historyVideoId(i));
// The history's channels are stored from the videos' snippets (decisions/052): the followed ones alone are asked for.
const invidious = !runs('history')
  ? ''
  : await measure(`Invidious JSON, ${HISTORY.toLocaleString('en')} watched videos`, invidiousJson, async ({ provider }) => {
      await provider.getChannels(subscriptionIds);
      await provider.getVideos(historyIds);
    });
await standIn.stop();
if (process.env.BENCH_KEEP !== '1') await dropDatabase(serverUrl, DB);

const section = `## Imports (issue 16, issue 30)

Measured ${new Date().toISOString().slice(0, 10)} on ${os.cpus().length} cores, PostgreSQL, the YouTube provider against the
local stand-in (in this process), ${RUNS} runs each on a fresh database; the file is ${Math.round(takeoutCsv.length / 1024)} KiB (CSV) and
${Math.round(newpipeZip.length / 1024)} KiB (zip). Wall time from the upload's bytes to the import's CREATED row; units of the Data API.

| Import | median ms | p99 ms | units | made |
|---|---|---|---|---|
${takeout}
${newpipe}
${invidious}

Targets: 2,000 channels followed in under 10 s and under 50 units (issue 16); the history of ${HISTORY.toLocaleString('en')} videos (from
${HISTORY_CHANNELS.toLocaleString('en')} channels, with ${INVIDIOUS_SUBSCRIPTIONS} subscriptions and a playlist of ${INVIDIOUS_PLAYLIST}) in ≤ 10 s and ≤ 500 units (issue 30). The second import of the same file reads
everything from the database (0 units) and adds nothing.`;
if (ONLY !== null) {
  console.log([takeout, newpipe, invidious].filter(Boolean).join('\n'));
} else {
  console.log(section);
  writeSection('## Imports (issue 16, issue 30)', section);
}
process.exit(0);
