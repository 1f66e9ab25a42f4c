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
  /** URL of the avatar: absolute for real services, a path under /media for the demo provider. */
  thumbnail: string;
  numberOfFollowers: number;
  numberOfVideos: number;
  numberOfViews: number;
}

export interface ProviderVideo {
  externalId: string;
  channelExternalId: string;
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

export interface VideoProvider {
  /** Stored in channels.provider / videos.provider. */
  readonly name: string;
  getVideo(externalId: string): Promise<ProviderVideo | null>;
  getChannel(externalId: string): Promise<ProviderChannel | null>;
  /** A channel's uploads, newest first. */
  listChannelVideos(channelExternalId: string, pageToken?: string): Promise<ProviderVideoPage>;
  searchChannels(query: string, limit: number): Promise<ProviderChannel[]>;
}
