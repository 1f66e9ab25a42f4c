import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useNotify } from '../../components/Notifications';
import { isApiError } from '../../lib/api';
import { paths } from '../../lib/paths';
import { pendingActions, type PendingActions } from '../../lib/pending-action';
import { applyLogin } from './api/session';
import type { LoginResult } from './api/endpoints';

/**
 * Where a login may send the browser back to: a path of this app only (no other origin, no protocol-relative
 * `//host`), and never the login page itself.
 */
export function safeRedirect(target: string | null | undefined): string | null {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return null;
  const path = target.split(/[?#]/)[0];
  if (path === paths.login || path === paths.signup) return null;
  return target;
}

/** What the login flow does after the local session is set: replay, toast, navigate. Pure enough to test. */
export async function finishLogin(opts: {
  redirect: string | null | undefined;
  navigate: (to: string) => void;
  notify: (text: string) => void;
  actions?: PendingActions;
}): Promise<string> {
  const actions = opts.actions ?? pendingActions;
  const replay = await actions.replay({ navigate: opts.navigate });
  if (replay.status === 'done' && replay.action.successMessage) opts.notify(replay.action.successMessage);
  if (replay.status === 'failed') {
    const message = isApiError(replay.error) && replay.error.message ? replay.error.message : i18n._(msg`Please try again.`);
    opts.notify(i18n._(msg`We could not finish what you started. ${message}`));
  }
  const target = (replay.status === 'done' && replay.outcome.navigateTo) || safeRedirect(opts.redirect) || paths.home;
  opts.navigate(target);
  return target;
}

/**
 * SPEC §4 Login: save the token and user info (applyLogin), replay a pending saved action and show its success
 * message, then go where the user was heading (the `redirect` query) — or wherever the action sends them.
 */
export function useCompleteLogin() {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const notify = useNotify();
  return useCallback(
    async (result: LoginResult, redirect: string | null | undefined) => {
      applyLogin(qc, result);
      return finishLogin({ redirect, navigate: (to) => navigate(to, { replace: true }), notify });
    },
    [qc, navigate, notify],
  );
}

// ---- OAuth round trip -----------------------------------------------------------------------------------------

const STATE_KEY = 'sift.oauth_state';
const REDIRECT_KEY = 'sift.oauth_redirect';

function session(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

/** Providers this client knows; the server's config says whether one is enabled. */
export const OAUTH_PROVIDERS = ['google'] as const;
export const isKnownProvider = (p: string | undefined): p is (typeof OAUTH_PROVIDERS)[number] =>
  !!p && (OAUTH_PROVIDERS as readonly string[]).includes(p.toLowerCase());

export const oauthStorage = {
  /** Before leaving for the provider: the state token it answered with (X-Auth-Token). */
  saveState(state: string) {
    session()?.setItem(STATE_KEY, state);
  },
  /** Where to go after the round trip (the login page's `redirect`). */
  rememberRedirect(redirect: string | null) {
    if (redirect) session()?.setItem(REDIRECT_KEY, redirect);
    else session()?.removeItem(REDIRECT_KEY);
  },
  /** On the callback: what was saved, removed so that a reload cannot replay it. */
  take(): { state: string | null; redirect: string | null } {
    const s = session();
    const state = s?.getItem(STATE_KEY) ?? null;
    const redirect = s?.getItem(REDIRECT_KEY) ?? null;
    s?.removeItem(STATE_KEY);
    s?.removeItem(REDIRECT_KEY);
    return { state, redirect };
  },
};
