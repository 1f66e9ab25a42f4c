/* eslint-disable lingui/no-unlocalized-strings -- SVG markup, no text a person reads */
import { BLANK } from './image-fallback';
import { initialsOf } from './initials-of';

const escapeXml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A failed avatar's picture (lib/image-fallback): the initials of whom it shows (`data-name`), in the placeholder's
 * grey, over the block app.css draws behind it (`data-failed="initials"`: without the app's icon). Nothing when the
 * name has no initials, or when the image was given another address meanwhile.
 */
export function drawInitials(img: HTMLImageElement): void {
  const initials = initialsOf(img.dataset.name);
  if (!initials || img.getAttribute('src') !== BLANK) return;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" viewBox="0 0 100 100"><text x="50" y="50" dy=".35em" text-anchor="middle" font-family="system-ui,sans-serif" font-size="40" font-weight="600" fill="#8a8a8a">${escapeXml(initials)}</text></svg>`;
  img.dataset.failed = 'initials';
  img.src = `data:image/svg+xml,${encodeURIComponent(svg)}`;
}
