import { Trans, useLingui } from '@lingui/react/macro';
import { AppLink } from '../../../components/AppLink';
import { Modal } from '../../../components/Modal';
import { usePreference } from '../../../lib/hooks';
import { to } from '../../../lib/paths';
import { SubscriptionsList } from './SubscriptionsList';

/**
 * The `subscribe` and `multiSubscribe` modals (SPEC §2 showModal, §8: an unfollow that met a 401 comes back here
 * after login): the member's subscriptions with their e-mail frequency and Unfollow; a visitor is asked to log in.
 */
export function SubscriptionsModal({ kind, onClose }: { kind: 'subscribe' | 'multiSubscribe'; onClose: () => void }) {
  const { t } = useLingui();
  const [token] = usePreference('token');
  return (
    <Modal title={kind === 'subscribe' ? t`Subscribe` : t`Subscriptions`} onClose={onClose}>
      {token ? (
        <SubscriptionsList />
      ) : (
        <p>
          <Trans>
            <AppLink to={to.login(`/ec/${kind}`)}>Log in</AppLink> to follow channels and sifts and choose how often e-mail
            tells you about their new videos.
          </Trans>
        </p>
      )}
    </Modal>
  );
}
