/**
 * Where a dropdown menu goes so that all of it stays inside the viewport (issue 18: the player's ⋮ menu was cut
 * off by the dialog at 1280×800). The preferred side when the menu fits there, else the other side when it fits
 * there, else the side with more room, and the menu scrolls within it. Right-aligned to its button, kept inside
 * the viewport's width. The menu is positioned `fixed`, so no ancestor's overflow clips it.
 */

export interface Box {
  top: number;
  bottom: number;
  right: number;
}

export interface DropdownPlace {
  side: 'below' | 'above';
  top: number;
  left: number;
  /** The room on that side: the menu scrolls past it. */
  maxHeight: number;
}

const GAP = 6;
const MARGIN = 8;

export function placeDropdown(
  anchor: Box,
  menu: { width: number; height: number },
  view: { width: number; height: number },
  preferred: 'below' | 'above',
): DropdownPlace {
  const room = { below: view.height - anchor.bottom - GAP - MARGIN, above: anchor.top - GAP - MARGIN };
  const other = preferred === 'below' ? 'above' : 'below';
  const side = menu.height <= room[preferred] ? preferred : menu.height <= room[other] ? other : room[other] > room[preferred] ? other : preferred;
  const maxHeight = Math.max(0, room[side]);
  const height = Math.min(menu.height, maxHeight);
  const top = side === 'below' ? anchor.bottom + GAP : anchor.top - GAP - height;
  const left = Math.max(MARGIN, Math.min(anchor.right - menu.width, view.width - menu.width - MARGIN));
  return { side, top, left, maxHeight };
}
