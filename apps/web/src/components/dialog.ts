import { useEffect, useState, type RefObject } from 'react';
import { useLatest } from '../lib/hooks';

const focusableSelector =
  'a[href], area[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), video[controls], [tabindex]:not([tabindex="-1"])';

export function focusables(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(focusableSelector)).filter(
    (el) => !el.hasAttribute('inert') && el.getClientRects().length > 0,
  );
}

let inertCount = 0;
/** Makes the app (#root) inert while any modal is open; nested modals count. Modals render in a portal. */
function setAppInert(on: boolean) {
  const root = document.getElementById('root');
  inertCount = Math.max(0, inertCount + (on ? 1 : -1));
  if (root) root.inert = inertCount > 0;
}

/**
 * Modal behaviour for a dialog element rendered outside #root: background inert, focus moved in and trapped,
 * Escape closes, focus returns to where it was on close.
 */
export function useModal(ref: RefObject<HTMLElement | null>, active: boolean, onClose: () => void) {
  const closeRef = useLatest(onClose);

  useEffect(() => {
    if (!active) return;
    const el = ref.current;
    if (!el) return;
    const previous = document.activeElement as HTMLElement | null;
    // Focus first, then the page inert: focusing needs the styles up to date, and an inert page's are all stale, so the
    // other way round restyled the whole page in this task (6 ms of a fast machine on a first /watch, decision 057);
    // this way it is restyled with the next frame.
    const initial = el.querySelector<HTMLElement>('[data-autofocus]') ?? focusables(el)[0] ?? el;
    initial.focus({ preventScroll: true });
    setAppInert(true);

    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.stopPropagation();
        closeRef.current();
      } else if (e.key === 'Tab') {
        const list = focusables(el);
        if (list.length === 0) {
          e.preventDefault();
          return;
        }
        const first = list[0]!;
        const last = list[list.length - 1]!;
        if (e.shiftKey && (document.activeElement === first || !el.contains(document.activeElement))) {
          e.preventDefault();
          last.focus();
        } else if (!e.shiftKey && (document.activeElement === last || !el.contains(document.activeElement))) {
          e.preventDefault();
          first.focus();
        }
      }
    };
    el.addEventListener('keydown', onKey);
    return () => {
      el.removeEventListener('keydown', onKey);
      setAppInert(false);
      if (previous && document.contains(previous)) previous.focus({ preventScroll: true });
    };
  }, [active, ref, closeRef]);
}

let idCounter = 0;
/**
 * A document-unique id for content rendered in a portal. Preact's useId numbers a portal's tree like a root of its
 * own, so an id made there can equal one in the page (a Modal's title "P0-2" labelled a channel tile instead).
 */
export function usePortalSafeId(prefix = 'dlg'): string {
  const [id] = useState(() => `${prefix}-${++idCounter}`);
  return id;
}
