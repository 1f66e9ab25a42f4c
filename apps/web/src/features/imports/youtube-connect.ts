import { t } from '@lingui/core/macro';
import { APP_NAME } from '../../lib/config';
import { isApiError } from '../../lib/api';
import { paths } from '../../lib/paths';

/**
 * The round trip to Google for the YouTube permission (issue 16 §1): where the member started is kept in
 * sessionStorage before the browser leaves, /oauth2/youtube/callback hands the code to the server and goes back
 * there, with how it went in the navigation state (a reload does not run the callback twice).
 */

const RETURN_KEY = 'sift.youtube_return';

/** Pages the callback may go back to: the import pages and the onboarding's import step. */
const RETURN_PAGES: readonly string[] = [paths.importYoutubeChannels, paths.importYoutubePlaylists, paths.youtubeImport];

/** Where the callback goes when nothing (or something foreign) was kept: the default import target (SPEC §2). */
export const DEFAULT_RETURN = paths.importYoutubeChannels;

/** A kept return path, if it is one of the pages that start the connection (never another origin). */
export function safeReturn(target: string | null | undefined): string | null {
  if (!target || !target.startsWith('/') || target.startsWith('//')) return null;
  const path = target.split(/[?#]/)[0] ?? '';
  return RETURN_PAGES.includes(path) ? target : null;
}

function session(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

export const youtubeReturn = {
  /** Before leaving for Google. */
  remember(target: string) {
    const safe = safeReturn(target);
    if (safe) session()?.setItem(RETURN_KEY, safe);
    else session()?.removeItem(RETURN_KEY);
  },
  /** On the callback: where to go back to, removed so that it is used once. */
  take(): string {
    const s = session();
    const kept = s?.getItem(RETURN_KEY) ?? null;
    s?.removeItem(RETURN_KEY);
    return safeReturn(kept) ?? DEFAULT_RETURN;
  },
};

/** How the connection went, carried to the import page in the navigation state. */
export type ConnectFailure = { kind: 'failed'; code: string; message: string };
export type ConnectOutcome = { kind: 'connected' } | ConnectFailure;

export interface ConnectState {
  youtubeConnect: ConnectOutcome;
}

/** The outcome in a location's state, if there is one (anything else in the state is ignored). */
export function connectOutcomeOf(state: unknown): ConnectOutcome | null {
  if (typeof state !== 'object' || state === null) return null;
  const outcome = (state as { youtubeConnect?: unknown }).youtubeConnect;
  if (typeof outcome !== 'object' || outcome === null) return null;
  const o = outcome as { kind?: unknown; code?: unknown; message?: unknown };
  if (o.kind === 'connected') return { kind: 'connected' };
  if (o.kind === 'failed') return { kind: 'failed', code: typeof o.code === 'string' ? o.code : 'UNKNOWN', message: typeof o.message === 'string' ? o.message : '' };
  return null;
}

/** What Google's redirect said when the member did not grant anything (`error=access_denied` and the like). */
export function callbackFailure(params: URLSearchParams): ConnectFailure | null {
  const error = params.get('error');
  if (error === 'access_denied') return { kind: 'failed', code: 'ACCESS_DENIED', message: '' };
  if (error) return { kind: 'failed', code: 'OAUTH_FAILED', message: params.get('error_description') ?? '' };
  if (!params.get('code')) return { kind: 'failed', code: 'NO_CODE', message: '' };
  return null;
}

/** A failed POST /api/idp/GOOGLE as an outcome. */
export function failureOf(error: unknown): ConnectFailure {
  if (isApiError(error)) return { kind: 'failed', code: error.code ?? (error.status === 0 ? 'NO_RESPONSE' : `HTTP_${error.status}`), message: error.message };
  return { kind: 'failed', code: 'UNKNOWN', message: '' };
}

/** The words for a failed connection (in the active language, at call time), and whether trying again can help. */
export function connectFailureText(outcome: ConnectFailure): { text: string; retry: boolean } {
  switch (outcome.code) {
    case 'SCOPE_NOT_GRANTED':
      return {
        text: t`You did not allow ${APP_NAME} to see your YouTube account on Google’s page, so it cannot read your subscriptions and playlists. Try again and leave the YouTube box ticked.`,
        retry: true,
      };
    case 'ACCESS_DENIED':
      return { text: t`You cancelled on Google’s page: nothing was shared with ${APP_NAME}.`, retry: true };
    case 'STATE_INVALID':
      return { text: t`This connection request has expired or was used already. Start again.`, retry: true };
    case 'NO_CODE':
      return { text: t`Google sent ${APP_NAME} no permission to use. Try again.`, retry: true };
    case 'PROVIDER_DISABLED':
      return { text: t`Importing from a YouTube account is not set up on this ${APP_NAME}.`, retry: false };
    case 'NO_RESPONSE':
      return { text: t`${APP_NAME} could not be reached to finish connecting. Check your connection and try again.`, retry: true };
    default:
      return { text: outcome.message || t`Your YouTube account could not be connected. Try again.`, retry: true };
  }
}
