import type { Video } from '@sift/contracts';
import { Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate, useNavigationType } from 'react-router';
import { useSession } from '../../features/account';
import { useIntroVideoId } from '../../features/watch';
import { useFeedPlayer } from '../../features/feed/player';
import { usePlaylistPlayer } from '../../features/playlists';
import { useSiftPlayer } from '../../features/sifts';
import { ChunkBoundary } from '../../components/ChunkBoundary';
import { useLatest } from '../../lib/hooks';
import { lazy } from '../../lib/lazy';
import { paths, to } from '../../lib/paths';
import { openShare } from '../../lib/share';
import { backgroundPath, watchBackground, withoutV } from '../../lib/url';

// The player (engine, adapters, controls, its CSS) is a lazy chunk: pages without a current video never load it.
const WatchOverlay = lazy(() =>
  import('../../features/watch/components/WatchOverlay').then((m) => ({ default: m.WatchOverlay })),
);

/** Loads the player's chunk, for a first page that opens with a video (app/first-screen.ts). */
export const preloadPlayer = () => WatchOverlay.preload();

/** The player menu's "Share video" (SPEC §2): videos are public (player/links.ts). */
const shareVideo = (video: Video) => openShare({ kind: 'video', title: video.title, path: to.watch(video.externalId), public: true });

/**
 * Hosts the persistent player (SPEC §2). It lives in the root layout, so it survives navigation:
 * - `v` is the current video, mirrored into the URL and carried between routes; no `v`, no player;
 * - /watch opens it maximised (the video modal over the Dashboard); /watch alone shows the default introduction
 *   video (SPEC §3);
 * - every other path change minimises it to the bar; the bar restores it in place, over the current page.
 */
export function WatchHost() {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const params = new URLSearchParams(search);
  const v = params.get('v');
  const onWatch = pathname === paths.watch;

  // SPEC §2 "On every path change … the player minimises": restoring in place holds only for the path it was
  // restored on.
  const [restoredOn, setRestoredOn] = useState<string | null>(null);
  useEffect(() => setRestoredOn(null), [pathname]);
  const max = onWatch || restoredOn === pathname;

  const wantsIntro = onWatch && !v && !params.get('p') && !params.get('s');
  const intro = useIntroVideoId(wantsIntro);
  useEffect(() => {
    if (wantsIntro && intro.data) navigate(`${paths.watch}?v=${encodeURIComponent(intro.data)}`, { replace: true });
  }, [wantsIntro, intro.data, navigate]);

  // The player's hooks (the playlist and sift it plays from, their menus) run only while there is a video: the pages
  // without one (most first visits) do not pay for them at start-up (issue 18).
  if (!v) return null;
  return <WatchPlayer v={v} max={max} onRestore={() => setRestoredOn(pathname)} onMinimiseInPlace={() => setRestoredOn(null)} />;
}

interface WatchPlayerProps {
  v: string;
  max: boolean;
  /** The bar was opened in place, over the current page. */
  onRestore: () => void;
  /** Minimised where it was restored (not on /watch): back to the bar. */
  onMinimiseInPlace: () => void;
}

/** The current video `v`: the player overlay, with the playlist (`p`), sift (`s`) or feed it plays from. */
function WatchPlayer({ v, max, onRestore, onMinimiseInPlace }: WatchPlayerProps) {
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
    <ChunkBoundary variant="overlay">
      <Suspense fallback={null}>
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
      </Suspense>
    </ChunkBoundary>
  );
}
