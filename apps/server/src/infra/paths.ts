import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server package's folder, found from this file whether it runs from src/ (tsx, tests) or from the
 * bundle in dist/. Committed assets (migrations, demo media) and the built SPA are located from here.
 */
function findServerRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest) && JSON.parse(fs.readFileSync(manifest, 'utf8')).name === '@sift/server') return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('Cannot find the @sift/server package folder');
    dir = parent;
  }
}

const serverRoot = findServerRoot();

export const paths = {
  migrations: path.join(serverRoot, 'drizzle'),
  demoMedia: path.join(serverRoot, 'media'),
  webDist: path.resolve(serverRoot, '../web/dist'),
};
