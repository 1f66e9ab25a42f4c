/**
 * Where an image fails (a thumbnail gone from its service, an avatar's address dead), a neutral block is drawn in its
 * place instead of the browser's broken-image glyph (issue 31): the same <img>, so its size, classes and `alt` stay and
 * nothing moves. It is marked `data-failed` and shows an empty picture over the block and the app's icon that app.css
 * draws behind `img[data-failed]`; an avatar naming someone (`data-name`, as components/Cards' Avatar sets it) then
 * shows their initials (lib/initials, loaded on the first such failure). One listener for the whole page
 * catches every image's `error` (which does not bubble) on its way down. Small on purpose: it is part of the first
 * route.
 */

/** An empty picture: what a failed image shows over its block at once. */
export const BLANK = 'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg"/>';

// Imported once, first thing (main.tsx): from then on every failed image of the page gets its placeholder.
document.addEventListener(
  'error',
  (event) => {
    const img = event.target as HTMLImageElement;
    // A placeholder never fails; should one, it is left as it is rather than tried again.
    if (img.tagName !== 'IMG' || img.src.startsWith('data:')) return;
    img.dataset.failed = '';
    img.src = BLANK;
    if (img.dataset.name) void import('./initials').then((m) => m.drawInitials(img));
  },
  true,
);
