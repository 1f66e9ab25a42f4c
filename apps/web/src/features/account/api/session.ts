import type { AuthConfig, UserData } from '@sift/contracts';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { track } from '../../../lib/analytics';
import { readJsonIsland } from '../../../lib/json-island';
import { usePreference } from '../../../lib/hooks';
import { preferences } from '../../../lib/storage';
import { hasOnboarded, onboardingStore, type OnboardingState } from '../onboarding';
import { PLACEHOLDER_CREATED_AT } from '../rules';
import { fetchAuthConfig, fetchUser, logoutCall, type LoginResult } from './endpoints';

export type UserInfo = UserData;

export const accountKeys = {
  all: ['account'] as const,
  user: () => [...accountKeys.all, 'user'] as const,
  /** Members and visitors are cached apart, so a login or logout never shows the other's data for a moment. */
  userAs: (member: boolean) => [...accountKeys.user(), member ? 'member' : 'visitor'] as const,
  /** Outside `all`: what this deployment offers survives logout. */
  config: () => ['auth-config'] as const,
};

// ---- small stores ---------------------------------------------------------------------------------------------

function flag(initial = false) {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set(next: boolean) {
      if (next === value) return;
      value = next;
      listeners.forEach((l) => l());
    },
    subscribe(l: () => void) {
      listeners.add(l);
      return () => {
        listeners.delete(l);
      };
    },
  };
}

/** Set by a login answered with `X-Reactivated: true`; the shell shows the "account reactivated" modal. */
export const reactivatedNotice = flag();
/** True while a logout is in flight: the guard must not send the user to /welcome then. */
export const loggingOut = flag();

export const useFlag = (f: ReturnType<typeof flag>) => useSyncExternalStore(f.subscribe, f.get, f.get);
export const useOnboardingState = (): OnboardingState =>
  useSyncExternalStore(onboardingStore.subscribe, onboardingStore.get, onboardingStore.get);

// ---- user data ------------------------------------------------------------------------------------------------

/**
 * GET /api/users, for visitors too (they get `userIsLoggedIn: false`), on mount and on every path change
 * (SPEC §7). A token the server no longer knows answers 401, which the API client turns into a logout.
 */
export function useUserData(quiet = false) {
  const [token] = usePreference('token');
  return useQuery({
    // `quiet`: the caller reads nothing of the answer that could change (still fetched, still cached).
    notifyOnChangeProps: quiet ? [] : undefined,
    queryKey: accountKeys.userAs(!!token),
    queryFn: async ({ signal }) => {
      const user = await fetchUser(signal);
      // A token sent but not recognised as a login: the session is over locally as well.
      if (token && user && !user.userIsLoggedIn && preferences.get('token') === token) clearLocalSession();
      return user;
    },
    staleTime: 30_000,
  });
}

export interface Session {
  token: string | null;
  /** The member's data; undefined for a visitor (and while a member's data loads). */
  user: UserInfo | undefined;
  /** SPEC §3 userIsLoggedIn: a token and the user data it unlocks. */
  isLoggedIn: boolean;
  /** A token is kept and its user data has not come yet: logged in or not is unknown for now. */
  userPending: boolean;
  firstName: string;
  plan: 'FREE' | 'PREMIUM';
  isPremium: boolean;
  onboarding: OnboardingState;
  /** False only for a logged-in user who has not started onboarding (the guard sends them to /welcome). */
  onboarded: boolean;
}

export function useSession(): Session {
  const [token] = usePreference('token');
  const onboarding = useOnboardingState();
  // A visitor's session is the same whatever GET /api/users answers (no token: not logged in), so its answer does not
  // re-render the shell, the routes and the player that read the session (a long task of every first visit on a slow
  // phone, decision 057). A member's answer does.
  const { data, isPending } = useUserData(!token);
  const user = token && data?.userIsLoggedIn ? data : undefined;
  return {
    token,
    user,
    isLoggedIn: !!user,
    userPending: !!token && isPending,
    firstName: user?.firstName ?? '',
    plan: user?.plan ?? 'FREE',
    isPremium: user?.isPremium ?? false,
    onboarding,
    onboarded: user ? hasOnboarded(user.onboarded, onboarding) : true,
  };
}

/** The JSON island the server puts in the page (apps/server/src/modules/auth/auth.page.ts). */
const INLINE_AUTH_CONFIG_ID = 'sift-auth-config';

const isAuthConfig = (v: unknown): v is AuthConfig =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as AuthConfig).googleEnabled === 'boolean' &&
  typeof (v as AuthConfig).subscriptionsEnabled === 'boolean' &&
  typeof (v as AuthConfig).appName === 'string';

