import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Frequency, Subscription } from '@sift/contracts';
import { FormAlert, formErrorsFrom } from '../../../components/Form';
import { Modal } from '../../../components/Modal';
import { useNotify } from '../../../components/Notifications';
import { useOnPathChange } from '../../../lib/hooks';
import { createSlot } from '../../../lib/slot';
import { refreshAfterFollow, updateSubscription } from '../api/queries';
import { FREQUENCY_NOTICES, FrequencyChoice } from './FrequencyChoice';
import '../subscriptions.css';

/** SPEC §9 "Modal open delay". */
const MODAL_OPEN_DELAY_MS = 500;

// The one open success modal, for whoever followed (a card, a page, a replayed action); the host mounted once in the
// app shows it.
const modal = createSlot<Subscription>();
let timer: ReturnType<typeof setTimeout> | undefined;

/** Opens the success modal after the modal delay of SPEC §9 (500 ms), as SPEC §4 asks after a follow. */
export function openSubscribeModal(subscription: Subscription | null) {
  clearTimeout(timer);
  if (!subscription) return modal.set(null);
  timer = setTimeout(() => modal.set(subscription), MODAL_OPEN_DELAY_MS);
}

/** Mount once (app/item-actions.tsx). */
export function SubscribeModalHost() {
  const subscription = modal.useValue();
  // SPEC §2: a path change closes what is open on another page; one still to open (a follow replayed after login,
  // then the way back) opens on the new page.
  useOnPathChange(modal.closeUnlessOn);
  if (!subscription) return null;
  return <SubscribeModal key={subscription.id} subscription={subscription} onClose={() => modal.set(null)} />;
}

function SubscribeModal({ subscription, onClose }: { subscription: Subscription; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const qc = useQueryClient();
  const notify = useNotify();
  const [frequency, setFrequency] = useState<Frequency>(subscription.frequency);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const name = subscription.target.name;

  async function choose(next: Frequency) {
    const before = frequency;
    setFrequency(next);
    setBusy(true);
    setError(null);
    try {
      await updateSubscription(subscription.id, { frequency: next });
      notify(i18n._(FREQUENCY_NOTICES[next]));
      void refreshAfterFollow(qc);
    } catch (err) {
      setFrequency(before);
      setError(formErrorsFrom(err).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal title={t`You follow ${name}`} onClose={onClose}>
      <p>
        {subscription.target.type === 'sift' ? <Trans>New videos from this sift now show in your feed.</Trans> : <Trans>New videos from this channel now show in your feed.</Trans>}
      </p>
      <FrequencyChoice legend={t`Tell me about new videos by e-mail`} value={frequency} onChange={(f) => void choose(f)} disabled={busy} />
      {error && <FormAlert>{error}</FormAlert>}
    </Modal>
  );
}
