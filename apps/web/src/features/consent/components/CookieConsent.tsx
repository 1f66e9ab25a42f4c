import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { AppLink } from '../../../components/AppLink';
import { track } from '../../../lib/analytics';
import { COOKIE_CONSENT_DAYS, COOKIE_CONSENT_NAME, readCookie, writeCookie } from '../../../lib/cookies';

const DAY_MS = 86_400_000;

/** The cookie-consent bar (SPEC §2): shown until accepted; acceptance is a cookie kept for 365 days. */
export function CookieConsent() {
  const { t } = useLingui();
  const [accepted, setAccepted] = useState(() => readCookie(COOKIE_CONSENT_NAME) === 'true');
  if (accepted) return null;
  return (
    <section className="consent" aria-label={t`Cookie consent`}>
      <p>
        <Trans>
          We use cookies to remember your choices and keep you signed in. Read our{' '}
          <AppLink to="/cookiepolicy">Cookie Policy</AppLink>.
        </Trans>
      </p>
      <button
        type="button"
        className="btn btn-primary"
        onClick={() => {
          writeCookie(COOKIE_CONSENT_NAME, 'true', COOKIE_CONSENT_DAYS * DAY_MS);
          setAccepted(true);
          // Nothing was counted before this moment: the page the visitor accepted on is their first page view.
          track('eca_page_view');
        }}
      >
        <Trans>Accept</Trans>
      </button>
    </section>
  );
}
