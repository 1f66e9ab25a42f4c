// Writes the installed app's PNG icons (apps/web/public/icons/) from the logo (apps/web/public/favicon.svg), with
// sharp (already a dependency of the server's infra/images). The PNGs are committed; run this again after changing
// the logo: node scripts/make-icons.mjs
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PUBLIC = path.join(ROOT, 'apps/web/public');
const OUT = path.join(PUBLIC, 'icons');
const logo = fs.readFileSync(path.join(PUBLIC, 'favicon.svg'), 'utf8');

// A maskable icon is cropped to whatever shape the platform uses, so its background must fill the whole square:
// the logo without its rounded corners. The funnel already sits inside the safe zone (a circle of 40% radius).
const fullBleed = logo.replace(/\s+rx="[^"]*"/, '');
// Home screens that ignore transparency (iOS) get the same full square.
const icons = [
  { file: 'icon-192.png', size: 192, svg: logo },
  { file: 'icon-512.png', size: 512, svg: logo },
  { file: 'maskable-512.png', size: 512, svg: fullBleed },
  { file: 'apple-touch-icon-180.png', size: 180, svg: fullBleed },
];

fs.mkdirSync(OUT, { recursive: true });
for (const { file, size, svg } of icons) {
  // Rendered at the target size (density scales the 32-unit viewBox), so edges stay sharp.
  await sharp(Buffer.from(svg), { density: (72 * size) / 32 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(OUT, file));
  console.log(`${path.relative(ROOT, path.join(OUT, file))} ${size}×${size}`);
}
