/**
 * Keeping up with 1,000 YouTube channels (issue 15; docs/decisions/015-youtube.md). On its own PostgreSQL database
 * `sift_bench_youtube` (created, and dropped at the end unless BENCH_KEEP=1), against the local stand-in of the Data
 * API and the channel feed (apps/server/test/support/youtube-stand-in.ts), with the real provider, catalog and jobs:
 * 1. 1,000 channels at the stand-in with 15 uploads each, stored in the catalog, all followed by one member;
 * 2. refresh cycles exactly as production runs them: a tick every 5 minutes (`queueDueRefreshes`, which claims a
 *    third of the channels) whose jobs (groups of 500) run to the end, 3 ticks a cycle; before
 *    each cycle the stand-in publishes BENCH_UPLOADS_PER_DAY / 96 new uploads on random channels;
 * 3. for each cycle: wall time (sum of the ticks' times), Data API units spent, feed requests and 304s; the
 *    per-tick p50 / p99; and the baseline of the same run: the 1,000 feeds read alone with the same concurrency
 *    (no database, no parsing): the floor of a cycle.
 * The stand-in runs in this process, so its own work (writing 1,000 feeds) is counted in the wall time: the figure
 * is pessimistic. Each feed answer is delayed BENCH_FEED_DELAY_MS (default 150 ms, a real feed's typical time).
 * Run: `npx tsx bench/youtube-refresh.ts` (BENCH_DATABASE_URL / DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/postgres). Rewrites its section of RESULTS.md.
 */
import os from 'node:os';
import pLimit from 'p-limit';
import pg from 'pg';
import { createServices } from '../apps/server/src/app.js';
import { openDatabase } from '../apps/server/src/infra/db/client.js';
import { queueDueRefreshes, RECENT_REFRESH, REFRESH_GROUP, refreshTickMinutes, registerNewVideoJobs } from '../apps/server/src/jobs/new-videos.js';
import { mulberry32 } from '../apps/server/src/providers/demo/catalog.js';
import { createYouTubeProvider } from '../apps/server/src/providers/youtube/index.js';
import { YouTubeStandIn } from '../apps/server/test/support/youtube-stand-in.js';
import { defaultServerUrl, dropDatabase, recreateDatabase, writeSection } from './harness.js';
import { median, percentile } from './stats.js';

const DB = 'sift_bench_youtube';
const CHANNELS = Number(process.env.BENCH_CHANNELS ?? 1000);
const UPLOADS = 15;
const REFRESH_MINUTES = 15;
const TICK_MINUTES = refreshTickMinutes(REFRESH_MINUTES);
const CYCLES = Number(process.env.BENCH_CYCLES ?? 4);
const UPLOADS_PER_DAY = Number(process.env.BENCH_UPLOADS_PER_DAY ?? CHANNELS); // one upload a channel a day
const FEED_DELAY_MS = Number(process.env.BENCH_FEED_DELAY_MS ?? 150);
const QUOTA = 10_000;
const CYCLES_PER_DAY = (24 * 60) / REFRESH_MINUTES;

const channelId = (i: number) => `UC${String(i).padStart(22, '0')}`;
let videoSequence = 0;
const nextVideoId = () => `b${String(++videoSequence).padStart(10, '0')}`;

const serverUrl = defaultServerUrl();
const standIn = new YouTubeStandIn();
await standIn.start();
const url = await recreateDatabase(serverUrl, DB);
const database = await openDatabase({ databaseUrl: url, pgliteDir: 'memory://' });
const quiet = { warn: () => {}, error: (obj: object, msg: string) => console.error(msg, obj) };
const provider = createYouTubeProvider({ apiKey: 'stand-in-key', apiUrl: standIn.apiUrl, feedsUrl: standIn.feedsUrl, quotaPerDay: QUOTA, region: 'US' }, database.db, quiet);
const services = createServices({ db: database.db, provider });
await registerNewVideoJobs(services, { refreshMinutes: REFRESH_MINUTES });

// 1. The channels, their uploads at the stand-in and in the catalog, and one member following them all.
const start = Date.now() - 30 * 86_400_000;
const channels = Array.from({ length: CHANNELS }, (_, i) => channelId(i));
for (const [i, id] of channels.entries()) {
  standIn.addChannel({ id, title: `Bench channel ${i}`, subscriberCount: 1000 + i, viewCount: 10_000 });
  for (let k = 0; k < UPLOADS; k++) {
    standIn.addVideo({ id: nextVideoId(), channelId: id, title: `Upload ${k} of ${i}`, publishedAt: new Date(start + k * 86_400_000 + i * 1000).toISOString(), duration: 'PT7M', viewCount: 10 });
  }
}
const stored = await provider.getChannels(channels);
const setupLimit = pLimit(16);
const uploads = (await Promise.all(channels.map((id) => setupLimit(() => provider.listChannelVideos(id))))).flatMap((page) => page.videos);
await services.catalog.importCatalog('youtube', stored, uploads);
const client = new pg.Client({ connectionString: url });
await client.connect();
const { rows: users } = await client.query<{ id: string }>(
  `INSERT INTO users (email, first_name, last_name, confirmed_at) VALUES ('bench@example.com', 'Bench', 'Member', now()) RETURNING id`,
);
await client.query(`INSERT INTO subscriptions (user_id, channel_id, frequency) SELECT $1, id, 'NONE' FROM channels`, [users[0]!.id]);
console.log(`seeded ${stored.length} channels, ${uploads.length} uploads (setup spent ${standIn.units} units)`);
standIn.feedDelayMs = FEED_DELAY_MS;

