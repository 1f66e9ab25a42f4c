import { Trans, useLingui } from '@lingui/react/macro';
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

/** The mark on the member's current plan. */
function YourPlanMark() {
  return (
    <p className="plan-current">
      <Trans>Your plan</Trans>
    </p>
  );
}

export interface PlansMember {
  isLoggedIn: boolean;
  isPremium: boolean;
}

/**
 * /ready: the plans (issue 19, decisions/024). FREE and PREMIUM side by side; PREMIUM is a supporter plan with the same
 * features, billed monthly or annually through Stripe's hosted checkout. A paying member sees their renewal or ending
 * date and may cancel (at the period's end) or take the cancellation back. Without Stripe set up, the page says Premium
 * is not available here (how the operator turns it on, or gives it, is the start log's and the README's business).
 * Only the member's own plan looks chosen (issue 31): a visitor's cards both look alike.
 */
export function PlansPage({ member }: { member: PlansMember }) {
  const status = useBillingStatus(member.isLoggedIn);
  const { t } = useLingui();
  return (
    <Page title={t`Plans`}>
      <div className="plans">
        <p className="plans-intro">
          <Trans>
            {APP_NAME} is free to use. Premium is how members support this site: you keep the same features, and help pay for running it.
          </Trans>
        </p>
        {status.isPending ? (
          <p className="muted" role="status">
            <Trans>Loading plans…</Trans>
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
        <section className="plan-card" aria-labelledby="plan-free" aria-current={member.isLoggedIn && !member.isPremium ? 'true' : undefined}>
          <h2 id="plan-free">
            <Trans comment="Plan name">Free</Trans>
          </h2>
          <p className="plan-price">
            <Trans>No charge</Trans>
          </p>
          <ul className="plan-points">
            <li>
              <Trans>Follow channels and get new videos by e-mail</Trans>
            </li>
            <li>
              <Trans>Sifts, playlists and Watch later</Trans>
            </li>
            <li>
              <Trans>Import from YouTube and take your data out</Trans>
            </li>
          </ul>
          {member.isLoggedIn && !member.isPremium && <YourPlanMark />}
        </section>
        <section className="plan-card" aria-labelledby="plan-premium" aria-current={member.isPremium ? 'true' : undefined}>
          <h2 id="plan-premium">
            <Trans comment="Plan name">Premium</Trans>
          </h2>
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
        <li>
          <Trans>Everything in Free</Trans>
        </li>
        <li>
          <Trans>You support this site and its upkeep</Trans>
        </li>
        <li>
          <Trans>Cancel any time: Premium lasts to the end of the period you paid for</Trans>
        </li>
      </ul>
      {member.isPremium ? (
        <YourPlanMark />
      ) : (
        <>
          {status.offers.length > 1 && (
            <fieldset className="plan-intervals">
              <legend id={groupId}>
                <Trans comment="Followed by the choice Monthly / Annual">Billed</Trans>
              </legend>
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
              {busy ? <Trans>Opening checkout…</Trans> : <Trans>Upgrade to Premium</Trans>}
            </button>
          ) : (
            <AppLink to={to.login('/ready')} className="btn btn-primary plan-action">
              <Trans>Log in to upgrade</Trans>
            </AppLink>
          )}
          <p className="muted plan-note">
            <Trans>Payment is handled by Stripe; {APP_NAME} never sees your card.</Trans>
          </p>
        </>
      )}
    </>
  );
}

/** No payments on this site: said to the member as it concerns them; the operator reads how to change it in the log. */
function BillingOff({ member }: { member: PlansMember }) {
  return (
    <>
      <p className="plan-price">
        <Trans>Not available on this site</Trans>
      </p>
      {member.isPremium ? (
        <YourPlanMark />
      ) : (
        <FormAlert kind="info">
          <p>
            <Trans>Premium is not available on this site: it takes no payments. Everything in Free stays yours.</Trans>
          </p>
        </FormAlert>
      )}
    </>
  );
}

/** A PREMIUM member's own plan: how it is billed, when it renews or ends, and Cancel or Keep Premium. */
function YourPremium({ status }: { status: BillingStatus }) {
  const qc = useQueryClient();
  const notify = useNotify();
  const { t } = useLingui();
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
      notify(
        kind === 'cancel'
          ? ends
            ? t`Premium is cancelled. It stays yours until ${ends}.`
            : t`Premium is cancelled. It stays yours until the end of the period.`
          : t`Premium renews again.`,
      );
    } catch (err) {
      setError(formErrorsFrom(err).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="your-plan" aria-labelledby="your-plan">
      <h2 id="your-plan">
        <Trans>Your plan:</Trans>{' '}
        <span className="plan-badge plan-badge--premium">
          <Trans comment="Plan name">Premium</Trans>
        </span>
      </h2>
      {live && sub ? (
        <>
          <p>
            {sub.interval === 'annual' ? <Trans>Billed annually.</Trans> : <Trans>Billed monthly.</Trans>}{' '}
            {sub.cancelAtPeriodEnd ? (
              <strong>
                <Trans>Premium ends on {end}.</Trans>
              </strong>
            ) : (
              <Trans>Renews on {end}.</Trans>
            )}{' '}
            <Trans>Thank you for supporting {APP_NAME}.</Trans>
          </p>
          {sub.status === 'past_due' && (
            <FormAlert kind="info">
              <p>
                <Trans>Your last payment did not go through. Stripe will try again in the coming days; Premium stays meanwhile.</Trans>
              </p>
            </FormAlert>
          )}
          {error && (
            <FormAlert>
              <p>{error}</p>
            </FormAlert>
          )}
          {sub.cancelAtPeriodEnd ? (
            <button type="button" className="btn btn-primary" disabled={busy} aria-busy={busy || undefined} onClick={() => void change('resume')}>
              <Trans>Keep Premium</Trans>
            </button>
          ) : (
            <button type="button" className="btn btn-secondary" disabled={busy} aria-busy={busy || undefined} onClick={() => setConfirming(true)}>
              <Trans>Cancel Premium</Trans>
            </button>
          )}
        </>
      ) : (
        <p>
          <Trans>This site&apos;s operator gave you Premium. Thank you for being here.</Trans>
        </p>
      )}
      {confirming && (
        <ConfirmDialog
          title={t`Cancel Premium?`}
          message={
            end
              ? t`You keep Premium until ${end}; after that your plan is Free and nothing more is charged.`
              : t`You keep Premium until the end of the period you paid for; after that your plan is Free and nothing more is charged.`
          }
          confirmLabel={t`Cancel Premium`}
          cancelLabel={t`Keep Premium`}
          danger
          onConfirm={() => void change('cancel')}
          onClose={() => setConfirming(false)}
        />
      )}
    </section>
  );
}
