import { Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { ChunkBoundary } from '../../components/ChunkBoundary';
import { useAfterStartRender } from '../../lib/hooks';
import { lazy } from '../../lib/lazy';
import { paths } from '../../lib/paths';

// The player (engine, adapters, controls, its CSS) and its host code (the queues it plays from) are a lazy chunk:
// pages without a current video never load it.
const WatchPlayer = lazy(() => import('./WatchPlayer').then((m) => ({ default: m.WatchPlayer })));
const WatchIntro = lazy(() => import('./WatchPlayer').then((m) => ({ default: m.WatchIntro })));

/** Loads the player's chunk, for a first page that opens with a video (app/first-screen.ts). */
export const preloadPlayer = () => WatchPlayer.preload();

/**
 * Hosts the persistent player (SPEC §2). It lives in the root layout, so it survives navigation:
 * - `v` is the current video, mirrored into the URL and carried between routes; no `v`, no player;
 * - /watch opens it maximised (the video modal over the Dashboard); /watch alone shows the default introduction
 *   video (SPEC §3);
 * - every other path change minimises it to the bar; the bar restores it in place, over the current page.
 */
export function WatchHost() {
  const { pathname, search } = useLocation();
  const params = new URLSearchParams(search);
  const v = params.get('v');
  const onWatch = pathname === paths.watch;

  // SPEC §2 "On every path change … the player minimises": restoring in place holds only for the path it was
  // restored on.
  const [restoredOn, setRestoredOn] = useState<string | null>(null);
  useEffect(() => setRestoredOn(null), [pathname]);
  const max = onWatch || restoredOn === pathname;
  // A first page that opens a video draws the player a task after the rest of the app (decision 059).
  const started = useAfterStartRender();

  const wantsIntro = onWatch && !v && !params.get('p') && !params.get('s');
  // The player's hooks (the playlist and sift it plays from, their menus) run only while there is a video: the pages
  // without one (most first visits) do not pay for them at start-up (issue 18), nor carry their code (issue 31).
  if ((!v && !wantsIntro) || !started) return null;
  return (
    <ChunkBoundary variant="overlay">
      <Suspense fallback={null}>
        {v ? (
          <WatchPlayer v={v} max={max} onRestore={() => setRestoredOn(pathname)} onMinimiseInPlace={() => setRestoredOn(null)} />
        ) : (
          <WatchIntro />
        )}
      </Suspense>
    </ChunkBoundary>
  );
}
