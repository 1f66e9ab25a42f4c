import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Playlist, Video } from '@sift/contracts';
import { AppLink, useAppNavigate } from '../../../components/AppLink';
import { ChangeImageModal } from '../../../components/ChangeImageModal';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { VideoCard } from '../../../components/Cards';
import { FilterField } from '../../../components/FilterField';
import { Icon } from '../../../components/Icon';
import { InfiniteList, pagingOf } from '../../../components/InfiniteList';
import { Menu, type MenuEntry } from '../../../components/Menu';
import { useNotify } from '../../../components/Notifications';
import { useDocumentTitle } from '../../../components/Page';
import { isApiError } from '../../../lib/api';
import { formatNumber } from '../../../lib/format';
import { useNow, usePreference } from '../../../lib/hooks';
import { paths, to } from '../../../lib/paths';
import { openShare } from '../../../lib/share';
import {
  copyPlaylist,
  deletePlaylist,
  followPlaylist,
  invalidatePlaylists,
  moveInPlaylist,
  removePlaylistImage,
  setPlaylistPublic,
  uploadPlaylistImage,
  usePlaylist,
  usePlaylistVideos,
} from '../api/queries';
import '../playlists.css';

const keyOf = (v: Video) => `${v.externalId}#${v.itemId ?? ''}`;

/** Where "Play all" goes: the first video with the playlist as the player's queue. */
export function playAllPath(playlistId: string | number, first: Video) {
  return to.watch(first.externalId, { playlist: playlistId });
}

type Dialog = 'delete' | 'public' | 'private' | 'image' | null;

/**
 * /playlists/{id} (wl: Watch later): cover, name, owner, counts, actions and the videos in order, which a "Find in
 * playlist" filter narrows by title (SPEC §7 GET /api/playlists/{id}/videos with q; applied on Enter or blur).
 */
export function PlaylistPage({ id }: { id: string }) {
  const { t } = useLingui();
  const playlist = usePlaylist(id);
  const [filter, setFilter] = useState('');
  const all = usePlaylistVideos(id);
  const found = usePlaylistVideos(id, filter);
  const videos = filter ? found : all;
  const [gridType] = usePreference('gridType');
  const now = useNow();
  const p = playlist.data;
  useDocumentTitle(p?.name ?? (id === 'wl' ? t`Watch later` : t`Playlist`));

  if (playlist.isError) {
    const status = isApiError(playlist.error) ? playlist.error.status : 0;
    return (
      <section className="page" aria-labelledby="page-title">
        <h1 id="page-title" className="page-title" tabIndex={-1}>
          {status === 401 ? t`Log in to see your Watch later` : t`Playlist not found`}
        </h1>
        <p>
          {status === 401 ? (
            <AppLink to={to.login(to.playlist(id))}>
              <Trans>Log in</Trans>
            </AppLink>
          ) : (
            t`This playlist does not exist or is private.`
          )}
        </p>
      </section>
    );
  }

  const owned = !!p?.owner.creator;
  const context = { playlist: { id: String(p?.id ?? id), name: p?.name ?? '', owned } };
  const items = videos.videos;
  // Moving is by position in the whole playlist: not while a filter shows part of it.
  const movable = owned && !filter;
  const playlistName = p?.name;

  return (
    <section className="page playlist-page" aria-labelledby="page-title">
      {/* Play all starts at the playlist's first video, whatever the filter shows. */}
      {p ? <PlaylistHeader playlist={p} first={all.videos[0]} /> : (
        <h1 id="page-title" className="page-title">
          <Trans>Loading playlist…</Trans>
        </h1>
      )}
      <section className="section" aria-label={t`Videos`}>
        {(!!p?.numberOfVideos || !!filter) && (
          <div className="playlist-filter">
            <FilterField label={t`Find in playlist`} onApply={setFilter} />
          </div>
        )}
        {/* The cards' titles are h3: a heading of the list keeps the page's outline whole (axe heading-order). */}
        <InfiniteList
          label={p ? t`Videos of ${playlistName}` : t`Playlist videos`}
          heading
          layout={owned ? 'list' : gridType}
          items={items}
          getKey={keyOf}
          renderItem={(video, position) => (
            <VideoCard
              video={video}
              position={position}
              now={now}
              context={context}
              extra={
                movable && video.itemId !== undefined ? (
                  <MoveButtons playlistId={p!.id} itemId={video.itemId} index={position.posinset - 1} count={items.length} title={video.title} />
                ) : undefined
              }
            />
          )}
          {...pagingOf(videos)}
        />
      </section>
    </section>
  );
}

