import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useAppNavigate } from '../../../components/AppLink';
import { ListPicker, type ListPickerTexts } from '../../../components/ListPicker';
import { Modal } from '../../../components/Modal';
import { useNotify } from '../../../components/Notifications';
import { useDocumentTitle } from '../../../components/Page';
import { to } from '../../../lib/paths';
import { useOnPathChange } from '../../../lib/hooks';
import { createSlot } from '../../../lib/slot';
import type { ChannelPayload } from '../actions';
import { addSiftChannel, createSift, invalidateSifts, useSifts } from '../api/queries';
import '../sifts.css';

// The one open picker, for whoever asked (a channel card menu, the channel page); the host mounted once shows it.
const picker = createSlot<ChannelPayload>();
export const openAddToSift = (channel: ChannelPayload | null) => picker.set(channel);

/** Mount once (app/item-actions.tsx): the add-to-sift popup (SPEC §2 "Desktop popups"). */
export function AddToSiftHost() {
  const channel = picker.useValue();
  useOnPathChange(picker.closeUnlessOn); // SPEC §2 "On every path change … modals close"
  if (!channel) return null;
  return (
    <Modal title="Add to Sift" onClose={() => openAddToSift(null)} actions={<span />}>
      <SiftPicker channel={channel} onDone={() => openAddToSift(null)} />
    </Modal>
  );
}

/** /add-to-sift?channel=…: the same picker as a page (mobile, and the replay after login). */
export function AddToSiftPage() {
  const [params] = useSearchParams();
  const navigate = useAppNavigate();
  useDocumentTitle('Add to Sift');
  const externalId = params.get('channel') ?? '';
  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title" className="page-title" tabIndex={-1}>
        Add to Sift
      </h1>
      {externalId ? (
        <SiftPicker
          channel={{ externalId, name: params.get('name') || undefined, thumbnail: params.get('thumbnail') || undefined }}
          onDone={(hash) => navigate(hash ? to.sift(hash) : '/')}
        />
      ) : (
        <p>Choose a channel first: open a channel's menu and pick "Add to Sift".</p>
      )}
    </section>
  );
}

/** A New Sift button, a "Find sift" filter and the list of the caller's sifts (components/ListPicker). */
export function SiftPicker({ channel, onDone }: { channel: ChannelPayload; onDone: (hash?: string) => void }) {
  const qc = useQueryClient();
  const notify = useNotify();
  const [filter, setFilter] = useState('');
  const list = useSifts({ q: filter, sort: 'alpha', following: false });

  // Added to a sift (a chosen one, or a new one made with the channel in it).
  const added = (sift: { hash: string; name: string }) => {
    notify(`Added to ${sift.name}`);
    onDone(sift.hash);
  };

  return (
    <ListPicker
      texts={TEXTS}
      list={{ ...list, items: list.sifts }}
      onFilter={setFilter}
      count={(s) => `${s.numberOfChannels} ${s.numberOfChannels === 1 ? 'channel' : 'channels'}`}
      onChoose={async (sift) => {
        try {
          await addSiftChannel(sift.id, channel);
          added(sift);
        } finally {
          void invalidateSifts(qc);
        }
      }}
      onCreate={async (name) => {
        const sift = await createSift({ name, channels: [channel] });
        void invalidateSifts(qc);
        added(sift);
      }}
    />
  );
}

const TEXTS: ListPickerTexts = {
  newButton: 'New Sift',
  nameLabel: 'Sift name',
  nameMissing: 'Give the sift a name.',
  filter: 'Find sift',
  list: 'Your sifts',
};
