import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { memo, Suspense, useEffect, type ComponentType, type ReactElement } from 'react';
import {
  matchRoutes,
  Navigate,
  NavigationType,
  renderMatches,
  UNSAFE_LocationContext as LocationContext,
  useLocation,
  useParams,
  type RouteMatch,
  type RouteObject,
} from 'react-router';
import { clearLocalSession, loggingOut, useFlag, useSession } from '../features/account';
import { ChunkBoundary } from '../components/ChunkBoundary';
import { PageLoading } from '../components/Page';
// React's lazy with SPEC §8's chunk load timeout (120 s).
import { lazy } from '../lib/lazy';
import { DashboardPage } from './pages/DashboardPage';
import { paths } from '../lib/paths';
import { watchBackground } from '../lib/url';
import { decideNavigation, isDuplicateNavigation, type Access, type GuardRoute } from './guard';

/** A named export of a lazily loaded module as a lazy component. */
function lazyNamed<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M) {
  return lazy(() => load().then((m) => ({ default: m[name] as ComponentType })));
}

// Everything but the Dashboard (/ and /watch) loads on demand, so the first route stays small.
const ChannelRoute = lazy(() => import('./pages/ChannelRoute'));
const SearchRoute = lazy(() => import('./pages/SearchRoute'));
const SearchRecentRoute = lazy(() => import('./pages/SearchRecentRoute'));
const UserProfileRoute = lazy(() => import('./pages/UserProfileRoute'));
const PlaceholderPage = lazy(() => import('./pages/PlaceholderPage'));
const PrivacyPage = lazy(() => import('./pages/PrivacyPage'));
const AboutPage = lazy(() => import('./pages/AboutPage'));
const TermsPage = lazy(() => import('./pages/TermsPage'));
const ContactPage = lazyNamed(() => import('../features/contact/components/ContactPage'), 'ContactPage');
const NotFoundPage = lazy(() => import('./pages/NotFoundPage'));

