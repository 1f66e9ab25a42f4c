/**
 * Name truncation for lists (SPEC §5): 250 characters by default, and 45, 155 or 50 on mobile or tablet widths,
 * with truncation breakpoints 375, 576, 768 and 992 px. The spec gives three limits for four breakpoints, so
 * this is our mapping, chosen to match the card layouts in styles/app.css:
 *
 *   width <  375 px  → 45   very small phones: stacked card, very little room per line
 *   375 ≤ w < 576    → 155  phones: the list card stacks full width (thumbnail above the text), long titles fit
 *   576 ≤ w < 768    → 50   large phones / small tablets: the card puts the text beside the thumbnail, so the
 *   768 ≤ w < 992    → 50   text column is narrow; 768 does not change the limit (portrait and landscape tablet)
 *   width ≥ 992 px   → 250  desktop (the 992 px desktop breakpoint of SPEC §9)
 *
 * CSS line-clamping still bounds what shows; this caps the text itself and keeps the full name in `title`.
 */
export const TRUNCATION_BREAKPOINTS = [375, 576, 768, 992] as const;

export function nameLimit(viewportWidth: number): number {
  if (viewportWidth >= 992) return 250;
  if (viewportWidth >= 576) return 50;
  if (viewportWidth >= 375) return 155;
  return 45;
}

const ELLIPSIS = '…';

/** Shortens `name` to at most nameLimit(viewportWidth) characters (code points), ending in "…" when cut. */
export function truncateName(name: string, viewportWidth: number): string {
  return truncateTo(name, nameLimit(viewportWidth));
}

/** Shortens `name` to at most `limit` characters (code points), ending in "…" when cut (limit from useNameLimit). */
export function truncateTo(name: string, limit: number): string {
  const chars = Array.from(name);
  if (chars.length <= limit) return name;
  return chars.slice(0, limit - 1).join('').trimEnd() + ELLIPSIS;
}
