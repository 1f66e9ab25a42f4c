/**
 * Every client route of SPEC §2, as route patterns (React Router's: `:name` one segment, `:name?` an optional last
 * one, `*` anything else). The web app routes them (`apps/web/src/lib/paths.ts` is this object); the server answers
 * 404 for an address none of them matches (infra/http/client-routes.ts, decisions/043).
 *
 * A module of its own, free of zod, so that the web app can import it (`@sift/contracts/client-routes`) without
 * pulling the schemas into its bundle.
 */
export const CLIENT_PATHS = {
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
  /** Popular channels and sifts to follow before the feed (issue 31 item 8, decisions/047). */
  followChannels: '/followChannels',
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