// Account pages (issue 3), grouped by the chunk they share.
const loginPages = () => import('../features/account/pages/LoginPage');
const signupPages = () => import('../features/account/pages/SignupPage');
const recoveryPages = () => import('../features/account/pages/RecoveryPages');
const confirmationPages = () => import('../features/account/pages/ConfirmationPages');
const profilePages = () => import('../features/account/pages/ProfilePages');
const onboardingPages = () => import('../features/account/pages/OnboardingPages');
const oauthPages = () => import('../features/account/pages/OAuthPages');
const LoginPage = lazyNamed(loginPages, 'LoginPage');
const SignupPage = lazyNamed(signupPages, 'SignupPage');
const ForgotPasswordPage = lazyNamed(recoveryPages, 'ForgotPasswordPage');
const PasswordResetPage = lazyNamed(recoveryPages, 'PasswordResetPage');
const ResendActivationPage = lazyNamed(recoveryPages, 'ResendActivationPage');
const ConfirmRegistrationPage = lazyNamed(confirmationPages, 'ConfirmRegistrationPage');
const ConfirmationSuccessPage = lazyNamed(confirmationPages, 'ConfirmationSuccessPage');
const EmailSentPage = lazyNamed(confirmationPages, 'EmailSentPage');
const CheckEmailPage = lazyNamed(confirmationPages, 'CheckEmailPage');
const EmailNotFoundPage = lazyNamed(confirmationPages, 'EmailNotFoundPage');
const ProfileEditPage = lazyNamed(profilePages, 'ProfileEditPage');
const ChangePasswordPage = lazyNamed(profilePages, 'ChangePasswordPage');
const WelcomePage = lazyNamed(onboardingPages, 'WelcomePage');
const YoutubeImportIntroPage = lazyNamed(onboardingPages, 'YoutubeImportIntroPage');
const SiftIntroPage = lazyNamed(onboardingPages, 'SiftIntroPage');
const SiftCreatePage = lazyNamed(onboardingPages, 'SiftCreatePage');
const SocialRedirectPage = lazyNamed(oauthPages, 'SocialRedirectPage');
// Playlists (issue 5), one chunk.
const playlistPages = () => import('./pages/PlaylistRoutes');
const PlaylistsPage = lazyNamed(playlistPages, 'PlaylistsPage');
const PlaylistRoute = lazyNamed(playlistPages, 'PlaylistRoute');
const PlaylistEditRoute = lazyNamed(playlistPages, 'PlaylistEditRoute');
const CreatePlaylistPage = lazyNamed(playlistPages, 'CreatePlaylistPage');
const AddToPlaylistPage = lazyNamed(playlistPages, 'AddToPlaylistPage');
const AddVideosPage = lazyNamed(playlistPages, 'AddVideosPage');
const CreateRoute = lazy(() => import('./pages/CreateRoute'));
// Sifts (issue 6): a sift's pages in one chunk, those that change sifts in another, the list in a third (decision 061).
const siftPages = () => import('./pages/SiftRoutes');
const SiftsPage = lazyNamed(() => import('../features/sifts/components/SiftsPage'), 'SiftsPage');
const SiftRoute = lazyNamed(siftPages, 'SiftRoute');
const ViewChannelsPage = lazyNamed(siftPages, 'ViewChannelsPage');
const AddChannelsPage = lazyNamed(siftPages, 'AddChannelsPage');
const siftEditorPages = () => import('./pages/SiftEditorRoutes');
const SiftEditRoute = lazyNamed(siftEditorPages, 'SiftEditRoute');
const CreateSiftPage = lazyNamed(siftEditorPages, 'CreateSiftPage');
const AddToSiftPage = lazyNamed(siftEditorPages, 'AddToSiftPage');
// Imports (issue 16), one chunk.
const importPages = () => import('./pages/ImportRoutes');
const ImportChannelsPage = lazyNamed(importPages, 'ImportChannelsPage');
const ImportPlaylistsPage = lazyNamed(importPages, 'ImportPlaylistsPage');
const OnboardingImportRoute = lazyNamed(importPages, 'OnboardingImportRoute');
// The onboarding's follow step (issue 31), in the imports' chunk: one more chunk would cost the first route its name.
const OnboardingFollowRoute = lazyNamed(importPages, 'OnboardingFollowRoute');
const YouTubeCallbackRoute = lazyNamed(importPages, 'YouTubeCallbackRoute');
// Follows and feeds (issue 7).
const FeedRoute = lazy(() => import('./pages/FeedRoute'));
const UnsubscribePage = lazyNamed(() => import('../features/subscriptions/components/UnsubscribePage'), 'UnsubscribePage');
const ProfileRoute = lazy(() => import('./pages/ProfileRoute'));
// The watch history (issue 30).
const HistoryPage = lazyNamed(() => import('../features/history/components/HistoryPage'), 'HistoryPage');
// Plans and checkout (issue 19), one chunk.
const billingPages = () => import('./pages/BillingRoutes');
const PlansRoute = lazyNamed(billingPages, 'PlansRoute');
const SubscriptionCompletedRoute = lazyNamed(billingPages, 'SubscriptionCompletedRoute');
const SubscriptionCancelledRoute = lazyNamed(billingPages, 'SubscriptionCancelledRoute');
const OAuthHandler = lazy(() => oauthPages().then((m) => ({ default: m.OAuthHandler })));

export type { Access };

export interface RouteDef extends GuardRoute {
  /** Page title (translated where shown); also the heading of routes a later issue fills. */
  title: MessageDescriptor;
  header: boolean;
  footer: boolean;
  element: () => ReactElement;
}

const placeholder = (title: MessageDescriptor) => () => <PlaceholderPage title={title} />;
const withChrome = { header: true, footer: true } as const;
const page = (Component: ComponentType) => () => <Component />;

