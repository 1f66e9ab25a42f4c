import { DEMO_TOPICS } from './catalog.js';

/**
 * SVG thumbnails and channel avatars for the demo catalog, rendered on request from what the URL carries (see
 * catalog.ts: `/media/thumbnails/<id>.svg?h=&t=&l=` and `/media/avatars/<id>.svg?h=&i=`), so they need no
 * database and no files. These URLs are public: every input is validated strictly and any text is XML-escaped;
 * anything unexpected yields null (a 404), never a partial image. Unknown query parameters are ignored so that
 * cache-busting suffixes keep working.
 */

export type DemoImageKind = 'thumbnails' | 'avatars';

const FILE_NAME = /^([A-Za-z0-9_-]{1,64})\.svg$/;
const HUE = /^(0|[1-9][0-9]{0,2})$/;
const TOPIC_INDEX = /^(0|[1-9][0-9]?)$/;
const INITIALS = /^[\p{L}\p{N}]{1,2}$/u;
/** Letters, digits, spaces and light punctuation; must start with a letter or digit. */
const LABEL = /^[\p{L}\p{N}][\p{L}\p{N} .,'&:!?-]{0,31}$/u;
const FONT = "system-ui,-apple-system,'Segoe UI',Roboto,sans-serif";

export function renderDemoImage(kind: DemoImageKind, fileName: string, query: URLSearchParams): string | null {
  const id = FILE_NAME.exec(fileName)?.[1];
  const hue = parseHue(query);
  if (id === undefined || hue === null) return null;
  if (kind === 'thumbnails') return renderThumbnail(id, hue, query);
  if (kind === 'avatars') return renderAvatar(id, hue, query);
  return null;
}

/** The one value of a parameter, or null when it is missing or repeated (a repeated one is not ours). */
function single(query: URLSearchParams, name: string): string | null {
  const values = query.getAll(name);
  return values.length === 1 ? (values[0] ?? null) : null;
}

function parseHue(query: URLSearchParams): number | null {
  const raw = single(query, 'h');
  if (raw === null || !HUE.test(raw)) return null;
  const hue = Number(raw);
  return hue < 360 ? hue : null;
}

function parseTopicIndex(query: URLSearchParams): number | null {
  const raw = single(query, 't');
  if (raw === null || !TOPIC_INDEX.test(raw)) return null;
  const index = Number(raw);
  return index < DEMO_TOPICS.length ? index : null;
}

/** The label is optional; when present it must be valid, because a silently dropped label would hide a bug. */
function parseLabel(query: URLSearchParams): string | null | undefined {
  if (!query.has('l')) return undefined;
  const raw = single(query, 'l');
  return raw !== null && LABEL.test(raw) && raw.trim() === raw ? raw : null;
}

export function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

// ---------------------------------------------------------------------------------------------------------------
// Thumbnails: 480x270, gradient, a few soft shapes, the topic glyph and the label. No play glyph: a service's
// thumbnails have none, and the player draws its own over the poster (two play buttons, off-centre, on a phone).

function renderThumbnail(id: string, hue: number, query: URLSearchParams): string | null {
  const topicIndex = parseTopicIndex(query);
  const label = parseLabel(query);
  const glyph = TOPIC_GLYPHS[topicIndex ?? -1];
  if (topicIndex === null || label === null || glyph === undefined) return null;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 480 270" width="480" height="270">` +
    gradient(`g-${id}`, hue, 62, 30) +
    `<rect width="480" height="270" fill="url(#g-${id})"/>` +
    softShapes(id) +
    // The glyph sits above the label: the app's badges take the corners ("Watched" top left, "Shorts" top right, the
    // length bottom right).
    `<g transform="translate(24 162) scale(1.5)" fill="#fff" fill-opacity=".9" stroke="#fff" stroke-opacity=".9">${glyph}</g>` +
    (label === undefined ? '' : labelText(label)) +
    `</svg>`
  );
}

/**
 * Two-stop diagonal gradient: a lighter and a darker, slightly shifted shade of the hue. The element id carries
 * the image's own id because ids are document-global when a page inlines several of these SVGs.
 */
function gradient(id: string, hue: number, lightness: number, darkLightness: number): string {
  return (
    `<defs><linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1">` +
    `<stop offset="0" stop-color="${hslToHex(hue, 70, lightness)}"/>` +
    `<stop offset="1" stop-color="${hslToHex((hue + 25) % 360, 65, darkLightness)}"/>` +
    `</linearGradient></defs>`
  );
}

/** Three translucent circles placed from the id's hash, so each video's thumbnail differs from its neighbours'. */
function softShapes(id: string): string {
  let state = hashId(id);
  const next = (modulo: number): number => {
    state = (Math.imul(state ^ (state >>> 15), 0x2c1b3c6d) + 0x9e3779b9) >>> 0;
    return (state >>> 8) % modulo;
  };
  let shapes = '';
  for (let i = 0; i < 3; i++) {
    const opacity = (6 + next(9)) / 100;
    shapes += `<circle cx="${next(480)}" cy="${next(270)}" r="${30 + next(110)}" fill="#fff" fill-opacity="${opacity}"/>`;
  }
  return shapes;
}

