import type { Sift, SiftChannel, SiftSummary } from '@sift/contracts';
import type { KeywordRules } from '../../infra/db/keyword-match.js';
import type { SiftChannelRow, SiftWithCounts } from './sifts.repository.js';

/** Rows become the contract's DTOs here and nowhere else. `viewerId` decides owner.creator (SPEC §6). */
export function presentSiftSummary(row: SiftWithCounts, viewerId: number | null): SiftSummary {
  const s = row.sift;
  return {
    type: 'sift',
    id: s.id,
    hash: s.hash,
    externalId: s.hash,
    name: s.name,
    description: s.description,
    category: s.category,
    public: s.public,
    owner: { id: s.ownerId, uuid: row.ownerUuid, firstName: row.ownerFirstName, lastName: row.ownerLastName, creator: viewerId === s.ownerId },
    filters: {
      hideShorts: s.hideShorts,
      hideLive: s.hideLive,
      minDurationSeconds: s.minDurationSeconds,
      maxDurationSeconds: s.maxDurationSeconds,
    },
    thumbnail: row.cover,
    thumbnailType: s.thumbnailType,
    numberOfChannels: Number(row.numberOfChannels),
    numberOfFollowers: Number(row.numberOfFollowers),
    numberOfVideos: Number(row.numberOfVideos),
    importStatus: s.importStatus,
    importError: s.importError,
    subscriptionDetail: null,
    createdAt: s.createdAt.toISOString(),
    updatedAt: s.updatedAt.toISOString(),
  };
}

export function presentSift(row: SiftWithCounts, channels: SiftChannelRow[], keywords: KeywordRules, viewerId: number | null): Sift {
  return { ...presentSiftSummary(row, viewerId), keywords, channels: channels.map(presentSiftChannel) };
}

export function presentSiftChannel(c: SiftChannelRow): SiftChannel {
  return {
    type: 'channel',
    id: c.id,
    externalId: c.externalId,
    name: c.name,
    thumbnail: c.thumbnail,
    numberOfFollowers: c.numberOfFollowers,
    numberOfVideos: c.numberOfVideos,
  };
}
