import { Trans, useLingui } from '@lingui/react/macro';
import { Suspense } from 'react';
import { Modal } from '../../../components/Modal';
import { useOnPathChange } from '../../../lib/hooks';
import { lazy } from '../../../lib/lazy';
import { createSlot } from '../../../lib/slot';
import type { ChannelPayload } from '../actions';
import '../sifts.css';

// The picker (and the shared ListPicker) is a chunk of its own, loaded when someone first opens it: the first route
// carries only this host (its budget, bench/bundle-size.ts).
const SiftPicker = lazy(() => import('./SiftPicker').then((m) => ({ default: m.SiftPicker })));

// The one open picker, for whoever asked (a channel card menu, the channel page); the host mounted once shows it.
const picker = createSlot<ChannelPayload>();
export const openAddToSift = (channel: ChannelPayload | null) => picker.set(channel);

/** Mount once (app/item-actions.tsx): the add-to-sift popup (SPEC §2 "Desktop popups"). */
export function AddToSiftHost() {
  const { t } = useLingui();
  const channel = picker.useValue();
  useOnPathChange(picker.closeUnlessOn); // SPEC §2 "On every path change … modals close"
  if (!channel) return null;
  return (
    <Modal title={t`Add to Sift`} onClose={() => openAddToSift(null)} closeVariant="secondary" focusClose={false}>
      <Suspense fallback={<p role="status">
            <Trans>Loading…</Trans>
          </p>}>
        <SiftPicker channel={channel} onDone={() => openAddToSift(null)} />
      </Suspense>
    </Modal>
  );
}
