import { useLingui } from '@lingui/react/macro';
import { inFlight } from '../lib/api';
import { useStore } from '../lib/hooks';

/**
 * The global loading indicator: visible while any API call is in flight, hidden after every call. It follows whether
 * any call is in flight, not their count: a first visit's half-dozen calls each changed the count twice, and each
 * change drew the bar again in a task of its own (issue 32).
 */
export function LoadingBar() {
  const { t } = useLingui();
  const busy = useStore(inFlight, (count) => count > 0);
  return busy ? <div className="loading-bar" role="progressbar" aria-label={t`Loading`} /> : null;
}
