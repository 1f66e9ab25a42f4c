/**
 * What the engine needs to know about a video and about the list it plays from. The app's `Video` (from
 * @sift/contracts) satisfies PlayerVideo structurally; the engine is generic over it so callers get their own
 * type back.
 */

export interface PlayerVideo {
  externalId: string;
  /** Entry id within a playlist (the same video may appear twice); absent outside playlists. */
  itemId?: number | null | undefined;
  title: string;
  name?: string;
  thumbnail: string;
  embeddable: boolean;
  /** Local media (the demo catalog, self-hosted sources): played by the HTML5 adapter. */
  mediaUrl: string | null;
  /** Which video service the video belongs to: 'youtube', 'demo', … */
  provider: string;
  channelExternalId: string;
  channelName: string;
}

/**
 * SPEC §3 "Current item playing". `channel` is what `/watch?v=` alone plays: the video's channel; `feed`, a member's
 * feed, for a video opened from it (issue 31, decisions/042).
 */
export type CurrentItemType = 'playlist' | 'sift' | 'channel' | 'feed';

export interface CurrentItemOwner {
  name: string;
  uuid: string;
  creator: boolean;
}

export interface CurrentItem {
  type: CurrentItemType;
  /** Playlist id, sift id, the channel's externalId, or `feed`. */
  id: string;
  /** Sifts only. */
  hash?: string;
  name: string;
  owner?: CurrentItemOwner | null;
  /** The item's preferred rate and the rates it offers; the provider's list when absent. */
  playbackRate?: number | null;
  availablePlaybackRates?: readonly number[] | null;
  /** A language code, or null for none. */
  caption?: string | null;
  captionEnabled?: boolean;
}

/**
 * The autoplay preference that applies to what plays (SPEC §3, decision 049): `autoplay_list` inside a playlist or a
 * sift (the queue of `p` or `s`), `autoplay` elsewhere (a channel, the feed).
 */
export const autoplayPreference = (item: CurrentItem | null | undefined): 'autoplay' | 'autoplay_list' =>
  item?.type === 'playlist' || item?.type === 'sift' ? 'autoplay_list' : 'autoplay';

/** Same video in the sense of SPEC §4 "It starts fresh when the video id or item id changes". */
export function sameVideo(a: PlayerVideo | null | undefined, b: PlayerVideo | null | undefined): boolean {
  if (!a || !b) return false;
  return a.externalId === b.externalId && (a.itemId ?? null) === (b.itemId ?? null);
}

export const videoTitle = (v: PlayerVideo) => v.title || v.name || '';
