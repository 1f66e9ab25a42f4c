import { lazy, Suspense, useEffect, type ReactElement } from 'react';
import { matchRoutes, Navigate, Route, Routes, useLocation, useParams } from 'react-router';
import { clearLocalSession, useSession } from '../features/account';
import { DashboardPage } from './pages/DashboardPage';
import { paths, to } from '../lib/paths';

// Everything but the Dashboard (/ and /watch) loads on demand, so the first route stays small.
const ChannelRoute = lazy(() => import('./pages/ChannelRoute'));
const SearchRoute = lazy(() => import('./pages/SearchRoute'));
const PlaceholderPage = lazy(() => import('./pages/PlaceholderPage'));
const PrivacyPage = lazy(() => import('./pages/PrivacyPage'));
const NotFoundPage = lazy(() => import('./pages/NotFoundPage'));

export type Access =
  /** Anyone. */
  | 'public'
  /** Needs a token; without one → /login?redirect=<full path>. */
  | 'login'
  /** /feed: needs login only when vid or sid is present (SPEC §2 guard). */
  | 'feed';

export interface RouteDef {
  path: string;
  /** Page title; also the heading of routes a later issue fills. */
  title: string;
  header: boolean;
  footer: boolean;
  access: Access;
  /** Onboarding routes (login required, footer hidden). */
  onboarding?: boolean;
  element: () => ReactElement;
}

const placeholder = (title: string) => () => <PlaceholderPage title={title} />;
const withChrome = { header: true, footer: true } as const;

function pub(path: string, title: string, element: () => ReactElement = placeholder(title)): RouteDef {
  return { path, title, ...withChrome, access: 'public', element };
}
function auth(path: string, title: string): RouteDef {
  return { path, title, ...withChrome, access: 'login', element: placeholder(title) };
}
function onboarding(path: string, title: string): RouteDef {
  return { path, title, header: true, footer: false, access: 'login', onboarding: true, element: placeholder(title) };
}
/** Routes that show no page of their own. */
function bare(path: string, title: string, element: () => ReactElement): RouteDef {
  return { path, title, header: false, footer: false, access: 'public', element };
}

const dashboard = () => <DashboardPage />;
const privacy = () => <PrivacyPage />;
const searchPage = () => <SearchRoute />;

