import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, type ComponentType, type ReactElement } from 'react';
import { matchRoutes, Navigate, Route, Routes, useLocation, useParams } from 'react-router';
import { clearLocalSession, loggingOut, useFlag, useSession } from '../features/account';
import { ChunkBoundary } from '../components/ChunkBoundary';
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
// Sifts (issue 6), one chunk.
const siftPages = () => import('./pages/SiftRoutes');
const SiftsPage = lazyNamed(siftPages, 'SiftsPage');
const SiftRoute = lazyNamed(siftPages, 'SiftRoute');
const SiftEditRoute = lazyNamed(siftPages, 'SiftEditRoute');
const CreateSiftPage = lazyNamed(siftPages, 'CreateSiftPage');
const AddToSiftPage = lazyNamed(siftPages, 'AddToSiftPage');
const ViewChannelsPage = lazyNamed(siftPages, 'ViewChannelsPage');
const AddChannelsPage = lazyNamed(siftPages, 'AddChannelsPage');
// Imports (issue 16), one chunk.
const importPages = () => import('./pages/ImportRoutes');
const ImportChannelsPage = lazyNamed(importPages, 'ImportChannelsPage');
const ImportPlaylistsPage = lazyNamed(importPages, 'ImportPlaylistsPage');
const OnboardingImportRoute = lazyNamed(importPages, 'OnboardingImportRoute');
const YouTubeCallbackRoute = lazyNamed(importPages, 'YouTubeCallbackRoute');
// Follows and feeds (issue 7).
const FeedRoute = lazy(() => import('./pages/FeedRoute'));
const UnsubscribePage = lazyNamed(() => import('../features/subscriptions/components/UnsubscribePage'), 'UnsubscribePage');
const ProfileRoute = lazy(() => import('./pages/ProfileRoute'));
// Plans and checkout (issue 19), one chunk.
const billingPages = () => import('./pages/BillingRoutes');
const PlansRoute = lazyNamed(billingPages, 'PlansRoute');
const SubscriptionCompletedRoute = lazyNamed(billingPages, 'SubscriptionCompletedRoute');
const SubscriptionCancelledRoute = lazyNamed(billingPages, 'SubscriptionCancelledRoute');
const OAuthHandler = lazy(() => oauthPages().then((m) => ({ default: m.OAuthHandler })));

export type { Access };

export interface RouteDef extends GuardRoute {
  /** Page title; also the heading of routes a later issue fills. */
  title: string;
  header: boolean;
  footer: boolean;
  element: () => ReactElement;
}

const placeholder = (title: string) => () => <PlaceholderPage title={title} />;
const withChrome = { header: true, footer: true } as const;
const page = (Component: ComponentType) => () => <Component />;

