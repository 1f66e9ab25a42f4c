import { Trans, useLingui } from '@lingui/react/macro';
import { AppLink } from '../../../components/AppLink';
import { acceptConsent, useConsentAccepted } from '../consent';

/** The cookie-consent bar (SPEC §2): shown until accepted; acceptance is a cookie kept for 365 days. */
export function CookieConsent() {
  const { t } = useLingui();
  if (useConsentAccepted()) return null;
  return (
    <section className="consent" aria-label={t`Cookie consent`}>
      <p>
        <Trans>
          We use cookies to remember your choices and keep you signed in. Read our{' '}
          <AppLink to="/cookiepolicy">Cookie Policy</AppLink>.
        </Trans>
      </p>
      <button type="button" className="btn btn-primary" onClick={acceptConsent}>
        <Trans>Accept</Trans>
      </button>
    </section>
  );
}
