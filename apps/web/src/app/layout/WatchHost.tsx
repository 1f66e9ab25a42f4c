import { lazy, Suspense } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { withoutV } from '../../lib/url';
import { paths, to } from '../../lib/paths';

const WatchOverlay = lazy(() =>
  import('../../features/watch/components/WatchOverlay').then((m) => ({ default: m.WatchOverlay })),
);

/**
 * Hosts the current video (`v`): the video modal on /watch, a minimised bar everywhere else (SPEC §2: the player
 * minimises on path change and `v` is carried over). Closing removes `v` from the URL.
 */
export function WatchHost({ videoId }: { videoId: string }) {
  const location = useLocation();
  const navigate = useNavigate();
  const onWatch = location.pathname === paths.watch;
  return (
    <Suspense fallback={null}>
      <WatchOverlay
        videoId={videoId}
        mode={onWatch ? 'max' : 'mini'}
        onClose={() =>
          onWatch
            ? navigate(withoutV(paths.home, location.search))
            : navigate(withoutV(location.pathname, location.search) + location.hash, { replace: true })
        }
        onMinimise={() => navigate(`${paths.home}?${new URLSearchParams({ v: videoId })}`)}
        onExpand={() => navigate(to.watch(videoId))}
      />
    </Suspense>
  );
}
