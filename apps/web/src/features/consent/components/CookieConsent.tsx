import { Trans, useLingui } from '@lingui/react/macro';
import { AppLink } from '../../../components/AppLink';
import { acceptConsent, declineConsent, useConsentAnswer } from '../consent';

/**
 * The cookie-consent bar (SPEC §2): shown until answered; an answer is a cookie kept for 365 days. Accept starts usage
 * statistics, Decline keeps them off (issue 31). It stands at the end of the page and sticks to the bottom of the
 * screen while the page scrolls, so its height is kept free below the page's last control: nothing is ever under it.
 */
export function CookieConsent() {
  const { t } = useLingui();
  if (useConsentAnswer() !== null) return null;
  return (
    <section className="consent" aria-label={t`Cookie consent`}>
      <p>
        <Trans>
          We use cookies to remember your choices and keep you signed in, and, if you accept, to count visits. Read our{' '}
          <AppLink to="/cookiepolicy">Cookie Policy</AppLink>.
        </Trans>
      </p>
      <div className="consent-actions">
        <button type="button" className="btn btn-secondary" onClick={declineConsent}>
          <Trans>Decline</Trans>
        </button>
        <button type="button" className="btn btn-primary" onClick={acceptConsent}>
          <Trans>Accept</Trans>
        </button>
      </div>
    </section>
  );
}
