import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { afterAll, describe, expect, it } from 'vitest';
import { aMember, call, cluster, killAndWaitClosed, onCluster, someVideos, startNode, stopNode, waitFor, type StartedNode } from './support/cluster.js';
import { aroundKill, failures, recordFigures, type Timed } from './support/figures.js';

/**
 * Issue 17 "Tests that keep it so": a writer adds playlist entries to one node, the node is killed with SIGKILL
 * mid-stream, started again on the same data, and every entry it acknowledged is there — on PostgreSQL, and on the
 * embedded PGlite (its files under $DATA_DIR/db).
 */
const WRITERS = 3;
/** The node is killed once this many entries were acknowledged (or after KILL_AFTER_MS). */
const KILL_AFTER_ACKS = 40;
const KILL_AFTER_MS = 5_000;

interface Write extends Timed {
  video: string;
}

describe.runIf(onCluster)('kill -9 of a node while it writes', () => {
  const started: StartedNode[] = [];
  afterAll(async () => {
    await Promise.all(started.map((node) => stopNode(node)));
  });

  const cases = [
    { database: 'PostgreSQL', env: () => ({}) },
    {
      database: 'PGlite',
      // No DATABASE_URL: PGlite in $DATA_DIR/db, a folder of its own; no Redis either (a lone embedded node). The
      // catalog is not seeded: each demo video added is looked up at the demo provider and stored.
      env: () => ({ DATABASE_URL: undefined, REDIS_URL: undefined, DATA_DIR: fs.mkdtempSync(path.join(cluster().dir, 'pglite-')), SEED_DEMO: 'false' }),
    },
  ] as const;

  for (const { database, env: envOf } of cases) {
    it(`keeps every acknowledged playlist entry on ${database}`, async () => {
      const c = cluster();
      const env: Record<string, string | undefined> = envOf();
      const videos = (await someVideos(c.nodes[0].url, 600)).map((v) => v.externalId);
      const node = await startNode(`${database} writer`, { env });
      started.push(node);
      const { token } = await aMember({ challengeOn: node.url, dataDir: env.DATA_DIR ?? c.dataDir });
      const made = await call(node.url, 'POST', '/api/playlists', { token, json: { name: `Written while killed (${database})` } });
      expect(made.status).toBe(201);
      const playlist = made.body.id as number;

      const writes: Write[] = [];
      let running = true;
      const writer = async (w: number) => {
        for (let i = w; running && i < videos.length; i += WRITERS) {
          const video = videos[i]!;
          const start = performance.now();
          try {
            const res = await call(node.url, 'POST', `/api/playlists/${playlist}/videos`, { token, json: { externalId: video } });
            writes.push({ video, start, end: performance.now(), ok: res.status === 201, status: res.status });
          } catch (error) {
            const cause = (error as { cause?: { code?: string } }).cause;
            writes.push({ video, start, end: performance.now(), ok: false, error: cause?.code ?? (error as Error).message });
            running = false; // the node is gone
          }
        }
      };
      const loops = Array.from({ length: WRITERS }, (_, w) => writer(w));
      const t0 = performance.now();
      await waitFor('entries to be acknowledged', async () => (writes.filter((w) => w.ok).length >= KILL_AFTER_ACKS || performance.now() - t0 > KILL_AFTER_MS ? true : undefined), 30_000, 5);
      const killAt = performance.now();
      await killAndWaitClosed(node.child.pid!, node.port);
      await node.exited;
      running = false;
      await Promise.all(loops);

      const restartAt = performance.now();
      const again = await startNode(`${database} writer (restarted)`, { port: node.port, env });
      started.push(again);
      const restartMs = performance.now() - restartAt;
      const ids = await call(again.url, 'GET', `/api/playlists/${playlist}/video-ids`, { token });
      expect(ids.status).toBe(200);
      const kept = new Set(ids.body.externalIds as string[]);
      const acked = writes.filter((w) => w.ok);
      const unacked = writes.filter((w) => !w.ok);
      const phases = aroundKill(writes, killAt);
      recordFigures(`kill -9 of a writing node (${database})`, {
        writes: writes.length,
        writesAcknowledged: acked.length,
        acknowledgedFound: acked.filter((w) => kept.has(w.video)).length,
        inFlightAtKill: phases.inFlight.length,
        notAcknowledged: failures(unacked),
        notAcknowledgedButKept: unacked.filter((w) => kept.has(w.video)).length,
        entriesAfterRestart: kept.size,
        restartSeconds: Math.round(restartMs / 100) / 10,
      });

      expect(acked.length).toBeGreaterThanOrEqual(10);
      expect(acked.filter((w) => !kept.has(w.video)).map((w) => w.video)).toEqual([]);
      // Nothing is there that was never asked for, and the playlist's count agrees with its entries.
      for (const video of kept) expect(writes.some((w) => w.video === video)).toBe(true);
      expect((await call(again.url, 'GET', `/api/playlists/${playlist}`, { token })).body.numberOfVideos).toBe(kept.size);
      // Writes go on after the restart.
      const next = videos.find((v) => !writes.some((w) => w.video === v))!;
      expect((await call(again.url, 'POST', `/api/playlists/${playlist}/videos`, { token, json: { externalId: next } })).status).toBe(201);
    });
  }
});
