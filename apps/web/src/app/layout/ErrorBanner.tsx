import { useLingui } from '@lingui/react/macro';
import { Icon } from '../../components/Icon';
import { browserOffline, globalError } from '../../lib/api';
import { useStore } from '../../lib/hooks';

/**
 * The global error (SPEC §8). 401 and 404 carry an empty message, so they show nothing here. A call that got no
 * response while offline is no one's fault: its message is a notice, not an alarm (issue 31).
 */
export function ErrorBanner() {
  const error = useStore(globalError);
  const { t } = useLingui();
  if (!error?.message) return null;
  const offline = error.status === 0 && browserOffline();
  return (
    <div className={offline ? 'error-banner error-banner--offline' : 'error-banner'} role={offline ? 'status' : 'alert'}>
      <p>{error.message}</p>
      <button type="button" className="icon-btn icon-btn--sm" aria-label={t`Dismiss error`} onClick={() => globalError.set(null)}>
        <Icon name="close" size={18} />
      </button>
    </div>
  );
}
