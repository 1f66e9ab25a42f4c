/**
 * Login-needing actions (SPEC §6, §8): when a visitor (or a user whose session ended) does something that needs
 * an account, the action is saved with the message to show once it is done, the user goes to /login, and after
 * login the action is replayed. Features register a handler per action type (composed in src/app); the saved
 * action lives in the `action` preference so it survives the round trip through /login and an OAuth redirect.
 */

import { isApiError } from './api';
import { preferences, type PreferenceStore } from './storage';

export interface PendingAction<P = unknown> {
  /** Names the handler that replays it, e.g. 'update-profile', later 'follow-channel'. */
  type: string;
  payload?: P;
  /** Shown in the toast once the replay succeeded. */
  successMessage?: string;
  /** Epoch ms when saved; stale actions are dropped rather than replayed by surprise. */
  savedAt?: number;
}

export interface ReplayContext {
  /** Client-side navigation (the router's navigate). */
  navigate: (to: string) => void;
}

export interface ReplayOutcome {
  /** Where to go after the replay, overriding the login redirect. */
  navigateTo?: string;
}

export type PendingActionHandler<P = unknown> = (
  payload: P,
  ctx: ReplayContext,
) => Promise<ReplayOutcome | void> | ReplayOutcome | void;

/** An action saved longer ago than this is dropped: the user has moved on. */
export const PENDING_ACTION_MAX_AGE_MS = 60 * 60 * 1000;

export function createPendingActions(store: Pick<PreferenceStore, 'get' | 'set' | 'remove'>, now: () => number = Date.now) {
  const handlers = new Map<string, PendingActionHandler>();

  function read(): PendingAction | null {
    const raw = store.get('action');
    if (!raw || typeof raw !== 'object') return null;
    const a = raw as Partial<PendingAction>;
    if (typeof a.type !== 'string' || !a.type) return null;
    if (typeof a.savedAt === 'number' && now() - a.savedAt > PENDING_ACTION_MAX_AGE_MS) return null;
    return {
      type: a.type,
      payload: a.payload,
      ...(typeof a.successMessage === 'string' ? { successMessage: a.successMessage } : {}),
      ...(typeof a.savedAt === 'number' ? { savedAt: a.savedAt } : {}),
    };
  }

  return {
    /** Saves the action to replay after login; a newer action replaces an older one. */
    save(action: PendingAction) {
      store.set('action', { ...action, savedAt: now() });
    },
    peek: read,
    clear() {
      store.remove('action');
    },
    register<P>(type: string, handler: PendingActionHandler<P>) {
      handlers.set(type, handler as PendingActionHandler);
      return () => {
        if (handlers.get(type) === handler) handlers.delete(type);
      };
    },
    hasHandler: (type: string) => handlers.has(type),
    /**
     * Replays the saved action once: it is removed before its handler runs, so a failing action never loops
     * through /login again. Resolves to what happened; a failure carries the error for the caller to show.
     */
    async replay(ctx: ReplayContext): Promise<
      | { status: 'none' }
      | { status: 'done'; action: PendingAction; outcome: ReplayOutcome }
      | { status: 'failed'; action: PendingAction; error: unknown }
    > {
      const action = read();
      store.remove('action');
      if (!action) return { status: 'none' };
      const handler = handlers.get(action.type);
      if (!handler) return { status: 'failed', action, error: new Error(`No handler for the saved action "${action.type}"`) };
      try {
        const outcome = (await handler(action.payload, ctx)) ?? {};
        return { status: 'done', action, outcome };
      } catch (error) {
        return { status: 'failed', action, error };
      }
    },
  };
}

export type PendingActions = ReturnType<typeof createPendingActions>;

/** The app's pending actions, on the `action` preference. */
export const pendingActions = createPendingActions(preferences);

/** `savePendingAction({ type, payload, successMessage })`: see the module comment. */
export const savePendingAction = (action: PendingAction) => pendingActions.save(action);
export const registerPendingActionHandler = <P>(type: string, handler: PendingActionHandler<P>) =>
  pendingActions.register(type, handler);

/**
 * What a handler throws when the saved payload is not what was saved (storage edited, an older version's shape). The
 * login flow tells the member it could not finish (features/account/login-flow.ts); the text is for the console.
 */
export const incompleteAction = (): Error => new Error('The saved action is incomplete.');

/** A failure that means "log in first": no session, or the session ended (401). */
export const needsLogin = (err: unknown) => isApiError(err) && err.status === 401;

export type LoginNeedingResult<T> = { status: 'done'; value: T } | { status: 'waiting-for-login' };

/**
 * Runs a login-needing action. Without a token it is saved and `goToLogin` is called; when the server answers 401
 * it is saved and `goToLogin` is called as well (on most calls the API client's 401 rule has already logged out
 * and gone to /login, so goToLogin must ignore that duplicate navigation). Other failures are thrown.
 */
export async function runLoginNeeding<T>(
  action: PendingAction,
  run: () => Promise<T>,
  opts: { hasToken: boolean; goToLogin: () => void; store?: PendingActions },
): Promise<LoginNeedingResult<T>> {
  const store = opts.store ?? pendingActions;
  if (!opts.hasToken) {
    store.save(action);
    opts.goToLogin();
    return { status: 'waiting-for-login' };
  }
  try {
    return { status: 'done', value: await run() };
  } catch (err) {
    if (needsLogin(err)) {
      store.save(action);
      opts.goToLogin();
      return { status: 'waiting-for-login' };
    }
    throw err;
  }
}
