import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { Suspense } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { AppLink } from '../../components/AppLink';
import { Modal } from '../../components/Modal';
import { useDocumentTitle } from '../../components/Page';
import { ReactivatedModal, useSession } from '../../features/account';
import { ChannelStrip } from '../../features/channels';
import { PublicFeed } from '../../features/feed';
import { lazy } from '../../lib/lazy';
import { paths } from '../../lib/paths';
import type { ShowModal } from '../guard';
import { useSubscriptionsEnabled } from '../subscriptions-option';

const LoginModal = lazy(() => import('../../features/account/components/LoginModal'));
const SubscriptionsModal = lazy(() => import('../../features/subscriptions/components/SubscriptionsModal').then((m) => ({ default: m.SubscriptionsModal })));

/** What the later issues' modals will do; until then the modal says so instead of failing silently. */
const COMING: Record<Exclude<ShowModal, 'login' | 'subscribe' | 'multiSubscribe'>, { title: MessageDescriptor; text: MessageDescriptor }> = {
  channel: { title: msg`Channel`, text: msg`Opening a channel from a shared link arrives with channel following.` },
};

/** / and /watch: channels strip and the public feed. /watch adds the video modal (rendered by the shell). */
export function DashboardPage() {
  useDocumentTitle(null);
  const { i18n } = useLingui();
  const location = useLocation();
  const navigate = useNavigate();
  const session = useSession();
  const subscriptionsEnabled = useSubscriptionsEnabled();
  const state = location.state as { modal?: string; showModal?: ShowModal } | null;
  const close = () => navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: null });
  const showModal = state?.showModal;

  return (
    <div className="page">
      <h1 id="page-title" className="sr-only" tabIndex={-1}>
        <Trans>Dashboard</Trans>
      </h1>
      <ChannelStrip />
      <PublicFeed />
      {state?.modal === 'reactivate' && <ReactivatedModal onClose={close} />}
      {showModal === 'login' && !session.isLoggedIn && (
        <Suspense fallback={null}>
          <LoginModal onClose={close} />
        </Suspense>
      )}
      {(showModal === 'subscribe' || showModal === 'multiSubscribe') && subscriptionsEnabled && (
        <Suspense fallback={null}>
          <SubscriptionsModal kind={showModal} onClose={close} />
        </Suspense>
      )}
      {showModal === 'channel' && (
        <Modal title={i18n._(COMING[showModal].title)} onClose={close}>
          <p>{i18n._(COMING[showModal].text)}</p>
          {!session.isLoggedIn && (
            <p>
              <Trans>
                Meanwhile, <AppLink to={paths.signup}>create a free account</AppLink> to be ready for it.
              </Trans>
            </p>
          )}
        </Modal>
      )}
    </div>
  );
}