function pub(path: string, title: MessageDescriptor, element: () => ReactElement = placeholder(title)): RouteDef {
  return { path, title, ...withChrome, access: 'public', element };
}
function auth(path: string, title: MessageDescriptor, element: () => ReactElement = placeholder(title)): RouteDef {
  return { path, title, ...withChrome, access: 'login', element };
}
function onboarding(path: string, title: MessageDescriptor, element: () => ReactElement): RouteDef {
  return { path, title, header: true, footer: false, access: 'login', onboarding: true, element };
}
/** Routes that show no page of their own. */
function bare(path: string, title: MessageDescriptor, element: () => ReactElement): RouteDef {
  return { path, title, header: false, footer: false, access: 'public', element };
}

const dashboard = () => <DashboardPage />;
const privacy = () => <PrivacyPage />;
const searchPage = () => <SearchRoute />;
const login = page(LoginPage);
const passwordReset = page(PasswordResetPage);
const confirmRegistration = page(ConfirmRegistrationPage);
const resendActivation = page(ResendActivationPage);
const emailSent = page(EmailSentPage);
const profileEdit = page(ProfileEditPage);
const welcome = page(WelcomePage);
const youtubeImport = page(OnboardingImportRoute);
const noPage = () => <></>;

/**
 * The routes' titles: one descriptor per title, shared by a route and its aliases (an alias shows its target's
 * title). Defined, not translated, here: the page shows them in the active language (i18n._).
 */
const T = {
  HOME: msg`Home`,
  WATCH: msg`Watch`,
  CHANNEL: msg`Channel`,
  SEARCH: msg`Search`,
  RECENT_SEARCHES: msg`Recent searches`,
  CREATE_NEW: msg`Create new`,
  CREATE_A_SIFT: msg`Create a Sift`,
  CREATE_A_PLAYLIST: msg`Create a playlist`,
  CHANNELS: msg`Channels`,
  ADD_CHANNELS: msg`Add channels`,
  ADD_VIDEOS: msg`Add videos`,
  ADD_TO_SIFT: msg`Add to Sift`,
  ADD_TO_PLAYLIST: msg`Add to playlist`,
  PLAYLISTS: msg`Playlists`,
  PLAYLIST: msg`Playlist`,
  EDIT_PLAYLIST: msg`Edit playlist`,
  SIFTS: msg`Sifts`,
  SIFT: msg`Sift`,
  EDIT_SIFT: msg`Edit sift`,
  PROFILE: msg`Profile`,
  ABOUT: msg`About`,
  CONTACT_US: msg`Contact Us`,
  TERMS_OF_USE: msg`Terms of Use`,
  PRIVACY_POLICY: msg`Privacy Policy`,
  LOG_IN: msg`Log in`,
  FORGOT_PASSWORD: msg`Forgot password`,
  RESET_PASSWORD: msg`Reset password`,
  SIGN_UP: msg`Sign up`,
  CONFIRM_REGISTRATION: msg`Confirm registration`,
  CONFIRMATION_LINK_EXPIRED: msg`Confirmation link expired`,
  REGISTRATION_CONFIRMED: msg`Registration confirmed`,
  E_MAIL_SENT: msg`E-mail sent`,
  CHECK_YOUR_E_MAIL: msg`Check your e-mail`,
  E_MAIL_NOT_FOUND: msg`E-mail not found`,
  PLANS: msg`Plans`,
  UNSUBSCRIBE: msg`Unsubscribe`,
  SUBSCRIPTION_COMPLETED: msg`Subscription completed`,
  SUBSCRIPTION_CANCELLED: msg`Subscription cancelled`,
  SIGNING_IN: msg`Signing in`,
  MY_FEED: msg`My feed`,
  HISTORY: msg`History`,
  EDIT_PROFILE: msg`Edit profile`,
  CHANGE_PASSWORD: msg`Change password`,
  IMPORT: msg`Import`,
  WELCOME: msg`Welcome`,
  IMPORT_FROM_YOUTUBE: msg`Import from YouTube`,
  FOLLOW_WHAT_YOU_LIKE: msg`Follow what you like`,
  WHAT_IS_A_SIFT: msg`What is a Sift?`,
  CREATE_YOUR_FIRST_SIFT: msg`Create your first Sift`,
  CONNECTING_YOUTUBE: msg`Connecting YouTube`,
  PAGE_NOT_FOUND: msg`Page not found`,
} as const;

