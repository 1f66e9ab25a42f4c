/* eslint-disable lingui/no-unlocalized-strings -- SVG markup, no text a person reads */
import { initialsOf } from './initials';

/**
 * Where an image fails (a thumbnail gone from its service, an avatar's address dead), a neutral block is drawn in its
 * place instead of the browser's broken-image glyph (issue 31): the same <img>, so its size, classes and `alt` stay and
 * nothing moves; its `src` becomes a drawn placeholder — the app's icon, or for an avatar naming someone
 * (`data-name`, as components/Cards' Avatar sets it) their initials. One listener for the whole page catches every
 * image's `error` (which does not bubble) on its way down.
 */

const PLACEHOLDER = 'data:image/svg+xml,';
/** Grey at a low opacity: a block that reads as "no picture" on the light and the dark theme alike. */
const GREY = '#8a8a8a';
/** The app's icon (components/Icon's `sift`), on a 24 px grid. */
const APP_ICON = 'M3 5h18l-7 8v6l-4 2v-8z';

const svg = (viewBox: string, body: string) =>
  // The backdrop overflows the view box on purpose: an image box of another shape still shows it edge to edge, the
  // icon or letters centred and undistorted in the middle.
  `${PLACEHOLDER}${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${viewBox}"><rect x="-1000" y="-1000" width="3000" height="3000" fill="${GREY}" fill-opacity=".2"/>${body}</svg>`,
  )}`;

const escapeXml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A 16:9 block with the app's icon in the middle (thumbnails, covers). */
export const IMAGE_PLACEHOLDER = svg(
  '0 0 320 180',
  `<g transform="translate(136 66) scale(2)" fill="none" stroke="${GREY}" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><path d="${APP_ICON}"/></g>`,
);

/** A square block with someone's initials (avatars); the app's icon block when there are none. */
export function avatarPlaceholder(initials: string): string {
  if (!initials) return IMAGE_PLACEHOLDER;
  return svg(
    '0 0 100 100',
    `<text x="50" y="50" dy=".35em" text-anchor="middle" font-family="system-ui, sans-serif" font-size="40" font-weight="600" fill="${GREY}">${escapeXml(initials)}</text>`,
  );
}

/** The placeholder an image gets when it fails. */
export function placeholderFor(img: HTMLImageElement): string {
  const name = img.dataset.name;
  return name !== undefined ? avatarPlaceholder(initialsOf(name)) : IMAGE_PLACEHOLDER;
}

/** Starts drawing placeholders for failed images under `root`; returns the way to stop. */
export function installImageFallback(root: Document | HTMLElement = document): () => void {
  const onError = (event: Event) => {
    const img = event.target;
    // A placeholder never fails; should one, it is left as it is rather than tried again.
    if (!(img instanceof HTMLImageElement) || img.getAttribute('src')?.startsWith(PLACEHOLDER)) return;
    img.src = placeholderFor(img);
  };
  root.addEventListener('error', onError, true);
  return () => root.removeEventListener('error', onError, true);
}
