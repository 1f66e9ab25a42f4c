import { Trans, useLingui } from '@lingui/react/macro';
import { Icon } from '../../components/Icon';
import { useStore } from '../../lib/hooks';
import { pendingUpdate } from './update-flow';

/**
 * "New version is available. Please refresh." (SPEC §8), an info message whose "refresh" hands over to the new
 * version. It floats above the page like the toasts (nothing below it moves) and stays until used or dismissed.
 */
export function UpdatePrompt() {
  const update = useStore(pendingUpdate);
  const { t } = useLingui();
  return (
    // The live region stays mounted so screen readers announce the message when it appears.
    <div className="update-region" role="status" aria-live="polite">
      {update && (
        <div className="message message--info update-prompt">
          <p>
            <Trans>
              New version is available. Please{' '}
              <button type="button" className="message-link" onClick={update.apply}>
                refresh
              </button>
              .
            </Trans>
          </p>
          <button type="button" className="icon-btn icon-btn--sm" aria-label={t`Dismiss message`} onClick={() => pendingUpdate.set(null)}>
            <Icon name="close" size={18} />
          </button>
        </div>
      )}
    </div>
  );
}
