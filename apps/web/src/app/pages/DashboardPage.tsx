import { Trans } from '@lingui/react/macro';
import { Suspense, useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { useDocumentTitle } from '../../components/Page';
import { ReactivatedModal, useSession } from '../../features/account';
import { ChannelStrip, STRIP_LIMIT, channelSearchOptions } from '../../features/channels';
import { PublicFeed, publicFeedOptions, publicFeedParams } from '../../features/feed';
import { useHideWatched } from '../../lib/hide-watched';
import { useMediaQuery } from '../../lib/hooks';
import { whenIdle } from '../../lib/idle';
import { lazy } from '../../lib/lazy';
import { PAGE_SIZE } from '../../lib/paging';
import { paths } from '../../lib/paths';
import type { ShowModal } from '../guard';
import { useSubscriptionsEnabled } from '../subscriptions-option';

const LoginModal = lazy(() => import('../../features/account/components/LoginModal'));
const SubscriptionsModal = lazy(() => import('../../features/subscriptions/components/SubscriptionsModal').then((m) => ({ default: m.SubscriptionsModal })));

const ChannelModal = lazy(() => import('./ChannelModalRoute'));
// A member's row only: a visitor's first page (the bundle budget's first route) never loads it.
const ContinueWatching = lazy(() => import('../../features/history/components/ContinueWatching').then((m) => ({ default: m.ContinueWatching })));

/** Where the video modal covers the whole page (features/watch/player.css: `.backdrop--watch` has no margin there). */
const MODAL_COVERS_PAGE = '(max-width: 767px)';

/** `/ec/channel?channel={externalId}`: the channel the channel modal shows (without it, the most-followed ones). */
const CHANNEL_PARAM = 'channel';

/** / and /watch: a member's Continue watching row, the channels strip and the public feed. /watch adds the video modal (rendered by the shell). */
export function DashboardPage() {
  useDocumentTitle(null);
  const location = useLocation();
  const navigate = useNavigate();
  const session = useSession();
  const subscriptionsEnabled = useSubscriptionsEnabled();
  const state = location.state as { modal?: string; showModal?: ShowModal } | null;
  const close = () => {
    // The channel modal's own parameter goes with it; the others (v, …) stay.
    const search = new URLSearchParams(location.search);
    search.delete(CHANNEL_PARAM);
    const qs = search.toString();
    navigate({ pathname: location.pathname, search: qs ? `?${qs}` : '' }, { replace: true, state: null });
  };
  const showModal = state?.showModal;
  // On /watch the video modal covers the Dashboard (all of it on a phone, all but a dimmed margin on a desktop), and
  // minimising leaves /watch for a page drawn anew. So here its channels and videos are fetched, ready for that page,
  // but only their placeholders are drawn (issue 18: drawing them cost the player's page ~200 ms of main thread while
  // the video was starting).
  const held = location.pathname === paths.watch;
  // On a phone nothing of it shows at all: it is not drawn, and what it will show is fetched into the cache once the
  // page is idle, not while the video's first view is drawn (decision 056: its queries' effects and answers were
  // ~60 ms of the watch page's tasks at 4×). Its modals (below) stay.
  const covered = useMediaQuery(MODAL_COVERS_PAGE) && held;

  return (
    <div className="page">
      <h1 id="page-title" className="sr-only" tabIndex={-1}>
        <Trans>Dashboard</Trans>
      </h1>
      {covered ? (
        <FetchAhead />
      ) : (
        <>
          {session.token && (
            <Suspense fallback={null}>
              <ContinueWatching held={held} />
            </Suspense>
          )}
          <ChannelStrip held={held} />
          <PublicFeed held={held} />
        </>
      )}
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
        <Suspense fallback={null}>
          <ChannelModal externalId={new URLSearchParams(location.search).get(CHANNEL_PARAM)} onClose={close} />
        </Suspense>
      )}
    </div>
  );
}

/** The Dashboard's channels and first page of videos, fetched into the cache once the page is idle (nothing drawn). */
function FetchAhead() {
  const client = useQueryClient();
  const hideWatched = useHideWatched('dashboard').on;
  useEffect(
    () =>
      whenIdle(() => {
        void client.prefetchQuery(channelSearchOptions('', { limit: STRIP_LIMIT, quiet: true }));
        void client.prefetchInfiniteQuery(publicFeedOptions(PAGE_SIZE, publicFeedParams(hideWatched)));
      }),
    [client, hideWatched],
  );
  return null;
}
