import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '../../lib/api';
import { createPendingActions } from '../../lib/pending-action';
import { createPreferenceStore } from '../../lib/storage';
import { finishLogin, isKnownProvider, oauthStorage, safeRedirect } from './login-flow';

function actionsStore() {
  const data = new Map<string, string>();
  const storage = { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), removeItem: (k: string) => void data.delete(k) } as unknown as Storage;
  return createPendingActions(createPreferenceStore(() => storage));
}

describe('after login (SPEC §4)', () => {
  it('goes to the redirect target when nothing is pending', async () => {
    const navigate = vi.fn();
    const notify = vi.fn();
    expect(await finishLogin({ redirect: '/profile?tab=1', navigate, notify, actions: actionsStore() })).toBe('/profile?tab=1');
    expect(navigate).toHaveBeenCalledWith('/profile?tab=1');
    expect(notify).not.toHaveBeenCalled();
  });

  it('replays the pending action, shows its success message, and goes where it says', async () => {
    const actions = actionsStore();
    const handler = vi.fn(async () => ({ navigateTo: '/profile' }));
    actions.register('update-profile', handler);
    actions.save({ type: 'update-profile', payload: { firstName: 'Ann' }, successMessage: 'Profile updated' });
    const navigate = vi.fn();
    const notify = vi.fn();
    expect(await finishLogin({ redirect: '/profileEdit', navigate, notify, actions })).toBe('/profile');
    expect(handler).toHaveBeenCalledWith({ firstName: 'Ann' }, expect.anything());
    expect(notify).toHaveBeenCalledWith('Profile updated');
  });

  it('says so when the replay fails, and still goes on', async () => {
    const actions = actionsStore();
    actions.register('a', () => Promise.reject(new ApiRequestError({ status: 409, message: 'Already following' })));
    actions.save({ type: 'a', successMessage: 'Following' });
    const notify = vi.fn();
    expect(await finishLogin({ redirect: null, navigate: vi.fn(), notify, actions })).toBe('/');
    expect(notify).toHaveBeenCalledWith('We could not finish what you started. Already following');
  });
});

describe('safeRedirect', () => {
  it.each([
    ['/profile', '/profile'],
    ['/feed?vid=1#x', '/feed?vid=1#x'],
    ['https://evil.example/', null],
    ['//evil.example/', null],
    ['/\\evil.example', null],
    ['/login?redirect=/x', null],
    ['/signup', null],
    ['', null],
    [null, null],
  ])('%j → %j', (input, expected) => {
    expect(safeRedirect(input)).toBe(expected);
  });
});

describe('OAuth round trip storage', () => {
  beforeEach(() => sessionStorage.clear());

  it('keeps the state and the redirect until the callback takes them, once', () => {
    oauthStorage.rememberRedirect('/profile');
    oauthStorage.saveState('st-1');
    expect(oauthStorage.take()).toEqual({ state: 'st-1', redirect: '/profile' });
    expect(oauthStorage.take()).toEqual({ state: null, redirect: null });
  });

  it('knows google only', () => {
    expect(isKnownProvider('google')).toBe(true);
    expect(isKnownProvider('GOOGLE')).toBe(true);
    expect(isKnownProvider('facebook')).toBe(false);
    expect(isKnownProvider(undefined)).toBe(false);
  });
});