/**
 * GET /api/auth/config, known from the page when the server put it there: then the first render is the final one (its
 * answer re-drew every card's Follow entry after the first cards, decision 057) and nothing is asked. A page without
 * it (the service worker's copy, `npm run dev`) asks as before.
 */
export function useAuthConfig() {
  return useQuery({
    queryKey: accountKeys.config(),
    queryFn: ({ signal }) => fetchAuthConfig(signal),
    initialData: () => readJsonIsland(INLINE_AUTH_CONFIG_ID, isAuthConfig),
    staleTime: Infinity,
    // Without it the sign-in screens still work: only the Google button stays hidden.
    retry: false,
  });
}

/**
 * SPEC §2 "on every path change user data is refetched", and once more when the answer still carries the
 * placeholder creation date (2022-01-01T12:00:00Z: the account's data was not complete yet). Visitors always
 * carry the placeholder, so the second fetch is for members only.
 */
export async function refreshUserData(qc: QueryClient) {
  await qc.refetchQueries({ queryKey: accountKeys.user(), type: 'active' });
  const member = qc.getQueryData<UserData>(accountKeys.userAs(true));
  if (preferences.get('token') && member?.userIsLoggedIn && member.createdAt === PLACEHOLDER_CREATED_AT) {
    await qc.refetchQueries({ queryKey: accountKeys.userAs(true), type: 'active' });
  }
}

// ---- login and logout -----------------------------------------------------------------------------------------

function randomId(): string {
  if (typeof crypto !== 'undefined' && 'randomUUID' in crypto) return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/**
 * SPEC §4 Login, the local part: the token from the response header is saved, the user info it came with is
 * loaded, a fresh session id is set, the onboarding state learns whether the user is onboarded, and a
 * reactivated account raises its notice. Data that depends on who is asking (feeds, lists) is refetched.
 * Recent searches need nothing here: they are kept per user (lib/storage) and read under the new uuid.
 */
export function applyLogin(qc: QueryClient, result: LoginResult) {
  qc.removeQueries({ queryKey: accountKeys.all });
  qc.setQueryData(accountKeys.userAs(true), result.user);
  preferences.set('token', result.token);
  preferences.set('session_id', randomId());
  onboardingStore.dispatch({ type: 'login', onboarded: result.user.onboarded });
  if (result.reactivated) reactivatedNotice.set(true);
  // SPEC §4/§6: the analytics identity is set at login (the server links this browser's events to the member from
  // the session), and isPremium is sent for analytics. A first Google sign-in made the account: that is a sign-up.
  if (result.created) track('eca_sign_up', { method: 'google' });
  else track('eca_login', { isPremium: result.user.isPremium });
  void qc.invalidateQueries({ predicate: (q) => !isAccountQuery(q.queryKey) });
}

const isAccountQuery = (key: readonly unknown[]) => key[0] === accountKeys.all[0] || key[0] === accountKeys.config()[0];

/**
 * Clears what a session stored locally (SPEC §4 Logout: user data, tokens, playlist, session id) and resets the
 * onboarding state. Also what the guard does for "the user is also logged out in the store".
 */
export function clearLocalSession(qc?: QueryClient) {
  preferences.remove('token');
  preferences.remove('playlist');
  preferences.remove('session_id');
  // The import state is the logged-out member's (SPEC §4 Logout "resets … import state").
  preferences.remove('import_status');
  // The account's language is the member's: the next visitor of this browser gets the browser's languages again.
  preferences.remove('member_locale');
  onboardingStore.dispatch({ type: 'logout' });
  qc?.removeQueries({ queryKey: accountKeys.userAs(true) });
}

/** Logout's "resets the feed, dashboard and import state": every cached list is dropped and refetched as a visitor. */
export function resetSessionContent(qc: QueryClient) {
  void qc.resetQueries({ predicate: (q) => !isAccountQuery(q.queryKey) });
  void qc.invalidateQueries({ queryKey: accountKeys.user() });
}

/**
 * SPEC §4 Logout: call the server; on success or failure clear the local data and reset the content state
 * (SPEC §8: "Logout call failure: local data is cleared anyway").
 */
export async function performLogout(qc: QueryClient, call: () => Promise<unknown> = logoutCall) {
  loggingOut.set(true);
  try {
    if (preferences.get('token')) await call();
  } catch (err) {
    console.warn('Logout call failed; local session cleared anyway.', err);
  } finally {
    clearLocalSession(qc);
    resetSessionContent(qc);
    loggingOut.set(false);
  }
}

export function useLogout() {
  const qc = useQueryClient();
  return useCallback(() => performLogout(qc), [qc]);
}
