import { Trans, useLingui } from '@lingui/react/macro';
import { Suspense } from 'react';
import type { Video } from '@sift/contracts';
import { Modal } from '../../../components/Modal';
import { useOnPathChange } from '../../../lib/hooks';
import { lazy } from '../../../lib/lazy';
import { createSlot } from '../../../lib/slot';
import '../playlists.css';

// The picker (and the shared ListPicker) is a chunk of its own, loaded when someone first opens it: the first route
// carries only this host (its budget, bench/bundle-size.ts).
const PlaylistPicker = lazy(() => import('./PlaylistPicker').then((m) => ({ default: m.PlaylistPicker })));

type Target = Pick<Video, 'externalId' | 'title'>;

// The one open picker, for whoever asked (a card menu, the player menu); the host mounted once shows it.
const picker = createSlot<Target>();
export const openAddToPlaylist = (video: Target | null) => picker.set(video);

/** Mount once (app/item-actions.tsx): shows the add-to-playlist popup when something opens it. */
export function AddToPlaylistHost() {
  const { t } = useLingui();
  const video = picker.useValue();
  useOnPathChange(picker.closeUnlessOn); // SPEC §2 "On every path change … modals close"
  if (!video) return null;
  return (
    <Modal title={t`Add to playlist`} onClose={() => openAddToPlaylist(null)} closeVariant="secondary" focusClose={false}>
      <Suspense fallback={<p role="status">
            <Trans>Loading…</Trans>
          </p>}>
        <PlaylistPicker video={video} onDone={() => openAddToPlaylist(null)} />
      </Suspense>
    </Modal>
  );
}
