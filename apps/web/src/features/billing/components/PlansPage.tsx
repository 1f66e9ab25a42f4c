import { useQueryClient } from '@tanstack/react-query';
import type { BillingInterval, BillingStatus } from '@sift/contracts';
import { useId, useState } from 'react';
import { AppLink } from '../../../components/AppLink';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { FormAlert, formErrorsFrom } from '../../../components/Form';
import { useNotify } from '../../../components/Notifications';
import { Page } from '../../../components/Page';
import { APP_NAME } from '../../../lib/config';
import { to } from '../../../lib/paths';
import { billingKeys, cancelSubscription, resumeSubscription, startCheckout, useBillingStatus } from '../api/billing';
import { intervalLabel, longDate, offerPrice } from './format';
import './billing.css';

export interface PlansMember {
  isLoggedIn: boolean;
  isPremium: boolean;
}

/**
 * /ready: the plans (issue 19, decisions/024). FREE and PREMIUM side by side; PREMIUM is a supporter plan with the same
 * features, billed monthly or annually through Stripe's hosted checkout. A paying member sees their renewal or ending
 * date and may cancel (at the period's end) or take the cancellation back. Without Stripe set up, the page says how
 * the operator upgrades a member.
 */
export function PlansPage({ member }: { member: PlansMember }) {
  const status = useBillingStatus(member.isLoggedIn);
  return (
    <Page title="Plans">
      <div className="plans">
        <p className="plans-intro">
          {APP_NAME} is free to use. Premium is how members support this site: you keep the same features, and help pay for
          running it.
        </p>
        {status.isPending ? (
          <p className="muted" role="status">
            Loading plans…
          </p>
        ) : status.isError ? (
          <FormAlert>
            <p>{formErrorsFrom(status.error).message}</p>
          </FormAlert>
        ) : (
          <Plans member={member} status={status.data} />
        )}
      </div>
    </Page>
  );
}

function Plans({ member, status }: { member: PlansMember; status: BillingStatus }) {
  const subscription = status.subscription;
  const paying = !!subscription && ['active', 'trialing', 'past_due'].includes(subscription.status);
  return (
    <>
      {member.isPremium && <YourPremium status={status} />}
      <div className="plan-cards">
        <section className="plan-card" aria-labelledby="plan-free">
          <h2 id="plan-free">Free</h2>
          <p className="plan-price">No charge</p>
          <ul className="plan-points">
            <li>Follow channels and get new videos by e-mail</li>
            <li>Sifts, playlists and Watch later</li>
            <li>Import from YouTube and take your data out</li>
          </ul>
          {member.isLoggedIn && !member.isPremium && <p className="plan-current">Your plan</p>}
        </section>
        <section className="plan-card plan-card--premium" aria-labelledby="plan-premium">
          <h2 id="plan-premium">Premium</h2>
          {status.enabled ? <PremiumOffer member={member} status={status} paying={paying} /> : <BillingOff member={member} />}
        </section>
      </div>
    </>
  );
}

function PremiumOffer({ member, status, paying }: { member: PlansMember; status: BillingStatus; paying: boolean }) {
  // A paying member sees the price of the interval they pay by.
  const [interval, setInterval] = useState<BillingInterval>(status.subscription?.interval ?? status.offers[0]?.interval ?? 'monthly');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const groupId = useId();
  const chosen = status.offers.find((o) => o.interval === interval) ?? status.offers[0];

  async function upgrade() {
    setBusy(true);
    setError(null);
    try {
      const { url } = await startCheckout(interval);
      // Stripe's hosted checkout; it sends the member back to /subscription-completed or /subscription-cancelled.
      window.location.assign(url);
    } catch (err) {
      setError(formErrorsFrom(err).message);
      setBusy(false);
    }
  }

  return (
    <>
      {/* The chosen interval's price; the choice below changes it (announced to screen readers). */}
      <p className="plan-price" aria-live="polite">
        {chosen ? (offerPrice(chosen) ?? intervalLabel(chosen.interval)) : null}
      </p>
      <ul className="plan-points">
        <li>Everything in Free</li>
        <li>You support this site and its upkeep</li>
        <li>Cancel any time: Premium lasts to the end of the period you paid for</li>
      </ul>
      {member.isPremium ? (
        <p className="plan-current">Your plan</p>
      ) : (
        <>
          {status.offers.length > 1 && (
            <fieldset className="plan-intervals">
              <legend id={groupId}>Billed</legend>
              {status.offers.map((offer) => (
                <label key={offer.interval} className="plan-interval">
                  <input type="radio" name="interval" value={offer.interval} checked={interval === offer.interval} onChange={() => setInterval(offer.interval)} />
                  <span>{intervalLabel(offer.interval)}</span>
                </label>
              ))}
            </fieldset>
          )}
          {error && (
            <FormAlert>
              <p>{error}</p>
            </FormAlert>
          )}
          {member.isLoggedIn ? (
            <button type="button" className="btn btn-primary plan-action" onClick={() => void upgrade()} disabled={busy || paying} aria-busy={busy || undefined}>
              {busy ? 'Opening checkout…' : 'Upgrade to Premium'}
            </button>
          ) : (
            <AppLink to={to.login('/ready')} className="btn btn-primary plan-action">
              Log in to upgrade
            </AppLink>
          )}
          <p className="muted plan-note">Payment is handled by Stripe; {APP_NAME} never sees your card.</p>
        </>
      )}
    </>
  );
}

