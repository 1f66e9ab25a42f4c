import { Trans } from '@lingui/react/macro';
import { useState } from 'react';
import { useConsentAnswer, withdrawConsent } from '../consent';

/** On the privacy page: where the visitor's consent stands, and the button that withdraws it (or asks again). */
export function ConsentChoice() {
  const answer = useConsentAnswer();
  const [withdrawn, setWithdrawn] = useState(false);
  return (
    <div className="consent-choice" aria-live="polite">
      {answer === 'accepted' ? (
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
      ) : answer === 'declined' ? (
        <>
          <p>
            <Trans>You declined the cookie notice, so nothing is sent.</Trans>
          </p>
          <button type="button" className="btn" onClick={withdrawConsent}>
            <Trans>Show the cookie notice again</Trans>
          </button>
        </>
      ) : (
        <p>
          <Trans>You have not accepted the cookie notice, so nothing is sent.</Trans>
        </p>
      )}
    </div>
  );
}
