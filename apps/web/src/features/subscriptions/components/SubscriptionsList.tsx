import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Frequency, Subscription } from '@sift/contracts';
import { AppLink } from '../../../components/AppLink';
import { FormAlert, formErrorsFrom } from '../../../components/Form';
import { Icon } from '../../../components/Icon';
import { useNotify } from '../../../components/Notifications';
import { refreshAfterFollow, unfollow, updateSubscription, useSubscriptions } from '../api/queries';
import { frequencyNoticesFor } from '../frequency-notices';
import { FREQUENCIES, FREQUENCY_LABELS } from '../frequencies';
import '../subscriptions.css';

const linkOf = (s: Subscription) => (s.target.type === 'channel' ? `/channel/${encodeURIComponent(s.target.externalId)}` : `/sifts/${encodeURIComponent(s.target.externalId)}`);

/** Profile: the member's subscriptions, each with its e-mail frequency and Unfollow. */
export function SubscriptionsList() {
  const { data, isPending, isError } = useSubscriptions();
  const items = data?.items ?? [];
  return (
    <section className="section subs" id="subscriptions" aria-labelledby="subs-heading">
      <div className="section-head">
        <h2 id="subs-heading">
          <Trans>Subscriptions</Trans>
        </h2>
      </div>
      {isPending && (
        <p role="status">
          <Trans>Loading…</Trans>
        </p>
      )}
      {isError && (
        <FormAlert>
          <Trans>Error returning results.</Trans>
        </FormAlert>
      )}
      {!isPending && !isError && items.length === 0 && (
        <p className="muted">
          <Trans>You follow no channels or sifts yet. Follow one to see its new videos in your feed.</Trans>
        </p>
      )}
      {items.length > 0 && (
        <ul className="subs-list">
          {items.map((s) => (
            <SubscriptionRow key={s.id} subscription={s} />
          ))}
        </ul>
      )}
    </section>
  );
}

function SubscriptionRow({ subscription: s }: { subscription: Subscription }) {
  const { t, i18n } = useLingui();
  const qc = useQueryClient();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const selectId = `freq-${s.id}`;
  const name = s.target.name;

  async function run(work: () => Promise<unknown>, done: string) {
    setBusy(true);
    setError(null);
    try {
      await work();
      notify(done);
      await refreshAfterFollow(qc);
    } catch (err) {
      setError(formErrorsFrom(err).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <li className="subs-row">
      {s.target.thumbnail ? (
        <img
          className={`subs-thumb subs-thumb--${s.target.type}`}
          src={s.target.thumbnail}
          alt=""
          width={40}
          height={40}
          data-name={s.target.type === 'channel' ? s.target.name : undefined}
        />
      ) : (
        <span className={`subs-thumb subs-thumb--${s.target.type} subs-thumb--icon`} aria-hidden="true">
          <Icon name={s.target.type === 'sift' ? 'sift' : 'user'} size={22} />
        </span>
      )}
      <div className="subs-text">
        <AppLink to={linkOf(s)} className="subs-name">
          {s.target.name}
        </AppLink>
        <span className="muted">
          {s.target.type === 'sift' ? t`Sift` : t`Channel`}
          {s.muted ? ` · ${t`muted`}` : ''}
        </span>
      </div>
      <label className="subs-freq" htmlFor={selectId}>
        <span className="sr-only">
          <Trans>E-mail for {name}</Trans>
        </span>
        <select
          id={selectId}
          value={s.frequency}
          disabled={busy}
          onChange={(e) => {
            const frequency = e.target.value as Frequency;
            void run(() => updateSubscription(s.id, { frequency }), i18n._(frequencyNoticesFor(name)[frequency]));
          }}
        >
          {FREQUENCIES.map((f) => (
            <option key={f} value={f}>
              {i18n._(FREQUENCY_LABELS[f])}
            </option>
          ))}
        </select>
      </label>
      <button type="button" className="btn btn-secondary" disabled={busy} aria-label={t`Unfollow ${name}`} onClick={() => void run(() => unfollow(s.id), t`Unfollowed ${name}`)}>
        <Trans>Unfollow</Trans>
      </button>
      {error && <FormAlert>{error}</FormAlert>}
    </li>
  );
}
