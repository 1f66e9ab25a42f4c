/**
 * A 5,000-video playlist (issue 5), on PostgreSQL in its own database `sift_bench_playlists` (dropped afterwards):
 * 1. page load over HTTP against the built server: GET /api/playlists/{id} + the first page of its videos, and a
 *    page deep in the list by cursor; p50/p99 against the baseline request of catalog-at-scale (the message bar);
 * 2. moves: PUT /api/playlists/{id}/videos moving random entries to random places — the rows each one wrote (rows
 *    of playlist_items whose xmin changed) and its latency; then the worst case, 60 moves into the same gap, which
 *    ends in one renumbering of the whole playlist.
 * Run with `npx tsx bench/playlist.ts` after `npm run build` (BENCH_DATABASE_URL / DATABASE_URL picks the server).
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { createServices } from '../apps/server/src/app.js';
import { openDatabase } from '../apps/server/src/infra/db/client.js';
import { DemoProvider } from '../apps/server/src/providers/demo/demo-provider.js';
import { admin, databaseUrl, defaultServerUrl, dropDatabase } from './harness.js';
import { median, percentile } from './stats.js';

const BENCH_DB = 'sift_bench_playlists';
const SIZE = 5_000;
const PORT = 8515;

export interface PlaylistBenchResult {
  size: number;
  http: { name: string; p50: number; p99: number }[];
  moves: { count: number; rowsWrittenMedian: number; rowsWrittenMax: number; p50: number; p99: number };
  sameGap: { moves: number; rowsWrittenTotal: number; renumberings: number };
}

/** A member, a channel, 5,000 videos and one playlist holding all of them (gapped positions, as adds leave them). */
async function seed(url: string): Promise<{ token: string; playlistId: number }> {
  const database = await openDatabase({ databaseUrl: url, pgliteDir: 'memory://' });
  const services = createServices({ db: database.db, provider: new DemoProvider({ now: new Date() }) });
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const user = await client.query<{ id: string }>(
      `INSERT INTO users (email, first_name, last_name, confirmed_at, onboarded) VALUES ('bench@example.com', 'Bench', 'Mark', now(), true) RETURNING id`,
    );
    const userId = Number(user.rows[0]!.id);
    const channel = await client.query<{ id: string }>(
      `INSERT INTO channels (provider, external_id, name, thumbnail) VALUES ('demo', 'UCbenchplaylists', 'Bench', '/media/avatars/x.svg') RETURNING id`,
    );
    await client.query(
      `INSERT INTO videos (provider, external_id, channel_id, title, published_at, thumbnail)
       SELECT 'demo', 'bp' || lpad(i::text, 8, '0'), $1, 'Bench video ' || i, now() - i * interval '1 minute', '/media/thumbnails/x.svg'
       FROM generate_series(1, $2) i`,
      [channel.rows[0]!.id, SIZE],
    );
    const playlist = await client.query<{ id: string }>(`INSERT INTO playlists (owner_id, name) VALUES ($1, 'Five thousand') RETURNING id`, [userId]);
    const playlistId = Number(playlist.rows[0]!.id);
    await client.query(
      `INSERT INTO playlist_items (playlist_id, video_id, position)
       SELECT $1, id, row_number() OVER (ORDER BY id) * 1024 FROM videos WHERE channel_id = $2`,
      [playlistId, channel.rows[0]!.id],
    );
    await client.query(`UPDATE playlists SET number_of_videos = $2 WHERE id = $1`, [playlistId, SIZE]);
    await client.query('ANALYZE');
    const token = await services.tokens.issue(userId, 'session');
    return { token, playlistId };
  } finally {
    await client.end();
    await database.close();
  }
}

/** The entries' row versions: a row an UPDATE wrote has a new xmin. */
async function versions(client: pg.Client, playlistId: number): Promise<Map<string, string>> {
  const { rows } = await client.query<{ id: string; xmin: string }>('SELECT id, xmin::text FROM playlist_items WHERE playlist_id = $1', [playlistId]);
  return new Map(rows.map((r) => [r.id, r.xmin]));
}

function changed(before: Map<string, string>, after: Map<string, string>): number {
  let n = 0;
  for (const [id, xmin] of after) if (before.get(id) !== xmin) n++;
  return n;
}

