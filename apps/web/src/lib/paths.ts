/**
 * Every route path of SPEC §2, in one place. Route patterns (for the router) and builders (for links).
 * It lives in lib, below features and components, so that every layer can build links from it.
 */

export const paths = {
  home: '/',
  watch: '/watch',
  channel: '/channel/:externalId',
  search: '/search',
  searchMain: '/search/main',
  searchRecent: '/search/recent',
  create: '/create',
  createSift: '/create/sift',
  createPlaylist: '/create/playlist',
  viewChannels: '/view-channels',
  addChannels: '/add-channels',
  addVideos: '/add-videos',
  addToSift: '/add-to-sift',
  addToPlaylist: '/add-to-playlist',
  playlists: '/playlists',
  playlist: '/playlists/:id',
  playlistEdit: '/playlists/:id/edit',
  sifts: '/sifts',
  sift: '/sifts/:hash',
  siftEdit: '/sifts/:hash/edit',
  userProfile: '/user-profile/:id',
  about: '/about',
  contact: '/contact',
  terms: '/terms',
  privacy: '/privacy',
  cookiePolicy: '/cookiepolicy',
  login: '/login',
  forgotPassword: '/forgot-password',
  passwordReset: '/passwordReset',
  passwordResetAlias: '/password-reset',
  signup: '/signup',
  confirmRegistration: '/confirmRegistration/:token?',
  confirmRegistrationAlias: '/confirm-registration/:token?',
  confirmationExpired: '/confirmation-expired',
  resendActivation: '/resend-activation/:email?',
  confirmationSuccess: '/confirmation-success/:email?',
  emailSent: '/email-sent/:email?',
  signupSuccess: '/signup-success/:email?',
  verify: '/verify/:email?',
  checkEmail: '/check-email/:email?',
  emailNotFound: '/email-not-found/:email?',
  ready: '/ready',
  subscriptionCompleted: '/subscription-completed',
  subscriptionCancelled: '/subscription-cancelled',
  /** The unsubscribe link of notification mails (`?token=`); before issue 19 it was /subscription-cancelled. */
  unsubscribe: '/unsubscribe',
  socialRedirect: '/social-redirect',
  feed: '/feed',
  myFeed: '/feed/myfeed',
  // login required
  profile: '/profile',
  history: '/history',
  profileEdit: '/profileEdit',
  profileEditAlias: '/profile-edit',
  changePassword: '/change-password',
  importYoutubeChannels: '/importYoutubeChannels',
  importYoutubePlaylists: '/importYoutubePlaylists',
  // onboarding (login required, footer hidden)
  welcome: '/welcome',
  welcomeOld: '/welcome-old',
  youtubeImportIntro: '/youtubeImportIntro',
  youtubeImport: '/youtubeImport',
  siftIntro: '/siftIntro',
  siftCreate: '/siftCreate',
  // handled without a page
  oauth2: '/oauth2/:provider',
  oauth2Callback: '/oauth2/:provider/callback',
  /** Google's way back with the YouTube permission (issue 16 §1); ranks above the sign-in's generic callback. */
  oauth2YoutubeCallback: '/oauth2/youtube/callback',
  reactivate: '/reactivate',
  ec: '/ec/:showModal?',
  notFound: '*',
} as const;

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
  paths.siftIntro,
  paths.siftCreate,
];
