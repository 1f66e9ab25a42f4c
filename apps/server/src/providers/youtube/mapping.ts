import type { youtube_v3 } from '@googleapis/youtube';
import type { AccountPlaylist, AccountSubscription } from '../video-service-account.js';
import type { ProviderChannel, ProviderVideo } from '../video-provider.js';
import { CHANNEL_ID_PATTERN } from './addresses.js';

/**
 * Data API v3 resources → the provider types (DESIGN §7 "Shapes"). The API is loose in documented ways: counts are
 * strings, some are left out (hidden likes, hidden subscribers), `tags` may be absent, a live broadcast's duration is
 * `P0D`, and not every thumbnail size exists. Everything here turns those into plain values and never throws.
 */

const SECONDS = { W: 7 * 86_400, D: 86_400, H: 3_600, M: 60, S: 1 } as const;
/**
 * ISO 8601 durations as YouTube writes them: weeks and days before `T`, hours, minutes and seconds after it. Years and
 * months are not used by YouTube (and have no fixed length), so a duration with them is treated as unreadable.
 */
const ISO_DURATION = /^P(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/;

/** Seconds of an ISO 8601 duration; 0 for anything unreadable (the video then simply shows no length). */
export function parseIsoDuration(iso: string | null | undefined): number {
  if (!iso) return 0;
  const match = ISO_DURATION.exec(iso.trim());
  if (!match) return 0;
  const [, weeks, days, hours, minutes, seconds] = match;
  const total =
    Number(weeks ?? 0) * SECONDS.W +
    Number(days ?? 0) * SECONDS.D +
    Number(hours ?? 0) * SECONDS.H +
    Number(minutes ?? 0) * SECONDS.M +
    Number(seconds ?? 0) * SECONDS.S;
  return Number.isFinite(total) ? Math.round(total) : 0;
}

/** Largest first: the app scales images down, never up. */
const THUMBNAIL_PREFERENCE = ['maxres', 'standard', 'high', 'medium', 'default'] as const;

/** The URL of the largest thumbnail present; '' when there is none (the web app then draws a placeholder). */
export function bestThumbnail(thumbnails: youtube_v3.Schema$ThumbnailDetails | undefined): string {
  if (!thumbnails) return '';
  for (const size of THUMBNAIL_PREFERENCE) {
    const url = thumbnails[size]?.url;
    if (url) return url;
  }
  return '';
}

export interface ShortVideoSignals {
  durationSeconds: number;
  title: string;
  description: string;
  tags: string[];
  live: boolean;
}

const SHORTS_TAG = /#shorts\b/i;

/**
 * Whether a video is a YouTube Short. The Data API has no field for it, so this is a heuristic:
 * - a live or upcoming broadcast never is (its duration is 0 or still growing);
 * - an unknown length (0) is not enough to say so;
 * - up to 60 s it is: that was the Shorts limit until October 2024, and almost every video that short is one;
 * - up to 180 s (the limit since then) only when the creator marked it `#shorts` (any case) in its title,
 *   description or tags, because many ordinary clips of 1–3 minutes exist too.
 * A false positive only moves a video into the Shorts filter; nothing is hidden for good.
 */
export function isShortVideo(input: ShortVideoSignals): boolean {
  if (input.live || input.durationSeconds <= 0) return false;
  if (input.durationSeconds <= 60) return true;
  if (input.durationSeconds > 180) return false;
  // Tags are stored without their `#` as often as with it, so the tag `shorts` counts as the hashtag.
  const tagged = (tag: string) => SHORTS_TAG.test(tag.startsWith('#') ? tag : `#${tag}`);
  return SHORTS_TAG.test(input.title) || SHORTS_TAG.test(input.description) || input.tags.some(tagged);
}

/** A count as the API sends it (a string, or absent when hidden); 0 for absent or unreadable. */
function count(value: string | number | null | undefined): number {
  if (value === null || value === undefined || value === '') return 0;
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 ? Math.floor(n) : 0;
}

function date(value: string | null | undefined): Date {
  const parsed = value ? new Date(value) : new Date(Number.NaN);
  return Number.isNaN(parsed.getTime()) ? new Date(0) : parsed;
}

/** A `videos.list` item as a ProviderVideo; null when it lacks the id or snippet every video has. */
export function toProviderVideo(item: youtube_v3.Schema$Video): ProviderVideo | null {
  const { id, snippet } = item;
  if (!id || !snippet) return null;
  const title = snippet.title ?? '';
  const description = snippet.description ?? '';
  const tags = snippet.tags ?? [];
  const durationSeconds = parseIsoDuration(item.contentDetails?.duration);
  // The contract knows LIVE and NONE only. An upcoming premiere or stream cannot be played yet either, so it is LIVE
  // (the web app shows it as such) rather than a 0-second video. Its publishedAt stays snippet.publishedAt (when it
  // was scheduled), not liveStreamingDetails.scheduledStartTime, so feeds do not sort it into the future.
  const live = snippet.liveBroadcastContent === 'live' || snippet.liveBroadcastContent === 'upcoming';
  return {
    externalId: id,
    channelExternalId: snippet.channelId ?? '',
    channelName: snippet.channelTitle ?? '',
    title,
    description,
    tags,
    durationSeconds,
    numberOfViews: count(item.statistics?.viewCount),
    // likeCount is left out when the creator hides likes.
    numberOfLikes: count(item.statistics?.likeCount),
    publishedAt: date(snippet.publishedAt),
    liveStatus: live ? 'LIVE' : 'NONE',
    // Absent when the `status` part was not asked for; YouTube's default is embeddable.
    embeddable: item.status?.embeddable ?? true,
    isShort: isShortVideo({ durationSeconds, title, description, tags, live }),
    thumbnail: bestThumbnail(snippet.thumbnails),
    // YouTube videos play in YouTube's own player.
    mediaUrl: null,
  };
}

/**
 * YouTube's topics (the Wikipedia pages of `topicDetails.topicCategories`, as listed for the Data API's topicId) →
 * SPEC's sift categories. The broad parents (Entertainment, Lifestyle, Society, Knowledge) say least, so a channel
 * with a narrower topic too takes the narrower one's category.
 */
const TOPIC_CATEGORIES: Record<string, string> = {
  Music: 'music', Christian_music: 'music', Classical_music: 'music', Country_music: 'music', Electronic_music: 'music',
  Hip_hop_music: 'music', Independent_music: 'music', Jazz: 'music', Music_of_Asia: 'music', Music_of_Latin_America: 'music',
  Pop_music: 'music', Reggae: 'music', Rhythm_and_blues: 'music', Rock_music: 'music', Soul_music: 'music',
  Action_game: 'gaming', 'Action-adventure_game': 'gaming', Casual_game: 'gaming', Music_video_game: 'gaming',
  Puzzle_video_game: 'gaming', Racing_video_game: 'gaming', 'Role-playing_video_game': 'gaming', Simulation_video_game: 'gaming',
  Sports_game: 'gaming', Strategy_video_game: 'gaming', Video_game_culture: 'gaming',
  American_football: 'sports', Baseball: 'sports', Basketball: 'sports', Boxing: 'sports', Cricket: 'sports',
  Association_football: 'sports', Golf: 'sports', Ice_hockey: 'sports', Mixed_martial_arts: 'sports', Motorsport: 'sports',
  Professional_wrestling: 'sports', Tennis: 'sports', Volleyball: 'sports', Sport: 'sports',
  Humour: 'comedy', Film: 'entertainment', Television_program: 'entertainment', Performing_arts: 'arts', Fashion: 'arts',
  Physical_attractiveness: 'arts', Physical_fitness: 'health', Health: 'health', Food: 'food', Hobby: 'diy', Pet: 'nature',
  Technology: 'technology', Tourism: 'travel', Vehicle: 'other', Business: 'business', Politics: 'news', Military: 'news',
  Religion: 'other',
  // The broad parents.
  Entertainment: 'entertainment', 'Lifestyle_(sociology)': 'other', Society: 'news', Knowledge: 'education',
};
const BROAD_TOPICS = new Set(['Entertainment', 'Lifestyle_(sociology)', 'Society', 'Knowledge']);

/** The category of a channel's topics (`https://en.wikipedia.org/wiki/Food`, …): the first narrow one's, else a broad one's. */
export function categoryOfTopics(topicUrls: readonly string[] | null | undefined): string | null {
  const topics = (topicUrls ?? []).map((url) => decodeURIComponent(url.slice(url.lastIndexOf('/') + 1))).filter((topic) => topic in TOPIC_CATEGORIES);
  const chosen = topics.find((topic) => !BROAD_TOPICS.has(topic)) ?? topics[0];
  return chosen ? TOPIC_CATEGORIES[chosen]! : null;
}

/** A `channels.list` item as a ProviderChannel; null when it lacks the id or snippet. */
export function toProviderChannel(item: youtube_v3.Schema$Channel): ProviderChannel | null {
  const { id, snippet, statistics } = item;
  if (!id || !snippet) return null;
  return {
    externalId: id,
    name: snippet.title ?? '',
    description: snippet.description ?? '',
    // YouTube's topicDetails are Wikipedia URLs, not a topic a person would pick; Sift's topics are its own.
    topic: null,
    category: categoryOfTopics(item.topicDetails?.topicCategories),
    thumbnail: bestThumbnail(snippet.thumbnails),
    // A channel may hide its subscriber count; the API then leaves subscriberCount out (or sends a rounded one we
    // must not show as if it were known).
    numberOfFollowers: statistics?.hiddenSubscriberCount ? 0 : count(statistics?.subscriberCount),
    numberOfVideos: count(statistics?.videoCount),
    numberOfViews: count(statistics?.viewCount),
  };
}

export interface SearchResultChannel {
  externalId: string;
  name: string;
  description: string;
  thumbnail: string;
}

/** A `search.list type=channel` item; null when it is not a channel (a search without type returns videos too). */
export function channelFromSearchResult(item: youtube_v3.Schema$SearchResult): SearchResultChannel | null {
  const externalId = item.id?.channelId;
  if (!externalId || !item.snippet) return null;
  return {
    externalId,
    name: item.snippet.channelTitle || item.snippet.title || '',
    description: item.snippet.description ?? '',
    thumbnail: bestThumbnail(item.snippet.thumbnails),
  };
}

/** A `subscriptions.list mine=true` item: the channel subscribed to (resourceId), not the subscriber; null without one. */
export function toAccountSubscription(item: youtube_v3.Schema$Subscription): AccountSubscription | null {
  const channelExternalId = item.snippet?.resourceId?.channelId;
  if (!channelExternalId || !CHANNEL_ID_PATTERN.test(channelExternalId)) return null;
  return {
    channelExternalId,
    name: item.snippet?.title ?? '',
    description: item.snippet?.description ?? '',
    thumbnail: bestThumbnail(item.snippet?.thumbnails) || null,
  };
}

/** A `playlists.list mine=true` item; null without an id. Unlisted and private count as not public. */
export function toAccountPlaylist(item: youtube_v3.Schema$Playlist): AccountPlaylist | null {
  if (!item.id) return null;
  return {
    externalId: item.id,
    name: item.snippet?.title ?? '',
    description: item.snippet?.description ?? '',
    thumbnail: bestThumbnail(item.snippet?.thumbnails) || null,
    numberOfVideos: count(item.contentDetails?.itemCount),
    public: item.status?.privacyStatus === 'public',
  };
}

/**
 * A channel's uploads playlist, derived without a call: `UC…` → `UU…` (what channels.list returns as
 * contentDetails.relatedPlaylists.uploads). Throws for anything but a channel id: there is nothing to derive.
 */
export function uploadsPlaylistId(channelId: string): string {
  if (!CHANNEL_ID_PATTERN.test(channelId)) throw new RangeError(`Not a YouTube channel id: ${JSON.stringify(channelId)}`);
  return `UU${channelId.slice(2)}`;
}
