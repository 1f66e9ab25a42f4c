import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useNavigationType, type NavigationType } from 'react-router';

/**
 * Back/forward availability for the header buttons (SPEC §2: disabled when there is no history).
 *
 * The browser's own history decides (issue 18: after a reload or a typed address the buttons were wrong). Each
 * entry carries its position in the tab's history in `history.state` (beside react-router's own fields), written
 * when we first see the entry; a reload or a back/forward to an entry reads it back. An entry without one is new:
 * a push is one past the previous entry, a fresh page load (typed address, a link from elsewhere) is the last
 * entry, because the browser appends it and drops any forward entries. Forward exists while entries follow ours:
 * `history.length`, which the browser keeps.
 */

/** 'PUSH' | 'POP' | 'REPLACE' (react-router's NavigationType enum, by value). */
export type NavKind = `${NavigationType}`;

const POSITION_KEY = 'siftPosition';

/**
 * The entry's position: the one it carries, else one past the previous entry for a push, the previous one for a
 * replace (same entry), and the last of `length` for an entry this page load had not seen before.
 */
export function historyPosition(previous: number | null, type: NavKind, carried: number | null, length: number): number {
  if (carried !== null) return carried;
  if (previous === null) return length - 1;
  if (type === 'PUSH') return previous + 1;
  if (type === 'REPLACE') return previous;
  return length - 1;
}

export function historyButtons(position: number, length: number): { canGoBack: boolean; canGoForward: boolean } {
  return { canGoBack: position > 0, canGoForward: position < length - 1 };
}

function carriedPosition(): number | null {
  const value = (window.history.state as Record<string, unknown> | null)?.[POSITION_KEY];
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : null;
}

export function useHistoryNavigation() {
  const location = useLocation();
  const type = useNavigationType();
  const navigate = useNavigate();
  const [state, setState] = useState(() => ({ key: location.key, position: historyPosition(null, 'POP', carriedPosition(), window.history.length) }));
  // location.key changes on every navigation, including to the same path: derive the new position then.
  let position = state.position;
  if (state.key !== location.key) {
    position = historyPosition(state.position, type, carriedPosition(), window.history.length);
    setState({ key: location.key, position });
  }

  useEffect(() => {
    // Stamp the entry (keeping react-router's fields), so a reload or a return to it knows where it stands.
    if (carriedPosition() !== position) window.history.replaceState({ ...(window.history.state as object | null), [POSITION_KEY]: position }, '');
  }, [location.key, position]);

  return {
    ...historyButtons(position, window.history.length),
    back: () => navigate(-1),
    forward: () => navigate(1),
  };
}
