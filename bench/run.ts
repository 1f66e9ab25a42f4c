/**
 * `npm run bench`: every benchmark of issue #2, written to bench/RESULTS.md. Needs the app built
 * (`npm run build`) and a PostgreSQL server (BENCH_DATABASE_URL or DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/postgres); it creates and drops its own database `sift_bench`.
 * BENCH_VIDEOS sets the catalog size (default 1,000,000).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import { BUDGET, measureFirstRoute, PIPED_JS_KIB } from './bundle-size.js';
import { benchHttp, benchSeed, explainListQueries } from './catalog-at-scale.js';
import { benchPlaylist, playlistReport } from './playlist.js';
import { benchSiftFeed } from './sift-feed.js';
import { benchPersonalFeed } from './personal-feed.js';
import { benchSearch, searchReport } from './search.js';
import { defaultServerUrl } from './harness.js';
import { benchStartup } from './startup.js';

const serverUrl = defaultServerUrl();
const total = Number(process.env.BENCH_VIDEOS ?? 1_000_000);
const f = (n: number) => n.toFixed(1);

const bundle = measureFirstRoute();
console.log(`bundle: ${f(bundle.jsKiB)} KiB JS, ${f(bundle.cssKiB)} KiB CSS`);
const startup = await benchStartup();
console.log(`startup: ${startup.sift.toFixed(0)} ms vs ${startup.baseline.toFixed(0)} ms`);
const seed = await benchSeed(serverUrl, total);
console.log(`seed: ${seed.seedMs.toFixed(0)} ms vs floor ${seed.baselineMs.toFixed(0)} ms`);
const plans = await explainListQueries(serverUrl);
// A list query that sorts instead of reading an index backwards gets slower with every video added.
const sorting = Object.entries(plans).filter(([, plan]) => /\bSort\b/.test(plan) || !/Index Scan Backward/.test(plan));
if (sorting.length) console.error(`!!! these list queries do not read their index: ${sorting.map(([name]) => name).join(', ')}`);
const latency = await benchHttp(serverUrl);
console.table(latency);
const baseline = latency.at(-1)!;
const search = await benchSearch(serverUrl);
console.table([...search.http, search.baseline]);
const playlist = await benchPlaylist(serverUrl);
console.table(playlist.http);

const report = `# Benchmark results

Run by \`npm run bench\` on ${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, Node ${process.version}.
Figures are medians (and p99 where said); each has a baseline measured in the same run, because these machines are noisy.

## First route's bundle (gzip)
| | Sift | Budget | Piped (lightest peer) |
|---|---|---|---|
| JS | ${f(bundle.jsKiB)} KiB | ${BUDGET.jsKiB} KiB | ${PIPED_JS_KIB} KiB |
| CSS | ${f(bundle.cssKiB)} KiB | ${BUDGET.cssKiB} KiB | |

Files: ${bundle.files.map((x) => `\`${x.file}\` ${f(x.gzipBytes / 1024)} KiB`).join(', ')}.

## Second start: \`npm start\` to the first page served
| | median |
|---|---|
| Sift (\`npm start\`, PGlite, seeded data folder) | ${startup.sift.toFixed(0)} ms |
| Baseline: bare \`node -e http.createServer\` | ${startup.baseline.toFixed(0)} ms |
| Ratio | ×${(startup.sift / startup.baseline).toFixed(1)} |

## Seeding ${total.toLocaleString('en-US')} videos into PostgreSQL
| | time |
|---|---|
| Sift's import (generator → batched INSERTs in one transaction) | ${(seed.seedMs / 1000).toFixed(1)} s |
| Floor: one \`INSERT … SELECT generate_series\` into a table of the same shape and indexes | ${(seed.baselineMs / 1000).toFixed(1)} s |
| Ratio | ×${(seed.seedMs / seed.baselineMs).toFixed(1)} |

## API latency over HTTP at ${total.toLocaleString('en-US')} videos (PostgreSQL, sequential requests)
| Request | p50 | p99 | p50 vs baseline |
|---|---|---|---|
${latency.map((r) => `| ${r.name} | ${f(r.p50)} ms | ${f(r.p99)} ms | ×${(r.p50 / baseline.p50).toFixed(1)} |`).join('\n')}

## Query plans at ${total.toLocaleString('en-US')} videos
${Object.entries(plans)
  .map(([name, plan]) => `### ${name}\n\`\`\`\n${plan}\n\`\`\``)
  .join('\n\n')}

${searchReport(search)}
${playlistReport(playlist)}`;
fs.writeFileSync('bench/RESULTS.md', report);
// The sift feed (issue 6) adds its own section, on its own database sift_bench_sifts.
await benchSiftFeed(serverUrl);
// The personal feed (issue 7) likewise, on its own database sift_bench_feed.
await benchPersonalFeed(serverUrl);
// Load (issue 17) and Lighthouse (issue 18) run the built app as a person's browser or many clients would: each in
// a process of its own, writing its own section.
for (const script of ['bench/load.ts', 'bench/lighthouse.ts']) {
  const run = spawnSync(process.execPath, ['--import', 'tsx', script], { stdio: 'inherit' });
  if (run.status !== 0) console.error(`!!! ${script} failed (${run.status})`);
}
console.log('wrote bench/RESULTS.md');
