import type { Playlist, Video } from '@sift/contracts';
import { PLAYBACK_RATES } from '@sift/contracts';
import { presentVideo } from '../catalog/catalog.presenter.js';
import type { PlaylistRow, PlaylistVideoRow } from './playlists.repository.js';

/** Background colours a playlist page takes until its owner picks one: calm, legible under white text. */
const PALETTE = ['#37474f', '#4e342e', '#1b5e20', '#0d47a1', '#4a148c', '#880e4f', '#006064', '#3e2723', '#283593', '#33691e'];

export function defaultBackground(id: number): string {
  return PALETTE[id % PALETTE.length]!;
}

export function presentPlaylist(row: PlaylistRow, viewerId: number | null, ownerId: number): Playlist {
  const p = row.playlist;
  return {
    type: 'playlist',
    id: p.id,
    externalId: String(p.id),
    name: p.name,
    description: p.description,
    public: p.public,
    isWatchLater: p.isWatchLater,
    owner: { uuid: row.owner.uuid, firstName: row.owner.firstName, lastName: row.owner.lastName, creator: viewerId === ownerId },
    thumbnail: p.thumbnailType === 'custom' && p.thumbnail ? p.thumbnail : row.firstVideoThumbnail,
    thumbnailType: p.thumbnailType,
    backgroundColor: p.backgroundColor ?? defaultBackground(p.id),
    numberOfVideos: p.numberOfVideos,
    numberOfFollowers: row.numberOfFollowers,
    follow: Boolean(row.follow),
    imported: p.imported,
    importStatus: p.importStatus,
    availablePlaybackRates: [...PLAYBACK_RATES],
    playbackRate: p.playbackRate,
    captionEnabled: p.caption !== 'none',
    caption: p.caption,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  };
}

export function presentPlaylistVideo(row: PlaylistVideoRow, inWatchLater: boolean): Video {
  const video = presentVideo(row);
  return { ...video, itemId: row.itemId, watchLater: inWatchLater };
}
