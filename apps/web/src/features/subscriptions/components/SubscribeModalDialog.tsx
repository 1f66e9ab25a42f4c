import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Frequency, Subscription } from '@sift/contracts';
import { FormAlert, formErrorsFrom } from '../../../components/Form';
import { Modal } from '../../../components/Modal';
import { useNotify } from '../../../components/Notifications';
import { refreshAfterFollow, updateSubscription } from '../api/queries';
import { FREQUENCY_NOTICES } from '../frequency-notices';
import { FrequencyChoice } from './FrequencyChoice';
import '../subscriptions.css';

/** The success modal after a follow (SPEC §4), with the frequency choice: shown by SubscribeModalHost. */
export function SubscribeModal({ subscription, onClose }: { subscription: Subscription; onClose: () => void }) {
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