export async function benchPlaylist(serverUrl: string, samples = 300): Promise<PlaylistBenchResult> {
  await dropDatabase(serverUrl, BENCH_DB);
  await admin(serverUrl, `CREATE DATABASE ${BENCH_DB}`);
  const url = databaseUrl(serverUrl, BENCH_DB);
  const server = spawn('node', [path.resolve('apps/server/dist/main.js')], {
    env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATABASE_URL: url, SEED_DEMO: 'false', LOG_LEVEL: 'warn', DATA_DIR: '/tmp/sift-bench-playlists' },
    stdio: 'inherit',
  });
  const client = new pg.Client({ connectionString: url });
  try {
    const base = `http://127.0.0.1:${PORT}`;
    for (let i = 0; ; i++) {
      try {
        if ((await fetch(`${base}/api/public/v01/content/messages`)).ok) break;
      } catch {
        if (i > 600) throw new Error('server did not start');
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    const { token, playlistId } = await seed(url);
    await client.connect();
    const auth = { authorization: `Bearer ${token}` };
    const timed = async (pathAndQuery: string, init: RequestInit = {}) => {
      const started = performance.now();
      const res = await fetch(`${base}${pathAndQuery}`, { ...init, headers: { ...auth, ...(init.headers ?? {}) } });
      const text = await res.text();
      if (!res.ok) throw new Error(`${pathAndQuery}: ${res.status} ${text}`);
      return { ms: performance.now() - started, body: text ? (JSON.parse(text) as unknown) : null };
    };

    // A cursor about 4,900 entries in: walk there once.
    let deep: string | null = null;
    for (let page = 0; page < 49; page++) {
      const r = await timed(`/api/playlists/${playlistId}/videos?limit=100${deep ? `&next=${deep}` : ''}`);
      deep = (r.body as { next: string | null }).next;
    }

    const load: number[] = [];
    const deepPage: number[] = [];
    const baseline: number[] = [];
    for (let i = 0; i < samples; i++) {
      const started = performance.now();
      await Promise.all([timed(`/api/playlists/${playlistId}`), timed(`/api/playlists/${playlistId}/videos?limit=50`)]);
      load.push(performance.now() - started);
      deepPage.push((await timed(`/api/playlists/${playlistId}/videos?limit=50&next=${deep}`)).ms);
      baseline.push((await timed('/api/public/v01/content/messages?pageId=44')).ms);
    }

    const { rows: items } = await client.query<{ id: string }>('SELECT id FROM playlist_items WHERE playlist_id = $1', [playlistId]);
    const move = (itemId: number, position: number) =>
      timed(`/api/playlists/${playlistId}/videos`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ itemId, position }) });
    const written: number[] = [];
    const moveMs: number[] = [];
    let seedRandom = 42;
    const random = (n: number) => {
      seedRandom = (seedRandom * 1103515245 + 12345) % 2 ** 31;
      return seedRandom % n;
    };
    for (let i = 0; i < 100; i++) {
      const before = await versions(client, playlistId);
      moveMs.push((await move(Number(items[random(items.length)]!.id), random(SIZE))).ms);
      written.push(changed(before, await versions(client, playlistId)));
    }

    // The worst case: two entries moved in turn to position 1 keep halving the same gap until it renumbers.
    const before = await versions(client, playlistId);
    let total = 0;
    let renumberings = 0;
    let previous = before;
    const SAME_GAP = 60;
    for (let i = 0; i < SAME_GAP; i++) {
      await move(Number(items[i % 2]!.id), 1);
      const now = await versions(client, playlistId);
      const n = changed(previous, now);
      total += n;
      if (n > 2) renumberings++;
      previous = now;
    }

    const row = (name: string, s: number[]) => ({ name, p50: median(s), p99: percentile(s, 99) });
    return {
      size: SIZE,
      http: [
        row('playlist page: playlist + first 50 videos (2 requests in parallel)', load),
        row('50 videos ~4,900 entries in, by cursor', deepPage),
        row('baseline: message bar (1 row)', baseline),
      ],
      moves: { count: written.length, rowsWrittenMedian: median(written), rowsWrittenMax: Math.max(...written), p50: median(moveMs), p99: percentile(moveMs, 99) },
      sameGap: { moves: SAME_GAP, rowsWrittenTotal: total, renumberings },
    };
  } finally {
    await client.end().catch(() => undefined);
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    await dropDatabase(serverUrl, BENCH_DB);
  }
}

export function playlistReport(r: PlaylistBenchResult): string {
  const f = (n: number) => n.toFixed(1);
  const baseline = r.http.at(-1)!;
  return `## A ${r.size.toLocaleString('en-US')}-video playlist (PostgreSQL, over HTTP)
| | p50 | p99 | p50 ÷ baseline |
|---|---|---|---|
${r.http.map((x) => `| ${x.name} | ${f(x.p50)} ms | ${f(x.p99)} ms | ×${(x.p50 / baseline.p50).toFixed(1)} |`).join('\n')}

Moving one entry (\`PUT /api/playlists/{id}/videos\`, ${r.moves.count} random moves): rows of \`playlist_items\` written per
move median ${r.moves.rowsWrittenMedian}, max ${r.moves.rowsWrittenMax}; latency p50 ${f(r.moves.p50)} ms, p99 ${f(r.moves.p99)} ms.
Worst case, ${r.sameGap.moves} moves into the same gap: ${r.sameGap.rowsWrittenTotal} rows written in all, of which
${r.sameGap.renumberings} renumbering(s) of the whole playlist (decisions/008).
`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const serverUrl = defaultServerUrl();
  const result = await benchPlaylist(serverUrl);
  console.table(result.http);
  console.log(result.moves, result.sameGap);
  console.log(playlistReport(result));
}