/** Owner's reordering: one entry up or down (the server moves just that entry). */
function MoveButtons({ playlistId, itemId, index, count, title }: { playlistId: number; itemId: number; index: number; count: number; title: string }) {
  const { t } = useLingui();
  const qc = useQueryClient();
  const [busy, setBusy] = useState(false);
  const move = async (to: number) => {
    setBusy(true);
    try {
      await moveInPlaylist(playlistId, itemId, to);
    } finally {
      setBusy(false);
      await invalidatePlaylists(qc);
    }
  };
  return (
    <div className="move-buttons">
      <button type="button" className="icon-btn" aria-label={t`Move ${title} up`} disabled={busy || index === 0} onClick={() => void move(index - 1)}>
        <Icon name="up" size={20} />
      </button>
      <button type="button" className="icon-btn move-down" aria-label={t`Move ${title} down`} disabled={busy || index >= count - 1} onClick={() => void move(index + 1)}>
        <Icon name="up" size={20} />
      </button>
    </div>
  );
}

function PlaylistHeader({ playlist: p, first }: { playlist: Playlist; first: Video | undefined }) {
  const { t } = useLingui();
  const qc = useQueryClient();
  const notify = useNotify();
  const navigate = useAppNavigate();
  const [token] = usePreference('token');
  const [dialog, setDialog] = useState<Dialog>(null);
  const owned = p.owner.creator;
  const editable = owned && !p.isWatchLater;
  const name = p.name;

  const run = async (work: () => Promise<unknown>, message?: string) => {
    try {
      await work();
      if (message) notify(message);
    } catch (err) {
      if (isApiError(err) && err.message) notify(err.message);
    } finally {
      await invalidatePlaylists(qc);
    }
  };

  // A private playlist's owner may make it public from the share dialog (Watch later is never public).
  const makePublic = async () => {
    await setPlaylistPublic(p.id, true);
    notify(t`This playlist is now public`);
    await invalidatePlaylists(qc);
  };
  // SPEC §2 playlist sheet "Share, change image, remove playlist, sort": Share first, for everyone; a private
  // playlist's dialog says why it cannot be shared (SPEC §5).
  const entries: MenuEntry[] = [
    {
      kind: 'action',
      label: t({ message: 'Share', context: 'verb' }),
      onSelect: () =>
        openShare({ kind: 'playlist', title: p.name, path: to.playlist(p.id), public: p.public && !p.isWatchLater, makePublic: editable ? makePublic : undefined }),
    },
  ];
  if (editable) {
    entries.push(
      { kind: 'link', label: t({ message: 'Edit', context: 'verb' }), to: `/playlists/${p.id}/edit` },
      { kind: 'action', label: t`Change image`, onSelect: () => setDialog('image') },
      p.public
        ? { kind: 'action', label: t`Make private`, onSelect: () => setDialog('private') }
        : { kind: 'action', label: t`Make public`, onSelect: () => setDialog('public') },
      { kind: 'action', label: t`Delete playlist`, onSelect: () => setDialog('delete') },
    );
  }
  if (token && !owned) {
    entries.push(
      p.follow
        ? { kind: 'action', label: t`Remove from your playlists`, onSelect: () => void run(() => followPlaylist(p.id, false), t`${name} removed from your playlists`) }
        : { kind: 'action', label: t`Follow playlist`, onSelect: () => void run(() => followPlaylist(p.id, true)) },
    );
  }
  if (token && !p.isWatchLater) {
    entries.push({
      kind: 'action',
      label: t`Copy to your playlists`,
      onSelect: () =>
        void run(async () => {
          const copy = await copyPlaylist(p.id);
          navigate(to.playlist(copy.id));
        }),
    });
  }

  const ownerName = `${p.owner.firstName} ${p.owner.lastName}`.trim();
  const shownOwner = ownerName || t({ message: 'someone', comment: 'A playlist owner without a name, in "by someone"' });
  const videoCount = formatNumber(p.numberOfVideos);
  const followerCount = formatNumber(p.numberOfFollowers, true);
  return (
    <header className="playlist-head" style={{ background: p.backgroundColor }}>
      <div className={`playlist-cover${p.thumbnailType === 'custom' ? ' playlist-cover--custom' : ''}`}>
        {p.thumbnail ? <img src={p.thumbnail} alt="" width={320} height={180} /> : <Icon name="playlist" size={64} />}
      </div>
      <div className="playlist-head-text">
        <p className="playlist-kind">{p.isWatchLater ? t`Watch later` : p.public ? t`Public playlist` : t`Private playlist`}</p>
        <h1 id="page-title" className="page-title" tabIndex={-1}>
          {p.name}
        </h1>
        {p.description && <p className="playlist-desc">{p.description}</p>}
        <p className="playlist-meta">
          {!p.isWatchLater && (
            <span>
              <Trans>
                by <AppLink to={to.userProfile(p.owner.uuid)}>{shownOwner}</AppLink>
              </Trans>
            </span>
          )}
          <span>
            <Plural value={p.numberOfVideos} one={`${videoCount} video`} other={`${videoCount} videos`} />
          </span>
          {!p.isWatchLater && (
            <span>
              <Plural value={p.numberOfFollowers} one={`${followerCount} follower`} other={`${followerCount} followers`} />
            </span>
          )}
          {p.imported && (
            <span>
              <Trans>Imported</Trans>
            </span>
          )}
        </p>
        <div className="playlist-actions">
          {first && (
            <AppLink to={playAllPath(p.id, first)} className="btn btn-primary" dropV>
              <Icon name="play" size={20} /> <Trans>Play all</Trans>
            </AppLink>
          )}
          {owned && (
            <AppLink to={`${paths.addVideos}?p=${p.id}`} className="btn btn-secondary">
              <Icon name="plus" size={20} /> <Trans>Add videos</Trans>
            </AppLink>
          )}
          {entries.length > 0 && (
            <Menu label={t`More actions for ${name}`} button={<Icon name="more" />} buttonClassName="icon-btn playlist-more" items={entries} title={p.name} />
          )}
        </div>
      </div>
      {dialog === 'delete' && (
        <ConfirmDialog
          title={t`Delete playlist`}
          message={t`Are you sure you want to delete this playlist?`}
          confirmLabel={t({ message: 'Delete', context: 'verb' })}
          danger
          onClose={() => setDialog(null)}
          onConfirm={() =>
            void run(async () => {
              await deletePlaylist(p.id);
              navigate(paths.playlists);
            }, t`Playlist ${name} deleted`)
          }
        />
      )}
      {(dialog === 'public' || dialog === 'private') && (
        <ConfirmDialog
          title={dialog === 'public' ? t`Make public` : t`Make private`}
          message={
            dialog === 'public'
              ? t`Anyone with the link will be able to see this playlist, and people can follow it.`
              : t`Only you will be able to see this playlist.`
          }
          confirmLabel={dialog === 'public' ? t`Yes, make public` : t`Yes, make private`}
          onClose={() => setDialog(null)}
          onConfirm={() =>
            void run(() => setPlaylistPublic(p.id, dialog === 'public'), dialog === 'public' ? t`This playlist is now public` : t`This playlist is now private`)
          }
        />
      )}
      {dialog === 'image' && (
        <ChangeImageModal
          thumbnailType={p.thumbnailType}
          onClose={() => setDialog(null)}
          onUpload={async (file) => {
            await uploadPlaylistImage(p.id, file);
            await invalidatePlaylists(qc);
          }}
          onRemove={async () => {
            await removePlaylistImage(p.id);
            await invalidatePlaylists(qc);
          }}
        />
      )}
    </header>
  );
}