function hashId(id: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** Bottom-left, shrunk for long labels so up to 32 characters fit the 480 px width. */
function labelText(label: string): string {
  const fontSize = Math.min(30, Math.floor(760 / Math.max(label.length, 1)));
  return (
    `<text x="24" y="246" font-family="${FONT}" font-size="${fontSize}" font-weight="700" fill="#fff" ` +
    `fill-opacity=".95">${escapeXml(label)}</text>`
  );
}

/**
 * One small glyph per topic, in DEMO_TOPICS order, drawn in a 32x32 box. Strokes are set per element because the
 * group sets both fill and stroke for the filled glyphs.
 */
const RING = 'fill="none" stroke-width="2.5"';
const TOPIC_GLYPHS: readonly string[] = [
  // Cooking: a pot with a lid handle.
  '<path stroke="none" d="M4 13h24v10a5 5 0 0 1-5 5H9a5 5 0 0 1-5-5zM2 10h28v3H2zM13 6h6v4h-6z"/>',
  // Science: an atom.
  `<circle cx="16" cy="16" r="3" stroke="none"/><ellipse cx="16" cy="16" rx="14" ry="5" ${RING}/>` +
    `<ellipse cx="16" cy="16" rx="14" ry="5" transform="rotate(60 16 16)" ${RING}/>` +
    `<ellipse cx="16" cy="16" rx="14" ry="5" transform="rotate(120 16 16)" ${RING}/>`,
  // Music: two beamed notes.
  '<path stroke="none" d="M11 6l16-3v19a4 4 0 1 1-3-3.9V9l-10 2v14a4 4 0 1 1-3-3.9z"/>',
  // Gaming: a controller.
  '<rect x="2" y="9" width="28" height="15" rx="7.5" stroke="none"/>' +
    '<path d="M7 16.5h6M10 13.5v6" stroke="#000" stroke-opacity=".35" stroke-width="2"/>' +
    '<circle cx="21" cy="15" r="1.6" fill="#000" fill-opacity=".35" stroke="none"/>' +
    '<circle cx="24.5" cy="18.5" r="1.6" fill="#000" fill-opacity=".35" stroke="none"/>',
  // Travel: a globe.
  `<circle cx="16" cy="16" r="13" ${RING}/><ellipse cx="16" cy="16" rx="6" ry="13" ${RING}/>` +
    `<path d="M3 16h26" ${RING}/>`,
  // Fitness: a dumbbell.
  '<path stroke="none" d="M2 12h4v8H2zM6 9h4v14H6zM22 9h4v14h-4zM26 12h4v8h-4zM10 14.5h12v3H10z"/>',
  // Tech reviews: a chip with pins.
  '<rect x="8" y="8" width="16" height="16" rx="2" stroke="none"/>' +
    '<path d="M12 3v5M16 3v5M20 3v5M12 24v5M16 24v5M20 24v5M3 12h5M3 16h5M3 20h5M24 12h5M24 16h5M24 20h5" stroke-width="2"/>',
  // History: a classical column front.
  '<path stroke="none" d="M16 2l14 6H2zM4 9h24v3H4zM6 13h3v13H6zM14.5 13h3v13h-3zM23 13h3v13h-3zM3 27h26v3H3z"/>',
  // DIY & Woodworking: a hammer.
  '<path stroke="none" d="M5 5h15v7H5zM20 7h6v3h-6zM10 12h5v18h-5z"/>',
  // Personal finance: rising bars.
  '<path stroke="none" d="M3 23h5v7H3zM11 17h5v13h-5zM19 11h5v19h-5zM27 4h3v26h-3z"/>',
];

// ---------------------------------------------------------------------------------------------------------------
// Avatars: 88x88, gradient square (the client rounds it) with white initials.

function renderAvatar(id: string, hue: number, query: URLSearchParams): string | null {
  const initials = single(query, 'i');
  if (initials === null || !INITIALS.test(initials)) return null;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 88 88" width="88" height="88">` +
    gradient(`g-${id}`, hue, 55, 35) +
    `<rect width="88" height="88" fill="url(#g-${id})"/>` +
    `<text x="44" y="44" dy=".35em" text-anchor="middle" font-family="${FONT}" font-size="${initials.length > 1 ? 34 : 40}" ` +
    `font-weight="700" fill="#fff">${escapeXml(initials)}</text>` +
    `</svg>`
  );
}

// ---------------------------------------------------------------------------------------------------------------

/** hsl → #rrggbb: hex colours work in every SVG renderer, including ones that predate CSS Color 3 in attributes. */
export function hslToHex(hue: number, saturationPercent: number, lightnessPercent: number): string {
  const s = saturationPercent / 100;
  const l = lightnessPercent / 100;
  const chroma = (1 - Math.abs(2 * l - 1)) * s;
  const channel = (n: number): string => {
    const k = (n + hue / 30) % 12;
    const value = l - chroma / 2 * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(value * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(0)}${channel(8)}${channel(4)}`;
}