// 3 (baseline). The feeds alone, same concurrency as a refresh (8), no database.
const feedLimit = pLimit(8);
const baseline0 = performance.now();
await Promise.all(channels.map((id) => feedLimit(() => fetch(`${standIn.feedsUrl}?channel_id=${id}`).then((r) => r.text()))));
const baselineMs = performance.now() - baseline0;
standIn.resetCounters();

// 2. Cycles of 15 one-minute ticks, time advancing a minute per tick.
const random = mulberry32(15);
// Everything stored at seeding is due at the first tick.
let now = Date.now() + REFRESH_MINUTES * 60_000;
const tickMs: number[] = [];
const cycles: Array<{ wallMs: number; units: number; feeds: number; notModified: number; newVideos: number; refreshed: number }> = [];
for (let cycle = 0; cycle < CYCLES; cycle++) {
  const published = Math.round(UPLOADS_PER_DAY / CYCLES_PER_DAY);
  for (let n = 0; n < published; n++) {
    standIn.addVideo({ id: nextVideoId(), channelId: channels[Math.floor(random() * CHANNELS)]!, title: `New upload ${cycle}.${n}`, publishedAt: new Date(now).toISOString(), duration: 'PT5M', viewCount: 1 });
  }
  standIn.resetCounters();
  const before = Number((await client.query<{ n: string }>('SELECT count(*) AS n FROM videos')).rows[0]!.n);
  let wallMs = 0;
  let refreshed = 0;
  for (let tick = 0; tick < REFRESH_MINUTES / TICK_MINUTES; tick++) {
    now += TICK_MINUTES * 60_000;
    const t0 = performance.now();
    refreshed += await queueDueRefreshes(services, { refreshMinutes: REFRESH_MINUTES }, new Date(now));
    await services.jobs.drain();
    const ms = performance.now() - t0;
    tickMs.push(ms);
    wallMs += ms;
  }
  const after = Number((await client.query<{ n: string }>('SELECT count(*) AS n FROM videos')).rows[0]!.n);
  cycles.push({ wallMs, units: standIn.units, feeds: standIn.feedRequests, notModified: standIn.feedNotModified, newVideos: after - before, refreshed });
  console.log(`cycle ${cycle + 1}: ${refreshed} channels in ${(wallMs / 1000).toFixed(1)} s, ${standIn.units} units, ${standIn.feedRequests} feeds (${standIn.feedNotModified} not modified), ${after - before} new videos`);
}

// Steady state: every cycle after the first (the first reads each feed without validators).
const steady = cycles.slice(1);
const unitsPerCycle = steady.reduce((sum, c) => sum + c.units, 0) / Math.max(1, steady.length);
const refreshUnitsPerDay = unitsPerCycle * CYCLES_PER_DAY;
const recentUnitsPerDay = (24 / RECENT_REFRESH.everyHours) * Math.ceil(Math.min(RECENT_REFRESH.limit, (UPLOADS_PER_DAY * RECENT_REFRESH.days)) / 50);
const worstWall = Math.max(...cycles.map((c) => c.wallMs));
const load = os.loadavg().map((l) => l.toFixed(2)).join(' ');
const f1 = (n: number) => n.toFixed(1);

const section = `## YouTube refresh (issue 15)

${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} cores, load ${load}. \`npx tsx bench/youtube-refresh.ts\`: ${CHANNELS} followed
channels on PostgreSQL 15, the real provider, catalog and jobs against the local stand-in of the Data API and the
channel feed (in this process: its work counts in the wall time), feeds answered after ${FEED_DELAY_MS} ms,
${UPLOADS_PER_DAY} new uploads a day spread over random channels, \`CHANNEL_REFRESH_MINUTES=${REFRESH_MINUTES}\` (a claim
every ${TICK_MINUTES} minutes, ${REFRESH_GROUP} channels a job).

| Cycle | Channels refreshed | Wall time | Data API units | Feed requests | 304 Not Modified | New videos |
|---|---|---|---|---|---|---|
${cycles.map((c, i) => `| ${i + 1}${i === 0 ? ' (no validators yet)' : ''} | ${c.refreshed} | ${f1(c.wallMs / 1000)} s | ${c.units} | ${c.feeds} | ${c.notModified} | ${c.newVideos} |`).join('\n')}

- One tick (${TICK_MINUTES} minutes' share, jobs drained): p50 ${f1(median(tickMs))} ms, p99 ${f1(percentile(tickMs, 99))} ms.
- Baseline of the same run: the ${CHANNELS} feeds read alone, 8 at a time, no database: ${f1(baselineMs / 1000)} s.
- **Units a day**: ${f1(unitsPerCycle)} a cycle × ${CYCLES_PER_DAY} cycles = **${Math.round(refreshUnitsPerDay)}** for the refresh, plus at most
  ${recentUnitsPerDay} for the slow refresh of recent videos (every ${RECENT_REFRESH.everyHours} h, the last ${RECENT_REFRESH.days} days):
  ${f1(((refreshUnitsPerDay + recentUnitsPerDay) / QUOTA) * 100)}% of the ${QUOTA}-unit quota (target ≤ 10%).
- **Wall time of a cycle**: at most ${f1(worstWall / 1000)} s for ${CHANNELS} channels (target < 60 s).
`;
console.log(section);
writeSection('## YouTube refresh (issue 15)', section);

await client.end();
await services.jobs.stop();
await database.close();
await standIn.stop();
if (!process.env.BENCH_KEEP) await dropDatabase(serverUrl, DB);
