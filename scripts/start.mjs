// `npm start`: builds what is missing or older than its sources, then runs the server in this process.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const sources = ['packages/contracts/src', 'apps/server/src', 'apps/web/src', 'apps/web/index.html', 'apps/web/public', 'apps/web/vite.config.ts'];
const outputs = ['apps/server/dist/main.js', 'apps/server/dist/import-parser.worker.js', 'apps/web/dist/index.html'];

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs.readdirSync(target).reduce((newest, name) => Math.max(newest, newestMtime(path.join(target, name))), stat.mtimeMs);
}

const builtAt = Math.min(...outputs.map((o) => (fs.existsSync(path.join(root, o)) ? fs.statSync(path.join(root, o)).mtimeMs : 0)));
const changedAt = Math.max(...sources.map((s) => newestMtime(path.join(root, s))));
if (builtAt < changedAt) {
  // What `npm run build` does, said quietly (issue 31): a newcomer's terminal shows this line, the server's ready line,
  // the mail links and real warnings. Vite at warning level (no file table; vite-plugin-pwa follows it), and no
  // nested `npm run`, whose progress spinner was glued to the next line.
  console.log('Building Sift (sources changed since the last build)...');
  const started = Date.now();
  const run = (args, cwd) => execFileSync(process.execPath, args, { cwd: path.join(root, cwd), stdio: 'inherit' });
  run([path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], 'apps/web');
  run(['build.mjs'], 'apps/server');
  console.log(`Built in ${Math.round((Date.now() - started) / 1000)} s`);
}
await import(path.join(root, 'apps/server/dist/main.js'));
