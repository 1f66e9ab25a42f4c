import { msg } from '@lingui/core/macro';
import { i18n, type MessageDescriptor } from '@lingui/core';
import type { CurrentItem, PlayerVideo } from './types';

/**
 * Where a video lives on its service, and which thumbnail the player shows (SPEC §9 "Player thumbnails": medium
 * quality on mobile and tablet, standard otherwise).
 */

const GENERIC_SERVICE = msg({ message: 'the video service', comment: 'Stands for a video service with no brand name, inside "Open on …" and "It plays on …"' });

const SERVICES: Record<
  string,
  { name: string | MessageDescriptor; url: (video: PlayerVideo) => string | null; thumbnail?: (id: string, quality: 'medium' | 'standard') => string }
> = {
  youtube: {
    name: 'YouTube',
    url: (v) => `https://www.youtube.com/watch?v=${encodeURIComponent(v.externalId)}`,
    // mqdefault 320×180 (16:9), sddefault 640×480: YouTube's "medium" and "standard" qualities.
    thumbnail: (id, q) => `https://i.ytimg.com/vi/${encodeURIComponent(id)}/${q === 'medium' ? 'mqdefault' : 'sddefault'}.jpg`,
  },
  // The demo catalog's stand-in for a service: a watch page the server renders (DEMO_SERVICE_WATCH_PATH), which
  // plays the video's clip, so a demo video without one has nowhere to go.
  demo: {
    name: GENERIC_SERVICE,
    url: (v) => (v.mediaUrl ? `/demo-service/watch?v=${encodeURIComponent(v.externalId)}` : null),
  },
};

/** The service's name for "Open on …" ("YouTube"): a brand as it is, the generic one in the active language. */
export function serviceName(video: PlayerVideo): string {
  const name = SERVICES[video.provider]?.name ?? GENERIC_SERVICE;
  return typeof name === 'string' ? name : i18n._(name);
}

/**
 * The address that plays the video on its service, for the leave modal's Accept and `openNonEmbeddableVideo`; a
 * provider the app does not know opens its clip, if any. Null when there is nowhere to go.
 */
export function externalVideoUrl(video: PlayerVideo): string | null {
  const service = SERVICES[video.provider];
  return service ? service.url(video) : (video.mediaUrl ?? null);
}

/** `desktop` is ≥ 992 px (SPEC §9: below counts as mobile). Thumbnails from elsewhere are used as given. */
export function playerThumbnail(video: PlayerVideo, desktop: boolean): string {
  const thumb = SERVICES[video.provider]?.thumbnail;
  return thumb ? thumb(video.externalId, desktop ? 'standard' : 'medium') : video.thumbnail;
}

// ---- the player menu (SPEC §2 mobile sheets "Player", visibility rules of SPEC §6) --------------------------------

export type PlayerMenuAction = 'viewPlaylist' | 'viewSift' | 'viewChannel' | 'addToPlaylist' | 'removeFromPlaylist' | 'share';

export const PLAYER_MENU_ORDER: readonly PlayerMenuAction[] = [
  'viewPlaylist',
  'viewSift',
  'viewChannel',
  'addToPlaylist',
  'removeFromPlaylist',
  'share',
];

export interface PlayerMenuContext {
  video: PlayerVideo;
  item: CurrentItem | null;
  loggedIn: boolean;
  /** Which actions have been wired (later issues plug theirs in); an unwired action never shows. */
  available: ReadonlySet<PlayerMenuAction>;
}

/**
 * Which items the player menu shows, in SPEC §2 order:
 * - view playlist / view sift: only when logged in and while such an item is playing (SPEC §6);
 * - view channel: always;
 * - add to playlist: always (a visitor is sent to log in and the action replayed, SPEC §6);
 * - remove from playlist: only while one of the person's own playlists plays (SPEC §5: only the owner);
 * - share video: always (videos are public; SPEC §5 "Sharing needs the item to be public").
 */
export function playerMenuActions(ctx: PlayerMenuContext): PlayerMenuAction[] {
  const rules: Record<PlayerMenuAction, boolean> = {
    viewPlaylist: ctx.loggedIn && ctx.item?.type === 'playlist',
    viewSift: ctx.loggedIn && ctx.item?.type === 'sift',
    viewChannel: !!ctx.video.channelExternalId,
    addToPlaylist: true,
    removeFromPlaylist: ctx.item?.type === 'playlist' && !!ctx.item.owner?.creator,
    share: true,
  };
  return PLAYER_MENU_ORDER.filter((a) => rules[a] && ctx.available.has(a));
}