function pub(path: string, title: string, element: () => ReactElement = placeholder(title)): RouteDef {
  return { path, title, ...withChrome, access: 'public', element };
}
function auth(path: string, title: string, element: () => ReactElement = placeholder(title)): RouteDef {
  return { path, title, ...withChrome, access: 'login', element };
}
function onboarding(path: string, title: string, element: () => ReactElement): RouteDef {
  return { path, title, header: true, footer: false, access: 'login', onboarding: true, element };
}
/** Routes that show no page of their own. */
function bare(path: string, title: string, element: () => ReactElement): RouteDef {
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

/** The full route table of SPEC §2, aliases and redirects included. Order does not matter: paths are ranked. */
export const ROUTES: readonly RouteDef[] = [
  // Public
  pub(paths.home, 'Home', dashboard),
  pub(paths.watch, 'Watch', dashboard),
  pub(paths.channel, 'Channel', () => <ChannelRoute />),
  pub(paths.search, 'Search', searchPage),
  pub(paths.searchMain, 'Search', searchPage),
  pub(paths.searchRecent, 'Recent searches', () => <SearchRecentRoute />),
  pub(paths.create, 'Create new', page(CreateRoute)),
  pub(paths.createSift, 'Create a Sift', page(CreateSiftPage)),
  pub(paths.createPlaylist, 'Create a playlist', page(CreatePlaylistPage)),
  pub(paths.viewChannels, 'Channels', page(ViewChannelsPage)),
  pub(paths.addChannels, 'Add channels', page(AddChannelsPage)),
  pub(paths.addVideos, 'Add videos', page(AddVideosPage)),
  pub(paths.addToSift, 'Add to Sift', page(AddToSiftPage)),
  pub(paths.addToPlaylist, 'Add to playlist', page(AddToPlaylistPage)),
  pub(paths.playlists, 'Playlists', page(PlaylistsPage)),
  pub(paths.playlist, 'Playlist', page(PlaylistRoute)),
  pub(paths.playlistEdit, 'Edit playlist', page(PlaylistEditRoute)),
  pub(paths.sifts, 'Sifts', page(SiftsPage)),
  pub(paths.sift, 'Sift', page(SiftRoute)),
  pub(paths.siftEdit, 'Edit sift', page(SiftEditRoute)),
  pub(paths.userProfile, 'Profile', () => <UserProfileRoute />),
  pub(paths.about, 'About', page(AboutPage)),
  pub(paths.contact, 'Contact Us', page(ContactPage)),
  pub(paths.terms, 'Terms of Use', page(TermsPage)),
  pub(paths.privacy, 'Privacy Policy', privacy),
  pub(paths.cookiePolicy, 'Privacy Policy', privacy),
  pub(paths.login, 'Log in', login),
  pub(paths.forgotPassword, 'Forgot password', page(ForgotPasswordPage)),
  pub(paths.passwordReset, 'Reset password', passwordReset),
  pub(paths.passwordResetAlias, 'Reset password', passwordReset),
  pub(paths.signup, 'Sign up', page(SignupPage)),
  pub(paths.confirmRegistration, 'Confirm registration', confirmRegistration),
  pub(paths.confirmRegistrationAlias, 'Confirm registration', confirmRegistration),
  pub(paths.confirmationExpired, 'Confirmation link expired', resendActivation),
  pub(paths.resendActivation, 'Confirmation link expired', resendActivation),
  pub(paths.confirmationSuccess, 'Registration confirmed', page(ConfirmationSuccessPage)),
  pub(paths.emailSent, 'E-mail sent', emailSent),
  pub(paths.signupSuccess, 'E-mail sent', emailSent),
  pub(paths.verify, 'E-mail sent', emailSent),
  pub(paths.checkEmail, 'Check your e-mail', page(CheckEmailPage)),
  pub(paths.emailNotFound, 'E-mail not found', page(EmailNotFoundPage)),
  pub(paths.ready, 'Plans', page(PlansRoute)),
  pub(paths.subscriptionCompleted, 'Subscription completed', page(SubscriptionCompletedRoute)),
  pub(paths.subscriptionCancelled, 'Subscription cancelled', page(SubscriptionCancelledRoute)),
  pub(paths.unsubscribe, 'Unsubscribe', page(UnsubscribePage)),
  bare(paths.socialRedirect, 'Signing in', page(SocialRedirectPage)),
  { ...pub(paths.feed, 'My feed', page(FeedRoute)), access: 'feed' },
  { ...pub(paths.myFeed, 'My feed', page(FeedRoute)), access: 'feed' },
  // Login required
  auth(paths.profile, 'Profile', page(ProfileRoute)),
  auth(paths.profileEdit, 'Edit profile', profileEdit),
  auth(paths.profileEditAlias, 'Edit profile', profileEdit),
  auth(paths.changePassword, 'Change password', page(ChangePasswordPage)),
  auth(paths.importYoutubeChannels, 'Import', page(ImportChannelsPage)),
  auth(paths.importYoutubePlaylists, 'Import', page(ImportPlaylistsPage)),
  // Onboarding
  onboarding(paths.welcome, 'Welcome', welcome),
  onboarding(paths.welcomeOld, 'Welcome', welcome),
  onboarding(paths.youtubeImportIntro, 'Import from YouTube', page(YoutubeImportIntroPage)),
  onboarding(paths.youtubeImport, 'Import from YouTube', youtubeImport),
  onboarding(paths.siftIntro, 'What is a Sift?', page(SiftIntroPage)),
  onboarding(paths.siftCreate, 'Create your first Sift', page(SiftCreatePage)),
  // OAuth: handled by the guard, no page
  { ...bare(paths.oauth2, 'Signing in', noPage), special: 'oauth-start' },
  { ...bare(paths.oauth2Callback, 'Signing in', noPage), special: 'oauth-callback' },
  // Google's way back with a member's YouTube permission (issue 16 §1): not a sign-in, so not the guard's OAuth step.
  // A static path, it ranks above the generic callback. It needs the member's login (the permission is bound to it),
  // and is exempt from the onboarding redirect like the onboarding routes: it may be the onboarding's own round trip.
  { ...bare(paths.oauth2YoutubeCallback, 'Connecting YouTube', page(YouTubeCallbackRoute)), access: 'login', onboarding: true },
  // Redirects
  pub(paths.reactivate, 'Home', () => <RedirectHome state={{ modal: 'reactivate' }} />),
  { ...pub(paths.ec, 'Home', noPage), special: 'ec' },
  pub(paths.notFound, 'Page not found', () => <NotFoundPage />),
];

const MATCHABLE = ROUTES.map((def) => ({ path: def.path, def }));

/** The route definition a pathname renders (same ranking as <Routes>). */
export function findRoute(pathname: string): RouteDef {
  const matches = matchRoutes(MATCHABLE, pathname);
  const last = matches?.[matches.length - 1]?.route as { def: RouteDef } | undefined;
  return last?.def ?? ROUTES[ROUTES.length - 1]!;
}

export function AppRoutes() {
  const location = useLocation();
  // /watch opened from a page keeps that page behind the player (lib/url.ts watchBackground); else the Dashboard.
  const bg = location.pathname === paths.watch ? watchBackground(location.state) : null;
  return (
    // Keyed by the path shown (the page behind /watch stays mounted): a page that failed to load does not keep
    // another path from trying.
    <ChunkBoundary key={bg ? bg.pathname : location.pathname}>
      <Suspense fallback={<PageLoading />}>
        <Routes location={bg ? { ...location, ...bg } : location}>
          {ROUTES.map((def) => (
            <Route key={def.path} path={def.path} element={<Guarded def={def} />} />
          ))}
        </Routes>
      </Suspense>
    </ChunkBoundary>
  );
}

function PageLoading() {
  return (
    <div className="page-loading" role="status">
      <span className="spinner" aria-hidden="true" />
      <span className="sr-only">Loading page…</span>
    </div>
  );
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
      return <PageLoading />;
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

