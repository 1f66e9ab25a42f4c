import { useQueryClient } from '@tanstack/react-query';
import { useState, useSyncExternalStore } from 'react';
import type { Frequency, Subscription } from '@sift/contracts';
import { FormAlert, formErrorsFrom } from '../../../components/Form';
import { Modal } from '../../../components/Modal';
import { useNotify } from '../../../components/Notifications';
import { useOnPathChange } from '../../../lib/hooks';
import { refreshAfterFollow, updateSubscription } from '../api/queries';
import { FREQUENCY_LABELS, FrequencyChoice } from './FrequencyChoice';
import '../subscriptions.css';

/** SPEC §9 "Modal open delay". */
const MODAL_OPEN_DELAY_MS = 500;

// The one open success modal, for whoever followed (a card, a page, a replayed action). Module state: the host
// mounted once in the app shows it.
let current: Subscription | null = null;
/** Where it opened: a follow replayed after login opens on the page the router is still loading. */
let openedOn: string | null = null;
let timer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};
function set(value: Subscription | null) {
  current = value;
  openedOn = value ? window.location.pathname : null;
  for (const l of listeners) l();
}

/** Opens the success modal after the modal delay of SPEC §9 (500 ms), as SPEC §4 asks after a follow. */
export function openSubscribeModal(subscription: Subscription | null) {
  clearTimeout(timer);
  if (!subscription) return set(null);
  timer = setTimeout(() => set(subscription), MODAL_OPEN_DELAY_MS);
}

/** Mount once (app/item-actions.tsx). */
export function SubscribeModalHost() {
  const subscription = useSyncExternalStore(subscribe, () => current);
  // SPEC §2: a path change closes what is open on another page; one still to open (a follow replayed after login,
  // then the way back) opens on the new page.
  useOnPathChange((pathname) => {
    if (current && openedOn !== pathname) set(null);
  });
  if (!subscription) return null;
  return <SubscribeModal key={subscription.id} subscription={subscription} onClose={() => set(null)} />;
}

function SubscribeModal({ subscription, onClose }: { subscription: Subscription; onClose: () => void }) {
  const qc = useQueryClient();
  const notify = useNotify();
  const [frequency, setFrequency] = useState<Frequency>(subscription.frequency);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function choose(next: Frequency) {
    const before = frequency;
    setFrequency(next);
    setBusy(true);
    setError(null);
    try {
      await updateSubscription(subscription.id, { frequency: next });
      notify(`E-mail: ${FREQUENCY_LABELS[next].toLowerCase()}`);
      void refreshAfterFollow(qc);
    } catch (err) {
      setFrequency(before);
      setError(formErrorsFrom(err).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal title={`You follow ${subscription.target.name}`} onClose={onClose}>
      <p>New videos from {subscription.target.type === 'sift' ? 'this sift' : 'this channel'} now show in your feed.</p>
      <FrequencyChoice legend="Tell me about new videos by e-mail" value={frequency} onChange={(f) => void choose(f)} disabled={busy} />
      {error && <FormAlert>{error}</FormAlert>}
    </Modal>
  );
}
