/**
 * Scrolls `element` into view, smoothly unless the person asked for less motion (`prefers-reduced-motion`): for what
 * a page shows in answer to an action, below where the person is looking (the sift editor's preview, an import's
 * progress).
 */
export function reveal(element: Element, block: ScrollLogicalPosition = 'nearest'): void {
  const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  element.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block });
}