/** The full route table of SPEC §2, aliases and redirects included. Order does not matter: paths are ranked. */
export const ROUTES: readonly RouteDef[] = [
  // Public
  pub(paths.home, T.HOME, dashboard),
  pub(paths.watch, T.WATCH, dashboard),
  pub(paths.channel, T.CHANNEL, () => <ChannelRoute />),
  pub(paths.search, T.SEARCH, searchPage),
  pub(paths.searchMain, T.SEARCH, searchPage),
  pub(paths.searchRecent, T.RECENT_SEARCHES, () => <SearchRecentRoute />),
  pub(paths.create, T.CREATE_NEW, page(CreateRoute)),
  pub(paths.createSift, T.CREATE_A_SIFT, page(CreateSiftPage)),
  pub(paths.createPlaylist, T.CREATE_A_PLAYLIST, page(CreatePlaylistPage)),
  pub(paths.viewChannels, T.CHANNELS, page(ViewChannelsPage)),
  pub(paths.addChannels, T.ADD_CHANNELS, page(AddChannelsPage)),
  pub(paths.addVideos, T.ADD_VIDEOS, page(AddVideosPage)),
  pub(paths.addToSift, T.ADD_TO_SIFT, page(AddToSiftPage)),
  pub(paths.addToPlaylist, T.ADD_TO_PLAYLIST, page(AddToPlaylistPage)),
  pub(paths.playlists, T.PLAYLISTS, page(PlaylistsPage)),
  pub(paths.playlist, T.PLAYLIST, page(PlaylistRoute)),
  pub(paths.playlistEdit, T.EDIT_PLAYLIST, page(PlaylistEditRoute)),
  pub(paths.sifts, T.SIFTS, page(SiftsPage)),
  pub(paths.sift, T.SIFT, page(SiftRoute)),
  pub(paths.siftEdit, T.EDIT_SIFT, page(SiftEditRoute)),
  pub(paths.userProfile, T.PROFILE, () => <UserProfileRoute />),
  pub(paths.about, T.ABOUT, page(AboutPage)),
  pub(paths.contact, T.CONTACT_US, page(ContactPage)),
  pub(paths.terms, T.TERMS_OF_USE, page(TermsPage)),
  pub(paths.privacy, T.PRIVACY_POLICY, privacy),
  pub(paths.cookiePolicy, T.PRIVACY_POLICY, privacy),
  pub(paths.login, T.LOG_IN, login),
  pub(paths.forgotPassword, T.FORGOT_PASSWORD, page(ForgotPasswordPage)),
  pub(paths.passwordReset, T.RESET_PASSWORD, passwordReset),
  pub(paths.passwordResetAlias, T.RESET_PASSWORD, passwordReset),
  pub(paths.signup, T.SIGN_UP, page(SignupPage)),
  pub(paths.confirmRegistration, T.CONFIRM_REGISTRATION, confirmRegistration),
  pub(paths.confirmRegistrationAlias, T.CONFIRM_REGISTRATION, confirmRegistration),
  pub(paths.confirmationExpired, T.CONFIRMATION_LINK_EXPIRED, resendActivation),
  pub(paths.resendActivation, T.CONFIRMATION_LINK_EXPIRED, resendActivation),
  pub(paths.confirmationSuccess, T.REGISTRATION_CONFIRMED, page(ConfirmationSuccessPage)),
  pub(paths.emailSent, T.E_MAIL_SENT, emailSent),
  pub(paths.signupSuccess, T.E_MAIL_SENT, emailSent),
  pub(paths.verify, T.E_MAIL_SENT, emailSent),
  pub(paths.checkEmail, T.CHECK_YOUR_E_MAIL, page(CheckEmailPage)),
  pub(paths.emailNotFound, T.E_MAIL_NOT_FOUND, page(EmailNotFoundPage)),
  pub(paths.ready, T.PLANS, page(PlansRoute)),
  pub(paths.subscriptionCompleted, T.SUBSCRIPTION_COMPLETED, page(SubscriptionCompletedRoute)),
  pub(paths.subscriptionCancelled, T.SUBSCRIPTION_CANCELLED, page(SubscriptionCancelledRoute)),
  pub(paths.unsubscribe, T.UNSUBSCRIBE, page(UnsubscribePage)),
  bare(paths.socialRedirect, T.SIGNING_IN, page(SocialRedirectPage)),
  { ...pub(paths.feed, T.MY_FEED, page(FeedRoute)), access: 'feed' },
  { ...pub(paths.myFeed, T.MY_FEED, page(FeedRoute)), access: 'feed' },
  // Login required
  auth(paths.profile, T.PROFILE, page(ProfileRoute)),
  auth(paths.history, T.HISTORY, page(HistoryPage)),
  auth(paths.profileEdit, T.EDIT_PROFILE, profileEdit),
  auth(paths.profileEditAlias, T.EDIT_PROFILE, profileEdit),
  auth(paths.changePassword, T.CHANGE_PASSWORD, page(ChangePasswordPage)),
  auth(paths.importYoutubeChannels, T.IMPORT, page(ImportChannelsPage)),
  auth(paths.importYoutubePlaylists, T.IMPORT, page(ImportPlaylistsPage)),
  // Onboarding
  onboarding(paths.welcome, T.WELCOME, welcome),
  onboarding(paths.welcomeOld, T.WELCOME, welcome),
  onboarding(paths.youtubeImportIntro, T.IMPORT_FROM_YOUTUBE, page(YoutubeImportIntroPage)),
  onboarding(paths.youtubeImport, T.IMPORT_FROM_YOUTUBE, youtubeImport),
  onboarding(paths.followChannels, T.FOLLOW_WHAT_YOU_LIKE, page(OnboardingFollowRoute)),
  onboarding(paths.siftIntro, T.WHAT_IS_A_SIFT, page(SiftIntroPage)),
  onboarding(paths.siftCreate, T.CREATE_YOUR_FIRST_SIFT, page(SiftCreatePage)),
  // OAuth: handled by the guard, no page
  { ...bare(paths.oauth2, T.SIGNING_IN, noPage), special: 'oauth-start' },
  { ...bare(paths.oauth2Callback, T.SIGNING_IN, noPage), special: 'oauth-callback' },
  // Google's way back with a member's YouTube permission (issue 16 §1): not a sign-in, so not the guard's OAuth step.
  // A static path, it ranks above the generic callback. It needs the member's login (the permission is bound to it),
  // and is exempt from the onboarding redirect like the onboarding routes: it may be the onboarding's own round trip.
  { ...bare(paths.oauth2YoutubeCallback, T.CONNECTING_YOUTUBE, page(YouTubeCallbackRoute)), access: 'login', onboarding: true },
  // Redirects
  pub(paths.reactivate, T.HOME, () => <RedirectHome state={{ modal: 'reactivate' }} />),
  { ...pub(paths.ec, T.HOME, noPage), special: 'ec' },
  pub(paths.notFound, T.PAGE_NOT_FOUND, () => <NotFoundPage />),
];

