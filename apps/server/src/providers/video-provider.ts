import type { VideoServiceAccount } from './video-service-account.js';

/**
 * One interface for every video service (DESIGN §2). Ids are the service's own externalIds; our numeric ids
 * never cross this boundary. The demo provider is the embedded default; the YouTube provider implements the
 * same interface over the Data API v3.
 */
export interface ProviderChannel {
  externalId: string;
  name: string;
  description: string;
  topic: string | null;
  /**
   * One of SPEC's sift categories (`sift_categories.id`) the service's description maps to, or null when it says
   * nothing that maps (or was not asked: a kept answer from before categories, a client's stub).
   */
  category: string | null;
  /** URL of the avatar: absolute for real services, a path under /media for the demo provider. */
  thumbnail: string;
  numberOfFollowers: number;
  numberOfVideos: number;
  numberOfViews: number;
}

export interface ProviderVideo {
  externalId: string;
  channelExternalId: string;
  /**
   * The channel's name as the service tells it with the video (YouTube's `snippet.channelTitle`; '' when it does not):
   * enough to store a channel known only through its videos as a stub, without asking for the channel itself.
   */
  channelName: string;
  title: string;
  description: string;
  tags: string[];
  durationSeconds: number;
  numberOfViews: number;
  numberOfLikes: number;
  publishedAt: Date;
  liveStatus: 'LIVE' | 'NONE';
  embeddable: boolean;
  isShort: boolean;
  thumbnail: string;
  /** Locally playable file, or null when the service's own player plays the video. */
  mediaUrl: string | null;
}

export interface ProviderVideoPage {
  videos: ProviderVideo[];
  /** The service's own page token; null on the last page. */
  nextPageToken: string | null;
}

/** Conditional-request validators of a channel's cheap listing (the public feed), kept on the channel row. */
export interface UploadValidators {
  etag: string | null;
  lastModified: string | null;
}

/** A channel's newest uploads by id, as a cheap listing tells them (no quota), or that nothing changed. */
export type LatestUploads =
  | { status: 'not-modified' }
  | { status: 'unknown-channel' }
  | { status: 'ok'; videoIds: string[]; validators: UploadValidators };

/** What someone pasted or typed into a search box, as the service understands it. */
export type ResolvedReference =
  | { type: 'channel'; channel: ProviderChannel }
  | { type: 'video'; externalId: string }
  /** It is the service's address or id of something the service does not know. */
  | { type: 'unknown' };

export interface VideoProvider {
  /** Stored in channels.provider / videos.provider. */
  readonly name: string;
  /**
   * True for a real service whose catalog is far larger than what the database holds: channel searches ask the
   * service, and a channel's page reads older uploads from it on demand. False for the demo, seeded whole.
   */
  readonly remote: boolean;
  getVideo(externalId: string): Promise<ProviderVideo | null>;
  /** Videos by id (the service's batches are the provider's business); unknown or removed ids are left out. */
  getVideos(externalIds: string[]): Promise<ProviderVideo[]>;
  getChannel(externalId: string): Promise<ProviderChannel | null>;
  /** Channels by id; unknown ids are left out. */
  getChannels(externalIds: string[]): Promise<ProviderChannel[]>;
  /** A channel's uploads, newest first. */
  listChannelVideos(channelExternalId: string, pageToken?: string): Promise<ProviderVideoPage>;
  searchChannels(query: string, limit: number): Promise<ProviderChannel[]>;
  /**
   * The ids of a channel's newest uploads through a listing that costs no quota (YouTube's channel feed), sent as a
   * conditional request. Absent: the refresh reads `listChannelVideos` instead.
   */
  latestUploads?(channelExternalId: string, validators: UploadValidators | null): Promise<LatestUploads>;
  /** A channel or video address, handle or id someone pasted; undefined when the text is not one (plain words). */
  resolve?(input: string): Promise<ResolvedReference | undefined>;
  /** Videos to show on a fresh instance before anyone follows anything (the service's most popular). */
  popularVideos?(limit: number): Promise<ProviderVideo[]>;
  /**
   * A member's own account at the service, read with the OAuth access token they granted for `accountScope`
   * (issue 16 §1). Absent: the service has no accounts to import from (the demo).
   */
  account?(accessToken: string): VideoServiceAccount;
  /** The OAuth scope `account` needs (YouTube: read-only access to the account). */
  readonly accountScope?: string;
}
