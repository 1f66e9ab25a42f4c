import type { Owner, PlaylistResult, SiftResult } from '@sift/contracts';
import type { SearchRepository } from './search.repository.js';

type SiftRow = Awaited<ReturnType<SearchRepository['siftsByIds']>>[number];
type PlaylistRow = Awaited<ReturnType<SearchRepository['playlistsByIds']>>[number];

function presentOwner(owner: { uuid: string; firstName: string; lastName: string }, viewerUuid: string | null): Owner {
  return { uuid: owner.uuid, firstName: owner.firstName, lastName: owner.lastName, creator: owner.uuid === viewerUuid };
}

export function presentSift(row: SiftRow, viewerUuid: string | null): SiftResult {
  const s = row.sift;
  return {
    type: 'sift',
    id: s.id,
    externalId: s.hash,
    hash: s.hash,
    name: s.name,
    description: s.description,
    category: s.category,
    public: s.public,
    owner: presentOwner(row.owner, viewerUuid),
    thumbnail: row.cover,
    thumbnailType: s.thumbnailType,
    numberOfChannels: row.numberOfChannels,
    numberOfFollowers: row.numberOfFollowers,
    numberOfVideos: row.numberOfVideos,
    createdAt: s.createdAt.toISOString(),
  };
}

export function presentPlaylist(row: PlaylistRow, viewerUuid: string | null): PlaylistResult {
  const p = row.playlist;
  return {
    type: 'playlist',
    id: p.id,
    externalId: String(p.id),
    name: p.name,
    description: p.description,
    public: p.public,
    owner: presentOwner(row.owner, viewerUuid),
    thumbnail: p.thumbnailType === 'custom' && p.thumbnail ? p.thumbnail : (row.firstVideoThumbnail ?? p.thumbnail),
    thumbnailType: p.thumbnailType,
    numberOfVideos: row.numberOfVideos,
    imported: p.imported,
    createdAt: p.createdAt.toISOString(),
  };
}
