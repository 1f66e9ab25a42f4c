import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { track } from '../../../lib/analytics';
import { ApiRequestError } from '../../../lib/api';
import { preferences } from '../../../lib/storage';
import { onboardingStore } from '../onboarding';
import { accountKeys, applyLogin, loggingOut, performLogout, reactivatedNotice, refreshUserData } from './session';
import type { UserData } from '@sift/contracts';

vi.mock('../../../lib/analytics', () => ({ track: vi.fn() }));

const USER: UserData = {
  userIsLoggedIn: true,
  uuid: 'u-1',
  firstName: 'Ann',
  lastName: 'Lee',
  email: 'ann@example.com',
  picture: null,
  createdAt: '2024-03-01T10:00:00Z',
  origin: 'email',
  plan: 'FREE',
  isPremium: false,
  onboarded: true,
  watchLater: { id: 7 },
  locale: 'en',
};

function loggedIn() {
  const qc = new QueryClient();
  applyLogin(qc, { user: USER, token: 'tok-1', reactivated: false, created: false });
  preferences.set('playlist', { id: 3 });
  preferences.set('member_locale', 'fr');
  qc.setQueryData(['feed', 'public'], { items: [1, 2] });
  return qc;
}

describe('login (SPEC §4)', () => {
  beforeEach(() => localStorage.clear());

  it('saves the token, the user data and a fresh session id; onboarded users complete onboarding', () => {
    onboardingStore.dispatch({ type: 'logout' });
    const qc = loggedIn();
    expect(preferences.get('token')).toBe('tok-1');
    expect(qc.getQueryData(accountKeys.userAs(true))).toEqual(USER);
    const first = preferences.get('session_id');
    expect(first).toMatch(/.{8,}/);
    applyLogin(qc, { user: USER, token: 'tok-2', reactivated: false, created: false });
    expect(preferences.get('session_id')).not.toBe(first);
    expect(onboardingStore.get()).toBe('COMPLETED');
  });

  it('counts a login, or a sign-up when the sign-in made the account (a first Google sign-in)', () => {
    vi.mocked(track).mockClear();
    applyLogin(new QueryClient(), { user: USER, token: 't', reactivated: false, created: false });
    applyLogin(new QueryClient(), { user: USER, token: 't', reactivated: false, created: true });
    expect(vi.mocked(track).mock.calls).toEqual([
      ['eca_login', { isPremium: false }],
      ['eca_sign_up', { method: 'google' }],
    ]);
  });

  it('raises the reactivated notice when the server says so', () => {
    reactivatedNotice.set(false);
    applyLogin(new QueryClient(), { user: USER, token: 't', reactivated: true, created: false });
    expect(reactivatedNotice.get()).toBe(true);
  });
});

describe('logout (SPEC §4, §8)', () => {
  beforeEach(() => localStorage.clear());

  function expectCleared(qc: QueryClient) {
    expect(preferences.get('token')).toBeNull();
    expect(preferences.get('playlist')).toBeNull();
    expect(preferences.get('session_id')).toBeNull();
    expect(preferences.get('member_locale')).toBeNull();
    expect(qc.getQueryData(accountKeys.userAs(true))).toBeUndefined();
    expect(onboardingStore.get()).toBe('NOT_STARTED');
    expect(loggingOut.get()).toBe(false);
  }

  it('calls the server and clears local data', async () => {
    const qc = loggedIn();
    const call = vi.fn(async () => undefined);
    await performLogout(qc, call);
    expect(call).toHaveBeenCalledOnce();
    expectCleared(qc);
  });

  it('clears local data even when the call fails', async () => {
    const qc = loggedIn();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await performLogout(qc, () => Promise.reject(new ApiRequestError({ status: 0, message: 'offline' })));
    expectCleared(qc);
    warn.mockRestore();
  });

  it('resets the content state (feed, dashboard, import) so it is fetched again as a visitor', async () => {
    const qc = loggedIn();
    await performLogout(qc, async () => undefined);
    expect(qc.getQueryState(['feed', 'public'])?.data).toBeUndefined();
  });

  it('does not call the server without a token', async () => {
    const qc = new QueryClient();
    const call = vi.fn(async () => undefined);
    await performLogout(qc, call);
    expect(call).not.toHaveBeenCalled();
  });
});

describe('user data on every path change (SPEC §2, §3)', () => {
  beforeEach(() => localStorage.clear());

  async function watch(qc: QueryClient, member: boolean, answers: UserData[]) {
    const { QueryObserver } = await import('@tanstack/react-query');
    let calls = 0;
    const observer = new QueryObserver(qc, {
      queryKey: accountKeys.userAs(member),
      queryFn: async () => answers[Math.min(calls++, answers.length - 1)]!,
      staleTime: 30_000,
    });
    const unsubscribe = observer.subscribe(() => {});
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toBeDefined());
    return { calls: () => calls, unsubscribe };
  }

  it('refetches once more while a member’s data still carries the placeholder creation date', async () => {
    preferences.set('token', 'tok');
    const qc = new QueryClient();
    const placeholder = { ...USER, createdAt: '2022-01-01T12:00:00Z' };
    const w = await watch(qc, true, [USER, placeholder, USER]);
    expect(w.calls()).toBe(1);
    await refreshUserData(qc);
    // one refetch for the path change, one more because it came back with the placeholder
    expect(w.calls()).toBe(3);
    await refreshUserData(qc);
    expect(w.calls()).toBe(4);
    w.unsubscribe();
  });

  it('refetches a visitor’s data once per path change (visitors always carry the placeholder)', async () => {
    const qc = new QueryClient();
    const visitor = { ...USER, userIsLoggedIn: false, createdAt: '2022-01-01T12:00:00Z' };
    const w = await watch(qc, false, [visitor]);
    await refreshUserData(qc);
    expect(w.calls()).toBe(2);
    w.unsubscribe();
  });
});
