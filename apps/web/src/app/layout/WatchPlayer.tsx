import type { Video } from '@sift/contracts';
import { useCallback, useEffect, useMemo } from 'react';
import { useLocation, useNavigate, useNavigationType } from 'react-router';
import { useSession } from '../../features/account';
import { useFeedPlayer } from '../../features/feed/player';
import { usePlaylistPlayer } from '../../features/playlists';
import { useSiftPlayer } from '../../features/sifts';
import { useIntroVideoId } from '../../features/watch';
import { WatchOverlay } from '../../features/watch/components/WatchOverlay';
import { useLatest } from '../../lib/hooks';
import { paths, to } from '../../lib/paths';
import { openShare } from '../../lib/share';
import { backgroundPath, watchBackground, withoutV } from '../../lib/url';

/**
 * The player's host code, in the player's lazy chunk with the player itself (WatchHost loads it): the queues of the
 * playlist, sift or feed it plays from and the player menu's handlers are needed only once there is a video, so the
 * first route of a page without one does not carry them (the bundle budget, issue 31).
 */

/** The player menu's "Share video" (SPEC §2): videos are public (player/links.ts). */
const shareVideo = (video: Video) => openShare({ kind: 'video', title: video.title, path: to.watch(video.externalId), public: true });

export interface WatchPlayerProps {
  v: string;
  max: boolean;
  /** The bar was opened in place, over the current page. */
  onRestore: () => void;
  /** Minimised where it was restored (not on /watch): back to the bar. */
  onMinimiseInPlace: () => void;
}

/** The current video `v`: the player overlay, with the playlist (`p`), sift (`s`) or feed it plays from. */
export function WatchPlayer({ v, max, onRestore, onMinimiseInPlace }: WatchPlayerProps) {
  const location = useLocation();
  const navigate = useNavigate();
  const navigationType = useNavigationType();
  const session = useSession();
  const { pathname, search, hash } = location;
  const params = new URLSearchParams(search);
  const onWatch = pathname === paths.watch;
  // The page /watch was opened over (a channel, a sift…): minimising and closing go back to it.
  const background = onWatch ? watchBackground(location.state) : null;
  const state = useLatest(location.state);

  // The engine moved on (autoplay, next): the URL follows without a history entry of its own.
  const onVideoChange = useCallback(
    (externalId: string) => {
      const next = new URLSearchParams(window.location.search);
      if (next.get('v') === externalId) return;
      next.set('v', externalId);
      // The entry's state (the page behind the player) stays.
      navigate(`${window.location.pathname}?${next.toString()}${window.location.hash}`, { replace: true, state: state.current });
    },
    [navigate, state],
  );

  const playlist = usePlaylistPlayer(params.get('p'));
  const sift = useSiftPlayer(params.get('s'));
  // No p or s: a video opened from the member's feed plays inside it (the page it was opened over says so).
  const feedQueue = useFeedPlayer(params.get('p') || params.get('s') ? null : background, session.isLoggedIn);
  const menuHandlers = useMemo(
    () => ({ ...playlist.menuHandlers, ...sift.menuHandlers, share: shareVideo }),
    [playlist.menuHandlers, sift.menuHandlers],
  );

  return (
    <WatchOverlay
      videoId={v}
      mode={max ? 'max' : 'mini'}
      pathname={pathname}
      // A `v` someone rewrote without the person asking (REPLACE) never interrupts what plays (SPEC §4).
      changeReason={navigationType === 'REPLACE' ? 'background' : 'user'}
      loggedIn={session.isLoggedIn}
      onVideoChange={onVideoChange}
      queue={playlist.queue ?? sift.queue ?? feedQueue}
      menuHandlers={menuHandlers}
      onClose={() => {
        if (background) navigate(backgroundPath(background, null));
        else if (onWatch) navigate(withoutV(paths.home, search));
        else navigate(withoutV(pathname, search) + hash, { replace: true });
      }}
      onMinimise={() => {
        if (background) navigate(backgroundPath(background, v));
        else if (onWatch) navigate(`${paths.home}?${new URLSearchParams({ v })}`);
        else onMinimiseInPlace();
      }}
      onRestore={onRestore}
    />
  );
}

/** `/watch` with no video, playlist or sift: the default introduction video (SPEC §3) takes the place of `v`. */
export function WatchIntro() {
  const navigate = useNavigate();
  const intro = useIntroVideoId(true);
  useEffect(() => {
    if (intro.data) navigate(`${paths.watch}?v=${encodeURIComponent(intro.data)}`, { replace: true });
  }, [intro.data, navigate]);
  return null;
}
