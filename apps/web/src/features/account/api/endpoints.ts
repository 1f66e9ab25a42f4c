import type { AuthConfig, UserData } from '@sift/contracts';
import { api, ApiRequestError, genericErrorMessage, type ApiResponse } from '../../../lib/api';
import { activeLocale } from '../../../lib/i18n';
import { ACCOUNT_CREATED_HEADER, AUTH_TOKEN_HEADER, REACTIVATED_HEADER } from '../rules';

/** The calls of SPEC §7 "Auth and account" and "User", all under /api (packages/contracts/src/accounts.ts). */

export interface LoginResult {
  user: UserData;
  token: string;
  /** X-Reactivated: a deactivated account came back by logging in. */
  reactivated: boolean;
  /** X-Account-Created: this sign-in made the account (a first Google sign-in). */
  created: boolean;
}

function loginResult(res: ApiResponse<UserData>): LoginResult {
  const token = res.headers.get(AUTH_TOKEN_HEADER);
  if (!token || !res.data) throw new ApiRequestError({ status: res.status, message: genericErrorMessage() });
  return { user: res.data, token, reactivated: res.headers.get(REACTIVATED_HEADER) === 'true', created: res.headers.get(ACCOUNT_CREATED_HEADER) === 'true' };
}

/**
 * POST /api/login (form: username, password, and `captcha` once the server asked for one with 401
 * CAPTCHA_REQUIRED). Sent without any stale token.
 */
export async function login(username: string, password: string, captcha?: string): Promise<LoginResult> {
  const body = new URLSearchParams({ username: username.trim(), password, ...(captcha ? { captcha } : {}) });
  return loginResult(await api.requestFull<UserData>('/api/login', { method: 'POST', body, anonymous: true }));
}

/** POST /api/logout. A 401 only means the session had ended already: no redirect to /login for it. */
export const logoutCall = () => api.post<void>('/api/logout', undefined, { skipAuthHooks: true });

/** GET /api/users. SPEC §8: a failure is logged, with no message for the user (a 401 still logs out). */
export const fetchUser = (signal?: AbortSignal) => api.get<UserData>('/api/users', { signal, quiet: true });
export const fetchAuthConfig = (signal?: AbortSignal) => api.get<AuthConfig>('/api/auth/config', { signal, quiet: true });

export interface SignupInput {
  email: string;
  firstName: string;
  lastName: string;
  password: string;
  captcha: string;
}
/** The browser's active language goes along: the confirmation mail, and later ones, are written in it. */
export const signup = (input: SignupInput) =>
  api.post<{ email: string }>('/api/accounts', { ...input, email: input.email.trim(), locale: activeLocale() }, { anonymous: true });
export const confirmAccount = (token: string) =>
  api.post<{ email: string }>('/api/accounts/confirm', { token }, { anonymous: true });
export const resendConfirmation = (email: string) =>
  api.post<void>('/api/accounts/resend-confirmation', { email: email.trim() }, { anonymous: true });
/** The server mails a link to `url?token=…`; url is this app's /passwordReset page. */
export const requestPasswordReset = (email: string, url: string) =>
  api.post<void>('/api/accounts/reset-password', { email: email.trim(), url }, { anonymous: true });
export const changePasswordWithToken = (token: string, password: string) =>
  api.put<void>('/api/accounts/change-password', { token, password }, { anonymous: true });

export interface ProfileInput {
  logonId: string;
  firstName: string;
  lastName: string;
}
export const updateProfile = (input: ProfileInput) => api.put<UserData | undefined>('/api/users', input);
export const markOnboarded = () => api.put<UserData | undefined>('/api/users/onboard');
export interface PasswordUpdateInput {
  logonId: string;
  currentPassword: string;
  newPassword: string;
}
/** PUT /api/users/update-password. The server may hand out a fresh token (it revokes the others). */
export const updatePassword = (input: PasswordUpdateInput) =>
  api.requestFull<UserData | undefined>('/api/users/update-password', { method: 'PUT', body: input });
export const deactivateAccount = (reason: string) => api.put<void>('/api/users/deactivate', { reason });
export const deleteAccount = (reason: string) => api.put<void>('/api/users/delete', { reason });

/** GET /api/oauth2/request/{provider}: where to send the browser, and the state token (X-Auth-Token). */
export async function requestOAuth(provider: string): Promise<{ location: string; state: string | null }> {
  const res = await api.requestFull<{ location: string }>(`/api/oauth2/request/${encodeURIComponent(provider)}`, { anonymous: true });
  if (!res.data?.location) throw new ApiRequestError({ status: res.status, message: genericErrorMessage() });
  return { location: res.data.location, state: res.headers.get(AUTH_TOKEN_HEADER) };
}

/** GET /api/login/oauth2/code/{provider}?code&state: a login response (token header). */
export async function exchangeOAuthCode(provider: string, code: string, state: string, iss?: string | null): Promise<LoginResult> {
  return loginResult(
    await api.requestFull<UserData>(`/api/login/oauth2/code/${encodeURIComponent(provider)}`, {
      // `iss` (RFC 9207) is passed on when the provider sent it; the server checks it against its issuer.
      query: { code, state, iss },
      anonymous: true,
    }),
  );
}
