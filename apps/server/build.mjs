// Bundles the server and the workspace packages it imports into dist/main.js (Node 20 cannot run .ts), and the
// import files' worker thread into dist/import-parser.worker.js beside it (import-parser.ts finds it there).
// npm dependencies stay external: several load files of their own at run time (PGlite's wasm, swagger-ui).
import fs from 'node:fs';
import { build } from 'esbuild';

const manifest = JSON.parse(fs.readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(manifest.dependencies ?? {}).filter((name) => !name.startsWith('@sift/'));

await build({
  entryPoints: { main: 'src/main.ts', 'import-parser.worker': 'src/modules/imports/import-parser.worker.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  logLevel: 'warning',
});