/** The full route table of SPEC §2, aliases and redirects included. Order does not matter: paths are ranked. */
export const ROUTES: readonly RouteDef[] = [
  // Public
  pub(paths.home, 'Home', dashboard),
  pub(paths.watch, 'Watch', dashboard),
  pub(paths.channel, 'Channel', () => <ChannelRoute />),
  pub(paths.search, 'Search', searchPage),
  pub(paths.searchMain, 'Search', searchPage),
  pub(paths.searchRecent, 'Recent searches'),
  pub(paths.create, 'Create new'),
  pub(paths.createSift, 'Create a Sift'),
  pub(paths.createPlaylist, 'Create a playlist'),
  pub(paths.viewChannels, 'Channels'),
  pub(paths.addChannels, 'Add channels'),
  pub(paths.addVideos, 'Add videos'),
  pub(paths.addToSift, 'Add to Sift'),
  pub(paths.addToPlaylist, 'Add to playlist'),
  pub(paths.playlists, 'Playlists'),
  pub(paths.playlist, 'Playlist', () => <PlaylistPlaceholder />),
  pub(paths.playlistEdit, 'Edit playlist'),
  pub(paths.sifts, 'Sifts'),
  pub(paths.sift, 'Sift'),
  pub(paths.siftEdit, 'Edit sift'),
  pub(paths.userProfile, 'Profile'),
  pub(paths.about, 'About'),
  pub(paths.contact, 'Contact Us'),
  pub(paths.terms, 'Terms of Use'),
  pub(paths.privacy, 'Privacy Policy', privacy),
  pub(paths.cookiePolicy, 'Privacy Policy', privacy),
  pub(paths.login, 'Log in'),
  pub(paths.forgotPassword, 'Forgot password'),
  pub(paths.passwordReset, 'Reset password'),
  pub(paths.passwordResetAlias, 'Reset password'),
  pub(paths.signup, 'Sign up'),
  pub(paths.confirmRegistration, 'Confirm registration'),
  pub(paths.confirmRegistrationAlias, 'Confirm registration'),
  pub(paths.confirmationExpired, 'Confirmation link expired'),
  pub(paths.resendActivation, 'Confirmation link expired'),
  pub(paths.confirmationSuccess, 'Registration confirmed'),
  pub(paths.emailSent, 'E-mail sent'),
  pub(paths.signupSuccess, 'E-mail sent'),
  pub(paths.verify, 'E-mail sent'),
  pub(paths.checkEmail, 'Check your e-mail'),
  pub(paths.emailNotFound, 'E-mail not found'),
  pub(paths.ready, 'Ready'),
  pub(paths.subscriptionCompleted, 'Subscription completed'),
  pub(paths.subscriptionCancelled, 'Subscription cancelled'),
  bare(paths.socialRedirect, 'Signing in', placeholder('Signing in')),
  { ...pub(paths.feed, 'My feed'), access: 'feed' },
  { ...pub(paths.myFeed, 'My feed'), access: 'feed' },
  // Login required
  auth(paths.profile, 'Profile'),
  auth(paths.profileEdit, 'Edit profile'),
  auth(paths.profileEditAlias, 'Edit profile'),
  auth(paths.changePassword, 'Change password'),
  auth(paths.importYoutubeChannels, 'Import YouTube channels'),
  auth(paths.importYoutubePlaylists, 'Import YouTube playlists'),
  // Onboarding
  onboarding(paths.welcome, 'Welcome'),
  onboarding(paths.welcomeOld, 'Welcome'),
  onboarding(paths.youtubeImportIntro, 'Import from YouTube'),
  onboarding(paths.youtubeImport, 'Import from YouTube'),
  onboarding(paths.siftIntro, 'What is a Sift?'),
  onboarding(paths.siftCreate, 'Create your first Sift'),
  // OAuth: handled by the guard, no page
  bare(paths.oauth2, 'Signing in', () => <OAuthRoute />),
  bare(paths.oauth2Callback, 'Signing in', () => <OAuthRoute />),
  // Redirects
  pub(paths.reactivate, 'Home', () => <RedirectHome state={{ modal: 'reactivate' }} />),
  pub(paths.ec, 'Home', () => <EcRedirect />),
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
  return (
    <Suspense fallback={<PageLoading />}>
      <Routes>
        {ROUTES.map((def) => (
          <Route key={def.path} path={def.path} element={<Guarded def={def} />} />
        ))}
      </Routes>
    </Suspense>
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

/** The navigation guard of SPEC §2 for one route. */
function Guarded({ def }: { def: RouteDef }) {
  const location = useLocation();
  const session = useSession();
  const params = new URLSearchParams(location.search);
  const needsLogin = def.access === 'login' || (def.access === 'feed' && (params.has('vid') || params.has('sid')));

  if (needsLogin && !session.token) {
    return <LoginRedirect target={location.pathname + location.search + location.hash} />;
  }
  // A logged-in but not onboarded user is sent to /welcome.
  if (session.user && session.user.onboarded === false && !def.onboarding) {
    return <Navigate to={paths.welcome} replace />;
  }
  return def.element();
}

function LoginRedirect({ target }: { target: string }) {
  // "The user is also logged out in the store."
  useEffect(() => clearLocalSession(), []);
  return <Navigate to={to.login(target)} replace />;
}

function RedirectHome({ state }: { state?: unknown }) {
  const { search } = useLocation();
  return <Navigate to={{ pathname: paths.home, search }} replace state={state} />;
}

/** /ec/{showModal?} → Dashboard; the modal named (login, channel, subscribe, multiSubscribe) rides in state. */
function EcRedirect() {
  const { showModal } = useParams();
  return <RedirectHome state={showModal ? { showModal } : undefined} />;
}

/**
 * /oauth2/{provider}[/callback] shows no page. No identity provider is configured in this release, so every
 * provider is "unknown" and goes to the Dashboard (SPEC §8).
 */
function OAuthRoute() {
  return <RedirectHome />;
}

function PlaylistPlaceholder() {
  const { id } = useParams();
  return <PlaceholderPage title={id === 'wl' ? 'Watch later' : 'Playlist'} />;
}

