/**
 * Main-thread blocking of one page, two builds side by side (decision 056): the built server twice (PGlite, the demo
 * catalog), one serving DIST_A and one DIST_B (default: apps/web/dist), Debian's Chromium with the CPU slowed 4× (real
 * throttling, not Lighthouse's simulation) at a phone's width, alternating A and B. A run's blocking time is the sum of
 * (duration − 50 ms) over the main thread's tasks longer than 50 ms, from the first evaluation of the app's scripts to 5 s
 * after the load; each run lists its long tasks. Lighthouse's figures spread ±30 % on a busy 2-core machine; these do
 * too, but the two builds share every minute of it.
 * Run: `npm run build && cp -r apps/web/dist /tmp/dist-before` (on the build before), then, on the build after,
 * `npm run build && DIST_A=/tmp/dist-before npx tsx bench/blocking-ab.ts` (RUNS, default 5; PAGE: watch, home, sift or
 * a path; WIDTH, default 412; PORT_A/PORT_B, default 8392/8393).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import type { TraceEvent } from './main-thread.js';
import { median } from './stats.js';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const RUNS = Number(process.env.RUNS ?? 5);
const PAGE = process.env.PAGE ?? 'watch';
const WIDTH = Number(process.env.WIDTH ?? 412);
const distA = process.env.DIST_A;
if (!distA) throw new Error('DIST_A: the build to compare with (a copy of apps/web/dist)');
const builds = [
  { name: 'A', port: Number(process.env.PORT_A ?? 8392), dist: distA },
  { name: 'B', port: Number(process.env.PORT_B ?? 8393), dist: process.env.DIST_B ?? path.join(ROOT, 'apps/web/dist') },
];

async function startApp(port: number, dist: string): Promise<ChildProcess> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sift-blocking-'));
  const { DATABASE_URL: _database, YOUTUBE_API_KEY: _youtube, ...env } = process.env;
  const child = spawn(process.execPath, [path.join(ROOT, 'apps/server/dist/main.js')], {
    cwd: ROOT,
    env: { ...env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', WEB_DIST_DIR: dist },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let waited = 0; waited < 180_000; waited += 300) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return child;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  child.kill('SIGKILL');
  throw new Error('the app did not start');
}

async function pageUrl(port: number): Promise<string> {
  const base = `http://127.0.0.1:${port}`;
  const json = async <T>(url: string) => (await (await fetch(`${base}${url}`)).json()) as T;
  if (PAGE === 'watch') return `${base}/watch?v=${(await json<{ videos: Array<{ externalId: string }> }>('/api/feeds/public?limit=1')).videos[0]!.externalId}`;
  if (PAGE === 'home') return `${base}/`;
  if (PAGE === 'sift') return `${base}/sifts/${(await json<{ items: Array<{ hash: string }> }>('/api/sifts?limit=1')).items[0]!.hash}`;
  return `${base}${PAGE}`;
}

const apps = await Promise.all(builds.map((b) => startApp(b.port, b.dist)));
const results = new Map(builds.map((b) => [b.name, [] as number[]]));
try {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  const urls = await Promise.all(builds.map((b) => pageUrl(b.port)));
  for (let run = 0; run < RUNS; run++) {
    for (let k = 0; k < builds.length; k++) {
      const at = (k + run) % builds.length;
      const build = builds[at]!;
      const url = urls[at]!;
      const context = await browser.newContext({ viewport: { width: WIDTH, height: 823 }, isMobile: WIDTH < 800, hasTouch: WIDTH < 800 });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      const events: TraceEvent[] = [];
      cdp.on('Tracing.dataCollected', (d) => events.push(...(d.value as unknown as TraceEvent[])));
      const complete = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
      await cdp.send('Tracing.start', {
        transferMode: 'ReportEvents',
        traceConfig: { includedCategories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'loading', 'blink.user_timing'] },
      });
      await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
      await page.waitForTimeout(5_000);
      await cdp.send('Tracing.end');
      await complete;
      await context.close();
      const nav = events.find((e) => e.name === 'navigationStart' && e.args?.data?.documentLoaderURL === url);
      if (!nav) {
        console.warn(`${build.name} run ${run}: no navigation in the trace, skipped`);
        continue;
      }
      const main = events.filter((e) => e.pid === nav.pid && e.tid === nav.tid && e.ts > nav.ts);
      const from = main.find((e) => e.name === 'v8.evaluateModule' || e.name === 'EvaluateScript')?.ts ?? nav.ts;
      const long = main.filter((e) => e.name === 'RunTask' && e.ph === 'X' && (e.dur ?? 0) > 50_000 && e.ts + (e.dur ?? 0) >= from);
      const ms = long.map((t) => (t.dur ?? 0) / 1000);
      const blocking = ms.reduce((sum, d) => sum + d - 50, 0);
      results.get(build.name)!.push(blocking);
      console.log(`${build.name} run ${run}: blocking ${blocking.toFixed(0)} ms in ${ms.length} tasks [${ms.map((d) => d.toFixed(0)).join(', ')}], load ${os.loadavg()[0]!.toFixed(1)}`);
    }
  }
  await browser.close();
} finally {
  for (const app of apps) app.kill('SIGTERM');
}
for (const [name, runs] of results) {
  console.log(`${name} ${PAGE} at ${WIDTH} px: median blocking ${median(runs).toFixed(0)} ms (${runs.map((r) => r.toFixed(0)).join(' / ')}), load ${os.loadavg()[0]!.toFixed(1)}`);
}
