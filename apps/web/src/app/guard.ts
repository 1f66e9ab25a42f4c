/**
 * The navigation guard of SPEC §2 as a pure decision: given the route being entered and the session, render it
 * or go somewhere else. routes.tsx carries the decision out (and guard.test.ts holds the table of cases).
 *
 * - A login-required route without an access token → /login?redirect=<full target path>, and the user is logged
 *   out in the store.
 * - /feed and /feed/myfeed need login only when vid or sid is present.
 * - A logged-in but not onboarded user → /welcome (not from the onboarding routes, the OAuth routes, or while
 *   logging out).
 * - /oauth2/{provider}[/callback]: unknown provider or already logged in → Dashboard; otherwise the OAuth step
 *   (on the callback, "already logged in" is checked by the step when it starts). With a kept token whose user
 *   data is still on its way, the start waits: starting would send a member off to the provider.
 * - /ec/{showModal}: the Dashboard with the modal named (login, channel, subscribe or multiSubscribe).
 * - A redirect to where the browser already is, is a duplicate navigation and is ignored.
 * (Clearing the error message on each navigation is a path-change effect: layout/RouteEffects.)
 */

export type Access = 'public' | 'login' | 'feed';

export interface GuardRoute {
  path: string;
  access: Access;
  onboarding?: boolean;
  /** 'oauth-start' | 'oauth-callback' | 'ec' for the routes the guard itself handles. */
  special?: 'oauth-start' | 'oauth-callback' | 'ec';
}

export interface GuardInput {
  route: GuardRoute;
  pathname: string;
  search: string;
  hash?: string;
  params: Readonly<Record<string, string | undefined>>;
  /** An access token is stored. */
  hasToken: boolean;
  /** The user data says logged in. */
  loggedIn: boolean;
  /** A token is stored and the user data it unlocks has not come yet: logged in or not is unknown. */
  userPending?: boolean;
  /** The user has onboarded (server flag) or started onboarding (state machine). */
  onboarded: boolean;
  loggingOut?: boolean;
}

export const SHOW_MODALS = ['login', 'channel', 'subscribe', 'multiSubscribe'] as const;
export type ShowModal = (typeof SHOW_MODALS)[number];

export type GuardDecision =
  | { kind: 'render' }
  | { kind: 'login'; to: string }
  | { kind: 'redirect'; to: string; state?: { showModal: ShowModal } }
  | { kind: 'oauth'; step: 'start' | 'callback'; provider: string }
  /** Nothing to decide yet (the session is still being checked). */
  | { kind: 'wait' };

const LOGIN = '/login';
const WELCOME = '/welcome';
const HOME = '/';
const KNOWN_PROVIDERS = ['google'];

export function loginTarget(pathname: string, search: string, hash = ''): string {
  return `${LOGIN}?redirect=${encodeURIComponent(pathname + search + hash)}`;
}

export function decideNavigation(input: GuardInput): GuardDecision {
  const { route, pathname, search, hash = '', params } = input;
  const query = new URLSearchParams(search);

  if (route.special === 'oauth-start' || route.special === 'oauth-callback') {
    const provider = (params.provider ?? '').toLowerCase();
    if (!KNOWN_PROVIDERS.includes(provider)) return { kind: 'redirect', to: HOME };
    if (route.special === 'oauth-start') {
      if (input.userPending) return { kind: 'wait' };
      return input.loggedIn ? { kind: 'redirect', to: HOME } : { kind: 'oauth', step: 'start', provider };
    }
    // The callback itself logs the user in: deciding "logged in → Dashboard" here would race the login's own
    // navigation. The callback step checks for an existing login once, when it starts.
    return { kind: 'oauth', step: 'callback', provider };
  }

  if (route.special === 'ec') {
    const modal = SHOW_MODALS.find((m) => m === params.showModal);
    const keep = new URLSearchParams(search);
    const qs = keep.toString();
    const to = qs ? `${HOME}?${qs}` : HOME;
    return modal ? { kind: 'redirect', to, state: { showModal: modal } } : { kind: 'redirect', to };
  }

  const needsLogin = route.access === 'login' || (route.access === 'feed' && (query.has('vid') || query.has('sid')));
  if (needsLogin && !input.hasToken) return { kind: 'login', to: loginTarget(pathname, search, hash) };

  if (input.loggedIn && !input.onboarded && !route.onboarding && !input.loggingOut && pathname !== WELCOME) {
    return { kind: 'redirect', to: WELCOME };
  }
  return { kind: 'render' };
}

/** Duplicate navigation (SPEC §2 "duplicate-navigation errors are ignored"): same path, query and hash. */
export function isDuplicateNavigation(current: { pathname: string; search: string; hash?: string }, to: string): boolean {
  const url = new URL(to, 'http://x');
  return url.pathname === current.pathname && url.search === current.search && url.hash === (current.hash ?? '');
}
