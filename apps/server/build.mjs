// Bundles the server and the workspace packages it imports into dist/main.js (Node 20 cannot run .ts).
// npm dependencies stay external: several load files of their own at run time (PGlite's wasm, swagger-ui).
import fs from 'node:fs';
import { build } from 'esbuild';

const manifest = JSON.parse(fs.readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(manifest.dependencies ?? {}).filter((name) => !name.startsWith('@sift/'));

await build({
  entryPoints: ['src/main.ts'],
  outfile: 'dist/main.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  logLevel: 'warning',
});
