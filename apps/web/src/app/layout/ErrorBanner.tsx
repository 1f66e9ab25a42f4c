import { useLingui } from '@lingui/react/macro';
import { Icon } from '../../components/Icon';
import { globalError } from '../../lib/api';
import { useStore } from '../../lib/hooks';

/** The global error (SPEC §8). 401 and 404 carry an empty message, so they show nothing here. */
export function ErrorBanner() {
  const error = useStore(globalError);
  const { t } = useLingui();
  if (!error?.message) return null;
  return (
    <div className="error-banner" role="alert">
      <p>{error.message}</p>
      <button type="button" className="icon-btn icon-btn--sm" aria-label={t`Dismiss error`} onClick={() => globalError.set(null)}>
        <Icon name="close" size={18} />
      </button>
    </div>
  );
}