/** The route table as the router reads it; each route's definition rides along as its `handle`. */
const ROUTE_OBJECTS: RouteObject[] = ROUTES.map((def) => ({ path: def.path, element: <Guarded def={def} />, handle: def }));

/** The last few pathnames matched, and their matches (the shell, the page and a page behind /watch ask alike). */
const matched = new Map<string, RouteMatch[] | null>();

/**
 * The routes a pathname matches. react-router ranks the whole table and compiles the pattern of every route it tries
 * on each call; the table never changes, so a pathname is matched once, however often the shell and the page render
 * (the first render of a page matched it three times: the shell's `findRoute`, `<Routes>`, and `<Routes>` again when
 * the page's chunk came; issue 32).
 */
function matchesOf(pathname: string): RouteMatch[] | null {
  let matches = matched.get(pathname);
  if (matches === undefined) {
    matches = matchRoutes(ROUTE_OBJECTS, pathname);
    if (matched.size >= 8) matched.delete(matched.keys().next().value!);
    matched.set(pathname, matches);
  }
  return matches;
}

/** The route definition a pathname renders (the routed page's own match). */
export function findRoute(pathname: string): RouteDef {
  return (matchesOf(pathname)?.at(-1)?.route.handle as RouteDef | undefined) ?? ROUTES[ROUTES.length - 1]!;
}