function BillingOff({ member }: { member: PlansMember }) {
  return (
    <>
      <p className="plan-price">Given by this site&apos;s operator</p>
      <FormAlert kind="info">
        <p>
          This site takes no payments. Its operator can upgrade a member with <code>npm run admin -- set-plan &lt;email&gt; PREMIUM</code>
          {member.isLoggedIn && !member.isPremium ? ': ask them if you would like Premium.' : '.'}
        </p>
      </FormAlert>
      {member.isPremium && <p className="plan-current">Your plan</p>}
    </>
  );
}

/** A PREMIUM member's own plan: how it is billed, when it renews or ends, and Cancel or Keep Premium. */
function YourPremium({ status }: { status: BillingStatus }) {
  const qc = useQueryClient();
  const notify = useNotify();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const sub = status.subscription;
  const live = !!sub && ['active', 'trialing', 'past_due'].includes(sub.status);
  const end = longDate(sub?.currentPeriodEnd ?? null);

  async function change(kind: 'cancel' | 'resume') {
    setBusy(true);
    setError(null);
    try {
      const next = await (kind === 'cancel' ? cancelSubscription() : resumeSubscription());
      qc.setQueryData(billingKeys.status(true), next);
      const ends = longDate(next.subscription?.currentPeriodEnd ?? null);
      notify(kind === 'cancel' ? `Premium is cancelled. It stays yours until ${ends ?? 'the end of the period'}.` : 'Premium renews again.');
    } catch (err) {
      setError(formErrorsFrom(err).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="your-plan" aria-labelledby="your-plan">
      <h2 id="your-plan">
        Your plan: <span className="plan-badge plan-badge--premium">Premium</span>
      </h2>
      {live && sub ? (
        <>
          <p>
            Billed {sub.interval === 'annual' ? 'annually' : 'monthly'}.{' '}
            {sub.cancelAtPeriodEnd ? (
              <strong>Premium ends on {end}.</strong>
            ) : (
              <>Renews on {end}.</>
            )}{' '}
            Thank you for supporting {APP_NAME}.
          </p>
          {sub.status === 'past_due' && (
            <FormAlert kind="info">
              <p>Your last payment did not go through. Stripe will try again in the coming days; Premium stays meanwhile.</p>
            </FormAlert>
          )}
          {error && (
            <FormAlert>
              <p>{error}</p>
            </FormAlert>
          )}
          {sub.cancelAtPeriodEnd ? (
            <button type="button" className="btn btn-primary" disabled={busy} aria-busy={busy || undefined} onClick={() => void change('resume')}>
              Keep Premium
            </button>
          ) : (
            <button type="button" className="btn btn-secondary" disabled={busy} aria-busy={busy || undefined} onClick={() => setConfirming(true)}>
              Cancel Premium
            </button>
          )}
        </>
      ) : (
        <p>This site&apos;s operator gave you Premium. Thank you for being here.</p>
      )}
      {confirming && (
        <ConfirmDialog
          title="Cancel Premium?"
          message={`You keep Premium until ${end ?? 'the end of the period you paid for'}; after that your plan is Free and nothing more is charged.`}
          confirmLabel="Cancel Premium"
          danger
          onConfirm={() => void change('cancel')}
          onClose={() => setConfirming(false)}
        />
      )}
    </section>
  );
}
