/**
 * Gzip size of the JS and CSS that the first route (/) loads: the entry script, its modulepreloads and the
 * stylesheets named in apps/web/dist/index.html. Lazily loaded route chunks are not counted: / does not load
 * them. Budget (issue #2): ≤ 70 KiB JS, ≤ 10 KiB CSS; the lightest peer, Piped, loads 135 KiB JS.
 */
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export const BUDGET = { jsKiB: 70, cssKiB: 10 };
export const PIPED_JS_KIB = 135;

/** Decision 029: V8's per-file compile hint, which must open each of the first route's chunks but the tiny entry. */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

export interface BundleReport {
  files: { file: string; kind: 'js' | 'css'; gzipBytes: number; compileHint: boolean }[];
  jsKiB: number;
  cssKiB: number;
}

export function measureFirstRoute(distDir = path.resolve('apps/web/dist')): BundleReport {
  const html = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const refs = new Set<string>();
  for (const m of html.matchAll(/<(?:script|link)\b[^>]*?(?:src|href)="([^"]+\.(?:js|css))"/g)) refs.add(m[1]!);
  const files = [...refs].map((ref) => {
    const bytes = fs.readFileSync(path.join(distDir, ref.replace(/^\//, '')));
    const kind = ref.endsWith('.css') ? ('css' as const) : ('js' as const);
    const compileHint = kind === 'js' && bytes.subarray(0, COMPILE_HINT.length).toString('utf8') === COMPILE_HINT;
    return { file: ref, kind, gzipBytes: gzipSync(bytes, { level: 9 }).length, compileHint };
  });
  const sum = (kind: 'js' | 'css') => files.filter((f) => f.kind === kind).reduce((n, f) => n + f.gzipBytes, 0) / 1024;
  return { files, jsKiB: sum('js'), cssKiB: sum('css') };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const report = measureFirstRoute();
  console.table(report.files);
  console.log(`first route: ${report.jsKiB.toFixed(1)} KiB JS (budget ${BUDGET.jsKiB}), ${report.cssKiB.toFixed(1)} KiB CSS (budget ${BUDGET.cssKiB})`);
  // `--check` (in `npm test`, after the build): a first route over budget fails the run — it grew by 25 KiB of zod
  // once without anyone noticing.
  if (process.argv.includes('--check') && (report.jsKiB > BUDGET.jsKiB || report.cssKiB > BUDGET.cssKiB)) {
    console.error(`The first route is over its budget: ${report.jsKiB.toFixed(1)} KiB JS, ${report.cssKiB.toFixed(1)} KiB CSS`);
    process.exit(1);
  }
  // The vendor and shell chunks are compiled off the main thread only with the hint on their first line; a build change
  // (a plugin that prepends code, a minifier setting) could drop it silently.
  const unhinted = report.files.filter((f) => f.kind === 'js' && !f.compileHint && !/\/index-[^/]+\.js$/.test(f.file));
  if (process.argv.includes('--check') && unhinted.length > 0) {
    console.error(`These first-route chunks do not open with ${COMPILE_HINT}: ${unhinted.map((f) => f.file).join(', ')}`);
    process.exit(1);
  }
}