/**
 * The routed page: the matched route rendered as `<Routes location>` renders it (the location the page sees is the
 * one shown, with a navigation type of POP), from `matchesOf`. Memoised: the shell around it re-renders for its own
 * reasons (the session, the viewport, preferences); only a navigation concerns the routes.
 */
export const AppRoutes = memo(function AppRoutes() {
  const location = useLocation();
  // /watch opened from a page keeps that page behind the player (lib/url.ts watchBackground); else the Dashboard.
  const bg = location.pathname === paths.watch ? watchBackground(location.state) : null;
  const shown = bg ? { ...location, ...bg } : location;
  return (
    // Keyed by the path shown (the page behind /watch stays mounted): a page that failed to load does not keep
    // another path from trying.
    <ChunkBoundary key={shown.pathname}>
      <Suspense fallback={<RouteLoading />}>
        <LocationContext.Provider value={{ location: shown, navigationType: NavigationType.Pop }}>
          {renderMatches(matchesOf(shown.pathname))}
        </LocationContext.Provider>
      </Suspense>
    </ChunkBoundary>
  );
});

function RouteLoading() {
  const { t } = useLingui();
  return <PageLoading label={t`Loading page…`} />;
}

/** The navigation guard of SPEC §2 for one route: app/guard.ts decides, this carries it out. */
function Guarded({ def }: { def: RouteDef }) {
  const location = useLocation();
  const params = useParams();
  const session = useSession();
  const out = useFlag(loggingOut);
  const decision = decideNavigation({
    route: def,
    pathname: location.pathname,
    search: location.search,
    hash: location.hash,
    params,
    hasToken: !!session.token,
    loggedIn: session.isLoggedIn,
    userPending: session.userPending,
    onboarded: session.onboarded,
    loggingOut: out,
  });
  switch (decision.kind) {
    case 'render':
      return def.element();
    case 'login':
      return <LoginRedirect to={decision.to} />;
    case 'redirect':
      return <GuardRedirect to={decision.to} state={decision.state} />;
    case 'oauth':
      return <OAuthHandler callback={decision.step === 'callback'} />;
    case 'wait':
      return <RouteLoading />;
  }
}

function GuardRedirect({ to, state }: { to: string; state?: unknown }) {
  const location = useLocation();
  // A redirect to where the browser already is would be a duplicate navigation: ignored.
  if (isDuplicateNavigation(location, to)) return null;
  return <Navigate to={to} replace state={state} />;
}

function LoginRedirect({ to }: { to: string }) {
  const qc = useQueryClient();
  // "The user is also logged out in the store."
  useEffect(() => clearLocalSession(qc), [qc]);
  return <GuardRedirect to={to} />;
}

function RedirectHome({ state }: { state?: unknown }) {
  const { search } = useLocation();
  return <Navigate to={{ pathname: paths.home, search }} replace state={state} />;
}

