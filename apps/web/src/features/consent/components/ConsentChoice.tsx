import { Trans } from '@lingui/react/macro';
import { useState } from 'react';
import { useConsentAccepted, withdrawConsent } from '../consent';

/** On the privacy page: where the visitor's consent stands, and the button that withdraws it. */
export function ConsentChoice() {
  const accepted = useConsentAccepted();
  const [withdrawn, setWithdrawn] = useState(false);
  return (
    <div className="consent-choice" aria-live="polite">
      {accepted ? (
        <>
          <p>
            <Trans>You accepted the cookie notice, so this browser sends usage statistics.</Trans>
          </p>
          <button
            type="button"
            className="btn"
            onClick={() => {
              withdrawConsent();
              setWithdrawn(true);
            }}
          >
            <Trans>Withdraw consent</Trans>
          </button>
        </>
      ) : withdrawn ? (
        <p>
          <Trans>Consent withdrawn: nothing more is sent, and this browser’s random identifier is deleted.</Trans>
        </p>
      ) : (
        <p>
          <Trans>You have not accepted the cookie notice, so nothing is sent.</Trans>
        </p>
      )}
    </div>
  );
}
