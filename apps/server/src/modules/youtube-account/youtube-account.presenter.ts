import type { AccountChannel, AccountPlaylist as AccountPlaylistDto, AccountPlaylistImport, VideoServiceAccount } from '@sift/contracts';
import type { AccountPlaylist, AccountSubscription } from '../../providers/video-service-account.js';
import type { ServicePlaylistImport } from '../playlists/playlists.service.js';
import type { ProviderAccountRow } from './youtube-account.repository.js';

export function presentAccount(row: ProviderAccountRow | undefined, enabled: boolean): VideoServiceAccount {
  return {
    provider: 'youtube',
    enabled,
    connected: row !== undefined,
    status: enabled && row ? row.status : 'OFFLINE',
    connectedAt: row?.connectedAt.toISOString() ?? null,
    checkedAt: row?.checkedAt?.toISOString() ?? null,
  };
}

export function presentAccountChannel(subscription: AccountSubscription, followed: boolean): AccountChannel {
  return {
    type: 'channel',
    id: subscription.channelExternalId,
    externalId: subscription.channelExternalId,
    name: subscription.name,
    description: subscription.description,
    thumbnail: subscription.thumbnail,
    follow: followed,
  };
}

export function presentAccountPlaylist(playlist: AccountPlaylist, imported: ServicePlaylistImport | undefined): AccountPlaylistDto {
  return {
    type: 'playlist',
    id: playlist.externalId,
    externalId: playlist.externalId,
    name: playlist.name,
    description: playlist.description,
    thumbnail: playlist.thumbnail,
    numberOfVideos: playlist.numberOfVideos,
    public: playlist.public,
    imported: imported?.status === 'CREATED',
    importStatus: imported?.status ?? null,
    playlistId: imported?.id ?? null,
  };
}

export function presentPlaylistImport(state: ServicePlaylistImport): AccountPlaylistImport {
  return { id: state.servicePlaylistId, playlistId: state.id, name: state.name, status: state.status, progress: state.progress };
}
