import { msg, plural } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Video } from '@sift/contracts';
import { ListPicker, type ListPickerTexts } from '../../../components/ListPicker';
import { useNotify } from '../../../components/Notifications';
import { addToPlaylist, createPlaylist, invalidatePlaylists, usePlaylists } from '../api/queries';

type Target = Pick<Video, 'externalId' | 'title'>;

/** SPEC §2 add-to-playlist popup: New Playlist, "Find playlist" and the caller's playlists (components/ListPicker). */
export function PlaylistPicker({ video, onDone }: { video: Target; onDone: () => void }) {
  const { t } = useLingui();
  const qc = useQueryClient();
  const notify = useNotify();
  const [filter, setFilter] = useState('');
  const list = usePlaylists({ q: filter, sort: 'alpha', following: false });

  const add = async (playlist: { id: number; name: string }) => {
    try {
      await addToPlaylist(playlist.id, video);
      const name = playlist.name;
      notify(t`Added to ${name}`);
      onDone();
    } finally {
      void invalidatePlaylists(qc);
    }
  };

  return (
    <ListPicker
      texts={TEXTS}
      list={{ ...list, items: list.playlists }}
      onFilter={setFilter}
      count={(p) => plural(p.numberOfVideos, { one: '# video', other: '# videos' })}
      onChoose={add}
      onCreate={async (name) => add(await createPlaylist(name))}
    />
  );
}

const TEXTS: Record<keyof ListPickerTexts, MessageDescriptor> = {
  newButton: msg`New Playlist`,
  nameLabel: msg`Playlist name`,
  nameMissing: msg`Give the playlist a name.`,
  filter: msg`Find playlist`,
  list: msg`Your playlists`,
};
