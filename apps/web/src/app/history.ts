import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useNavigationType, type NavigationType } from 'react-router';

/**
 * Back/forward availability for the header buttons (SPEC §2: disabled when there is no history).
 *
 * The browser does not say whether there is a forward entry, so we track it: BrowserRouter stamps each entry
 * with its index (`history.state.idx`), and we keep the highest index reachable by going forward. A PUSH
 * discards the forward entries; REPLACE and POP do not. The maximum survives reloads in sessionStorage, which
 * lives exactly as long as the tab's history does.
 */
export interface HistoryPosition {
  idx: number;
  max: number;
}

/** 'PUSH' | 'POP' | 'REPLACE' (react-router's NavigationType enum, by value). */
export type NavKind = `${NavigationType}`;

export function nextHistoryPosition(prev: HistoryPosition, type: NavKind, idx: number): HistoryPosition {
  if (type === 'PUSH') return { idx, max: idx };
  return { idx, max: Math.max(prev.max, idx) };
}

const MAX_KEY = 'sift.historyMax';

function readIdx(): number {
  const idx = (window.history.state as { idx?: unknown } | null)?.idx;
  return typeof idx === 'number' && idx >= 0 ? idx : 0;
}

function readStoredMax(): number {
  try {
    const n = Number(sessionStorage.getItem(MAX_KEY));
    return Number.isFinite(n) && n >= 0 ? n : 0;
  } catch {
    return 0;
  }
}

export function useHistoryNavigation() {
  const location = useLocation();
  const type = useNavigationType();
  const navigate = useNavigate();
  const [state, setState] = useState(() => {
    const idx = readIdx();
    return { key: location.key, pos: { idx, max: Math.max(idx, readStoredMax()) } };
  });
  // location.key changes on every navigation, including to the same path: derive the new position then.
  let pos = state.pos;
  if (state.key !== location.key) {
    pos = nextHistoryPosition(state.pos, type, readIdx());
    setState({ key: location.key, pos });
  }

  useEffect(() => {
    try {
      sessionStorage.setItem(MAX_KEY, String(pos.max));
    } catch {
      /* the buttons still work for this page view */
    }
  }, [pos.max]);

  return {
    canGoBack: pos.idx > 0,
    canGoForward: pos.idx < pos.max,
    back: () => navigate(-1),
    forward: () => navigate(1),
  };
}
