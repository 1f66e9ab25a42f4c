import { msg, plural } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useAppNavigate } from '../../../components/AppLink';
import { inboxCountLabel } from '../../../components/InboxCount';
import { ListPicker, type ListPickerTexts } from '../../../components/ListPicker';
import { useNotify } from '../../../components/Notifications';
import { useDocumentTitle } from '../../../components/Page';
import { to } from '../../../lib/paths';
import type { ChannelPayload } from '../actions';
import { addSiftChannel, createSift, invalidateSifts, useSifts } from '../api/queries';
import '../sifts.css';

/** /add-to-sift?channel=…: the same picker as a page (mobile, and the replay after login). */
export function AddToSiftPage() {
  const [params] = useSearchParams();
  const navigate = useAppNavigate();
  const { t } = useLingui();
  useDocumentTitle(t`Add to Sift`);
  const externalId = params.get('channel') ?? '';
  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title" className="page-title" tabIndex={-1}>
        <Trans>Add to Sift</Trans>
      </h1>
      {externalId ? (
        <SiftPicker
          channel={{ externalId, name: params.get('name') || undefined, thumbnail: params.get('thumbnail') || undefined }}
          onDone={(hash) => navigate(hash ? to.sift(hash) : '/')}
        />
      ) : (
        <p>
          <Trans>Choose a channel first: open a channel's menu and pick "Add to Sift".</Trans>
        </p>
      )}
    </section>
  );
}

/** A New Sift button, a "Find sift" filter and the list of the caller's sifts (components/ListPicker). */
export function SiftPicker({ channel, onDone }: { channel: ChannelPayload; onDone: (hash?: string) => void }) {
  const { t } = useLingui();
  const qc = useQueryClient();
  const notify = useNotify();
  const [filter, setFilter] = useState('');
  const list = useSifts({ q: filter, sort: 'alpha', following: false });

  // Added to a sift (a chosen one, or a new one made with the channel in it).
  const added = (sift: { hash: string; name: string }) => {
    const name = sift.name;
    notify(t`Added to ${name}`);
    onDone(sift.hash);
  };

  return (
    <ListPicker
      texts={TEXTS}
      list={{ ...list, items: list.sifts }}
      onFilter={setFilter}
      count={(s) => {
        const channels = plural(s.numberOfChannels, { one: '# channel', other: '# channels' });
        if (!s.unwatchedCount) return channels;
        const unwatched = inboxCountLabel(s.unwatchedCount);
        return t({ message: `${channels} · ${unwatched} unwatched`, comment: 'A sift in the sift picker: its channels and the videos its member has not watched, e.g. "3 channels · 12 unwatched"' });
      }}
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

const TEXTS: Record<keyof ListPickerTexts, MessageDescriptor> = {
  newButton: msg`New Sift`,
  nameLabel: msg`Sift name`,
  nameMissing: msg`Give the sift a name.`,
  filter: msg`Find sift`,
  list: msg`Your sifts`,
};
