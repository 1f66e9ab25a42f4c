import { CLIENT_PATHS } from '@sift/contracts/client-routes';

/**
 * Every route path of SPEC §2, in one place. Route patterns (for the router; shared with the server, which answers
 * 404 for an address none of them matches) and builders (for links).
 * It lives in lib, below features and components, so that every layer can build links from it.
 */
export const paths = CLIENT_PATHS;

const enc = encodeURIComponent;

/**
 * The list a video plays inside (SPEC §2 `/watch` query p and s): the player's queue is that list, from that video
 * (issue 31: a card clicked on a playlist or sift page plays inside it, as "Play all" does).
 */
export type WatchList = { playlist: string | number } | { sift: string };

/** Link builders. `v` is carried over by AppLink; these never add it. */
export const to = {
  home: () => '/',
  watch: (videoExternalId: string, list?: WatchList) =>
    `/watch?v=${enc(videoExternalId)}${!list ? '' : 'playlist' in list ? `&p=${enc(String(list.playlist))}` : `&s=${enc(list.sift)}`}`,
  channel: (externalId: string) => `/channel/${enc(externalId)}`,
  search: (text: string) => `/search/main?st=${enc(text)}`,
  playlist: (id: string | number) => `/playlists/${enc(String(id))}`,
  watchLater: () => '/playlists/wl',
  sift: (hashOrId: string | number) => `/sifts/${enc(String(hashOrId))}`,
  userProfile: (id: string) => `/user-profile/${enc(id)}`,
  login: (redirect?: string) => (redirect ? `/login?redirect=${enc(redirect)}` : '/login'),
  /**
   * The auth-check address of SPEC §2 ("a 403 when loading a list with sid or vid sends the browser to an auth-check
   * address with action showVideo and the current path"): the login page, which sends the person back to that path
   * (logged in, or as someone else); `action=showVideo` says why they are there.
   */
  showVideoAuthCheck: (currentPath: string) => `/login?redirect=${enc(currentPath)}&action=showVideo`,
  emailSent: (email: string) => `/email-sent/${enc(email)}`,
  checkEmail: (email: string) => `/check-email/${enc(email)}`,
  emailNotFound: (email: string) => `/email-not-found/${enc(email)}`,
  confirmationSuccess: (email?: string) => (email ? `/confirmation-success/${enc(email)}` : '/confirmation-success'),
  resendActivation: (email?: string) => (email ? `/resend-activation/${enc(email)}` : '/resend-activation'),
  oauth2: (provider: string) => `/oauth2/${enc(provider)}`,
} as const;

/** The onboarding routes (SPEC §2): login required, footer hidden. */
export const ONBOARDING_PATHS: readonly string[] = [
  paths.welcome,
  paths.welcomeOld,
  paths.youtubeImportIntro,
  paths.youtubeImport,
  paths.followChannels,
  paths.siftIntro,
  paths.siftCreate,
];
