// `npm start`: builds what is missing or older than its sources, then runs the server in this process.
import { execSync } from 'node:child_process';
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
  console.log('Building Sift (sources changed since the last build)...');
  execSync('npm run build', { cwd: root, stdio: 'inherit' });
}
await import(path.join(root, 'apps/server/dist/main.js'));
