import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { AppLink } from '../../../components/AppLink';
import { Page } from '../../../components/Page';
import { APP_NAME } from '../../../lib/config';
import { useLatest } from '../../../lib/hooks';
import { paths, to } from '../../../lib/paths';

/** How often, and for how long, the completion page asks whether Stripe's webhook has arrived. */
const POLL_MS = 1_000;
const POLL_FOR_MS = 60_000;

/**
 * /subscription-completed?session_id=…: back from Stripe's checkout. Coming back proves nothing (anyone can open this
 * address); the plan changes when Stripe's signed webhook arrives, which may be after the browser. So the page asks
 * for the member's data every second until it says PREMIUM, and says what is going on meanwhile.
 */
export function SubscriptionCompletedPage({ isPremium, isLoggedIn, refresh }: { isPremium: boolean; isLoggedIn: boolean; refresh: () => Promise<unknown> }) {
  const [timedOut, setTimedOut] = useState(false);
  const refreshRef = useLatest(refresh);
  useEffect(() => {
    if (isPremium || !isLoggedIn) return;
    const started = Date.now();
    const timer = window.setInterval(() => {
      if (Date.now() - started > POLL_FOR_MS) {
        window.clearInterval(timer);
        setTimedOut(true);
        return;
      }
      void refreshRef.current().catch(() => undefined);
    }, POLL_MS);
    return () => window.clearInterval(timer);
  }, [isPremium, isLoggedIn, refreshRef]);

  const { t } = useLingui();
  return (
    <Page title={t`Subscription completed`}>
      <div className="checkout-return" role="status">
        {isPremium ? (
          <>
            <p className="checkout-return-lead">
              <Trans>You are on Premium. Thank you for supporting {APP_NAME}!</Trans>
            </p>
            <p>
              <Trans>A receipt from Stripe is on its way to your e-mail.</Trans>
            </p>
          </>
        ) : !isLoggedIn ? (
          <p className="checkout-return-lead">
            <Trans>
              Thank you! <AppLink to={to.login(paths.subscriptionCompleted)}>Log in</AppLink> to see your plan.
            </Trans>
          </p>
        ) : timedOut ? (
          <p className="checkout-return-lead">
            <Trans>
              Stripe took your payment, but its confirmation has not reached us yet. Your plan changes to Premium as soon as it does: look again in a
              few minutes.
            </Trans>
          </p>
        ) : (
          <p className="checkout-return-lead">
            <span className="spinner spinner--inline" aria-hidden="true" /> <Trans>Thank you! Confirming your payment with Stripe…</Trans>
          </p>
        )}
      </div>
      <div className="checkout-return-actions">
        <AppLink to={paths.ready} className="btn btn-secondary">
          <Trans>See your plan</Trans>
        </AppLink>
        <AppLink to={to.home()} className="btn btn-primary">
          <Trans>Back to the videos</Trans>
        </AppLink>
      </div>
    </Page>
  );
}

/**
 * /subscription-cancelled: the member left Stripe's checkout without paying. Nothing was charged; back to the plans.
 * Notification mails sent before issue 19 link their unsubscribe page here with `?token=`: those go to /unsubscribe.
 */
export function SubscriptionCancelledPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const { t } = useLingui();
  if (token) return <Navigate to={`${paths.unsubscribe}?token=${encodeURIComponent(token)}`} replace />;
  return (
    <Page title={t`Subscription cancelled`}>
      <div className="checkout-return">
        <p className="checkout-return-lead">
          <Trans>You left the checkout, so nothing was charged and your plan is as it was.</Trans>
        </p>
        <p>
          <Trans>Changed your mind? You can upgrade any time.</Trans>
        </p>
      </div>
      <div className="checkout-return-actions">
        <AppLink to={paths.ready} className="btn btn-primary">
          <Trans>Back to plans</Trans>
        </AppLink>
        <AppLink to={to.home()} className="btn btn-secondary">
          <Trans>Back to the videos</Trans>
        </AppLink>
      </div>
    </Page>
  );
}
