import { useLingui } from '@lingui/react/macro';
import { inFlight } from '../lib/api';
import { useStore } from '../lib/hooks';

/** The global loading indicator: visible while any API call is in flight, hidden after every call. */
export function LoadingBar() {
  const { t } = useLingui();
  const count = useStore(inFlight);
  return count > 0 ? <div className="loading-bar" role="progressbar" aria-label={t`Loading`} /> : null;
}
