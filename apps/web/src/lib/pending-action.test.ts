import { describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from './api';
import { PENDING_ACTION_MAX_AGE_MS, createPendingActions, runLoginNeeding, type PendingAction } from './pending-action';
import { createPreferenceStore } from './storage';

function memoryStorage(): Storage {
  const data = new Map<string, string>();
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (k) => data.get(k) ?? null,
    key: (i) => [...data.keys()][i] ?? null,
    removeItem: (k) => void data.delete(k),
    setItem: (k, v) => void data.set(k, String(v)),
  };
}

function setup(now = () => 1_000_000) {
  const storage = memoryStorage();
  const prefs = createPreferenceStore(() => storage);
  const actions = createPendingActions(prefs, now);
  return { storage, prefs, actions };
}

const navigate = vi.fn();

describe('pending actions (SPEC §6, §8)', () => {
  it('saves the action in the `action` preference, with its success message', () => {
    const { actions, storage } = setup();
    actions.save({ type: 'follow-channel', payload: { externalId: 'UC1' }, successMessage: 'Following UC1' });
    expect(JSON.parse(storage.getItem('sift.action')!)).toEqual({
      type: 'follow-channel',
      payload: { externalId: 'UC1' },
      successMessage: 'Following UC1',
      savedAt: 1_000_000,
    });
    expect(actions.peek()?.type).toBe('follow-channel');
  });

  it('replays the saved action once, through its handler, with its payload', async () => {
    const { actions } = setup();
    const handler = vi.fn(async () => ({ navigateTo: '/channel/UC1' }));
    actions.register('follow-channel', handler);
    actions.save({ type: 'follow-channel', payload: { externalId: 'UC1' }, successMessage: 'Following UC1' });

    const first = await actions.replay({ navigate });
    expect(handler).toHaveBeenCalledWith({ externalId: 'UC1' }, { navigate });
    expect(first).toMatchObject({ status: 'done', action: { successMessage: 'Following UC1' }, outcome: { navigateTo: '/channel/UC1' } });
    // gone after one replay
    expect(actions.peek()).toBeNull();
    expect(await actions.replay({ navigate })).toEqual({ status: 'none' });
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('a newer action replaces an older one', async () => {
    const { actions } = setup();
    const a = vi.fn();
    const b = vi.fn();
    actions.register('a', a);
    actions.register('b', b);
    actions.save({ type: 'a' });
    actions.save({ type: 'b' });
    await actions.replay({ navigate });
    expect(a).not.toHaveBeenCalled();
    expect(b).toHaveBeenCalledOnce();
  });

  it('reports a failing handler and does not keep the action (no loop through /login)', async () => {
    const { actions } = setup();
    const boom = new ApiRequestError({ status: 500, message: 'Database is down' });
    actions.register('a', () => Promise.reject(boom));
    actions.save({ type: 'a' });
    expect(await actions.replay({ navigate })).toMatchObject({ status: 'failed', error: boom });
    expect(actions.peek()).toBeNull();
  });

  it('drops an action nobody handles', async () => {
    const { actions } = setup();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    actions.save({ type: 'unknown' });
    expect((await actions.replay({ navigate })).status).toBe('failed');
    expect(actions.peek()).toBeNull();
    warn.mockRestore();
  });

  it('ignores stale and malformed saved actions', () => {
    let t = 0;
    const { actions, prefs } = setup(() => t);
    actions.save({ type: 'a' });
    t = PENDING_ACTION_MAX_AGE_MS + 1;
    expect(actions.peek()).toBeNull();
    prefs.set('action', { nope: true });
    expect(actions.peek()).toBeNull();
    prefs.set('action', 'follow');
    expect(actions.peek()).toBeNull();
  });

  it('unregistering a handler removes only that handler', () => {
    const { actions } = setup();
    const off = actions.register('a', vi.fn());
    expect(actions.hasHandler('a')).toBe(true);
    off();
    expect(actions.hasHandler('a')).toBe(false);
  });
});

describe('runLoginNeeding', () => {
  const action: PendingAction = { type: 'update-profile', payload: { firstName: 'Ann' }, successMessage: 'Profile updated' };

  it('a visitor: saves the action and goes to /login without calling the server', async () => {
    const { actions } = setup();
    const run = vi.fn(async () => 'ok');
    const goToLogin = vi.fn();
    expect(await runLoginNeeding(action, run, { hasToken: false, goToLogin, store: actions })).toEqual({ status: 'waiting-for-login' });
    expect(run).not.toHaveBeenCalled();
    expect(goToLogin).toHaveBeenCalledOnce();
    expect(actions.peek()).toMatchObject(action);
  });

  it('a member: runs it', async () => {
    const { actions } = setup();
    const goToLogin = vi.fn();
    expect(await runLoginNeeding(action, async () => 'ok', { hasToken: true, goToLogin, store: actions })).toEqual({ status: 'done', value: 'ok' });
    expect(goToLogin).not.toHaveBeenCalled();
    expect(actions.peek()).toBeNull();
  });

  it('a 401 (the session ended): saves the action and goes to /login', async () => {
    const { actions } = setup();
    const goToLogin = vi.fn();
    const run = () => Promise.reject(new ApiRequestError({ status: 401, message: '' }));
    expect(await runLoginNeeding(action, run, { hasToken: true, goToLogin, store: actions })).toEqual({ status: 'waiting-for-login' });
    expect(goToLogin).toHaveBeenCalledOnce();
    expect(actions.peek()).toMatchObject(action);
  });

  it('other failures are the caller’s to show, and nothing is saved', async () => {
    const { actions } = setup();
    const err = new ApiRequestError({ status: 400, message: 'First name is required' });
    await expect(runLoginNeeding(action, () => Promise.reject(err), { hasToken: true, goToLogin: vi.fn(), store: actions })).rejects.toBe(err);
    expect(actions.peek()).toBeNull();
  });
});
