/**
 * A member's own account at the video service, read with the OAuth access token they granted (issue 16 §1): their
 * subscriptions and playlists. Ids are the service's own, as everywhere behind the provider boundary.
 */
export interface AccountSubscription {
  channelExternalId: string;
  name: string;
  description: string;
  thumbnail: string | null;
}

export interface AccountPlaylist {
  externalId: string;
  name: string;
  description: string;
  thumbnail: string | null;
  numberOfVideos: number;
  public: boolean;
}

export interface AccountPage<T> {
  items: T[];
  /** The service's own page token; null on the last page. */
  nextPageToken: string | null;
  /** How many there are in all, as the service says (for progress). */
  totalResults: number;
}

export interface VideoServiceAccount {
  /** The permission check's cheap call: resolves while the access token is good, throws otherwise. */
  check(): Promise<void>;
  subscriptions(pageToken?: string): Promise<AccountPage<AccountSubscription>>;
  playlists(pageToken?: string): Promise<AccountPage<AccountPlaylist>>;
  /** One page of a playlist's video ids in its order; null when the playlist is gone or may not be read. */
  playlistVideos(playlistExternalId: string, pageToken?: string): Promise<AccountPage<string> | null>;
}

/**
 * The service refused the member's access token: expired or revoked (`token`), or granted without the scope the
 * call needs (`scope`). The member must give the permission again; it is never a reason to retry.
 */
export class AccountAccessRefusedError extends Error {
  constructor(readonly reason: 'token' | 'scope') {
    super(reason === 'scope' ? 'The permission given does not cover this.' : 'The permission was withdrawn or has expired.');
    this.name = 'AccountAccessRefusedError';
  }
}
