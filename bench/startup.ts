/**
 * Time from `npm start` to the first page served, on a second start (the data folder is already seeded and the
 * app already built). Baseline in the same run: a bare Node HTTP server started the same way, so the ratio says
 * what Sift adds over Node's own start.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { median } from './stats.js';

async function timeToFirstPage(command: string, args: string[], env: NodeJS.ProcessEnv, url: string): Promise<number> {
  const started = performance.now();
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: 'ignore', detached: true });
  try {
    for (;;) {
      try {
        const res = await fetch(url);
        if (res.ok) {
          await res.text();
          return performance.now() - started;
        }
      } catch {
        // not listening yet
      }
      if (child.exitCode !== null) throw new Error(`${command} exited with ${child.exitCode}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  } finally {
    process.kill(-child.pid!, 'SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

export async function benchStartup(runs = 5): Promise<{ sift: number; baseline: number }> {
  const dataDir = path.resolve('bench/.work/startup-data');
  fs.rmSync(dataDir, { recursive: true, force: true });
  const port = '8291';
  const env = { PORT: port, DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  const url = `http://127.0.0.1:${port}/`;
  await timeToFirstPage('npm', ['start'], env, url); // first start: builds if needed and seeds
  const sift: number[] = [];
  const baseline: number[] = [];
  for (let i = 0; i < runs; i++) {
    sift.push(await timeToFirstPage('npm', ['start'], env, url));
    baseline.push(
      await timeToFirstPage('node', ['-e', `require('http').createServer((q, s) => s.end('ok')).listen(${port})`], {}, url),
    );
  }
  return { sift: median(sift), baseline: median(baseline) };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await benchStartup();
  console.log(`second start to first page: ${r.sift.toFixed(0)} ms (bare node http: ${r.baseline.toFixed(0)} ms, ×${(r.sift / r.baseline).toFixed(1)})`);
}
