import { useLingui } from '@lingui/react/macro';
import { useSyncExternalStore } from 'react';
import { inFlight } from '../lib/api';

const loading = () => inFlight.get() > 0;

/**
 * The global loading indicator: visible while any API call is in flight, hidden after every call. It follows whether
 * any call is in flight, not their count: a first visit's half-dozen calls each changed the count twice, and each
 * change drew the bar again in a task of its own (issue 32).
 */
export function LoadingBar() {
  const { t } = useLingui();
  const busy = useSyncExternalStore(inFlight.subscribe, loading, loading);
  return busy ? <div className="loading-bar" role="progressbar" aria-label={t`Loading`} /> : null;
}
