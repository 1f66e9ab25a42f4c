import { useEffect, useRef, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { AppLink } from '../../../components/AppLink';
import { Page } from '../../../components/Page';
import { APP_NAME } from '../../../lib/config';
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
  const refreshRef = useRef(refresh);
  refreshRef.current = refresh;
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
  }, [isPremium, isLoggedIn]);

  return (
    <Page title="Subscription completed">
      <div className="checkout-return" role="status">
        {isPremium ? (
          <>
            <p className="checkout-return-lead">You are on Premium. Thank you for supporting {APP_NAME}!</p>
            <p>A receipt from Stripe is on its way to your e-mail.</p>
          </>
        ) : !isLoggedIn ? (
          <p className="checkout-return-lead">
            Thank you! <AppLink to={to.login(paths.subscriptionCompleted)}>Log in</AppLink> to see your plan.
          </p>
        ) : timedOut ? (
          <p className="checkout-return-lead">
            Stripe took your payment, but its confirmation has not reached us yet. Your plan changes to Premium as soon as it does: look again in a few
            minutes.
          </p>
        ) : (
          <p className="checkout-return-lead">
            <span className="spinner spinner--inline" aria-hidden="true" /> Thank you! Confirming your payment with Stripe…
          </p>
        )}
      </div>
      <div className="checkout-return-actions">
        <AppLink to={paths.ready} className="btn btn-secondary">
          See your plan
        </AppLink>
        <AppLink to={to.home()} className="btn btn-primary">
          Back to the videos
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
  if (token) return <Navigate to={`${paths.unsubscribe}?token=${encodeURIComponent(token)}`} replace />;
  return (
    <Page title="Subscription cancelled">
      <div className="checkout-return">
        <p className="checkout-return-lead">You left the checkout, so nothing was charged and your plan is as it was.</p>
        <p>Changed your mind? You can upgrade any time.</p>
      </div>
      <div className="checkout-return-actions">
        <AppLink to={paths.ready} className="btn btn-primary">
          Back to plans
        </AppLink>
        <AppLink to={to.home()} className="btn btn-secondary">
          Back to the videos
        </AppLink>
      </div>
    </Page>
  );
}
