import type { FastifyBaseLogger } from 'fastify';
import * as client from 'openid-client';
import { HttpError } from '../../infra/http/errors.js';
import { hashToken } from '../../infra/security/tokens.js';
import type { AuthRepository } from './auth.repository.js';
import { OAUTH_REQUEST_TTL_MS, type OidcSignIn } from './oidc.service.js';

/** What Google granted a member, as the code exchange answers it. Never leaves the server. */
export interface GrantedTokens {
  refreshToken: string;
  accessToken: string;
  /** The scopes granted, space separated (Google lets people untick a scope on its consent page). */
  scope: string;
  /** The Google account's subject, from the ID token. */
  subject: string | null;
}

/** Google no longer honours the refresh token (revoked by the member, expired, the client changed): ask again. */
export class GrantRefusedError extends Error {
  constructor(readonly error: string) {
    super(`The grant was refused (${error}).`);
    this.name = 'GrantRefusedError';
  }
}

const unavailable = () => new HttpError(503, 'Google is not answering right now. Try again in a moment.', 'PROVIDER_UNAVAILABLE', undefined, { 'Retry-After': '30' });
/**
 * The token endpoint's answers that mean the member's grant is gone (revoked, expired, narrowed), not that Google is
 * down. `invalid_client` is not among them: a wrong client secret is the server's to fix, not the member's.
 */
const REFUSALS = new Set(['invalid_grant', 'unauthorized_client', 'invalid_scope']);

/**
 * Access a member grants Sift at Google beyond signing in (issue 16 §1: reading their YouTube account): the
 * authorization-code flow with PKCE (S256), state and nonce as the sign-in has it, with the same client and issuer
 * (GOOGLE_ISSUER's discovery gives the authorization, token and revocation endpoints), plus `access_type=offline` for
 * a refresh token. Every exchange happens here on the server; the request waits in `oauth_requests` for 10 minutes,
 * bound to the member who asked, under a `purpose` of its own so a sign-in's state is never taken for it.
 */
export class GoogleGrants {
  constructor(
    private readonly signIn: Pick<OidcSignIn, 'enabled' | 'discovered'>,
    private readonly repository: AuthRepository,
    private readonly log: Pick<FastifyBaseLogger, 'warn'>,
    private readonly now: () => Date = () => new Date(),
  ) {}

  get enabled(): boolean {
    return this.signIn.enabled;
  }

  /** Where to send the member's browser to grant `scope`; Google comes back to `redirectUri` with code and state. */
  async authorizationUrl(input: { userId: number; purpose: string; scope: string; redirectUri: string }): Promise<string> {
    const config = await this.signIn.discovered();
    const state = client.randomState();
    const nonce = client.randomNonce();
    const codeVerifier = client.randomPKCECodeVerifier();
    await this.repository.insertOAuthRequest({
      stateHash: hashToken(state),
      provider: input.purpose,
      userId: input.userId,
      codeVerifier,
      nonce,
      expiresAt: new Date(this.now().getTime() + OAUTH_REQUEST_TTL_MS),
    });
    return client.buildAuthorizationUrl(config, {
      redirect_uri: input.redirectUri,
      // openid gives an ID token naming the Google account (and lets the nonce bind the answer to this request).
      scope: `openid ${input.scope}`,
      response_type: 'code',
      // Google's words for "a refresh token, and ask again so one is really issued" (it gives one on consent only).
      access_type: 'offline',
      prompt: 'consent',
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    }).href;
  }

  /**
   * Exchanges the code Google sent back (with the stored PKCE verifier) for tokens. Without `state` the member's
   * newest pending request is used: PKCE still ties the code to that request, and the request to this member.
   */
  async exchange(input: { userId: number; purpose: string; redirectUri: string; code: string; state?: string | undefined; iss?: string | undefined }): Promise<GrantedTokens> {
    const config = await this.signIn.discovered();
    const now = this.now();
    const request = input.state
      ? await this.repository.takeOAuthRequest(hashToken(input.state), input.purpose, now, input.userId)
      : await this.repository.takeLatestOAuthRequest(input.userId, input.purpose, now);
    if (!request) throw new HttpError(400, 'This permission request has expired or was used already. Start again.', 'STATE_INVALID');

    const callback = new URL(input.redirectUri);
    callback.searchParams.set('code', input.code);
    if (input.state) callback.searchParams.set('state', input.state);
    const metadata = config.serverMetadata();
    const iss = input.iss ?? (metadata.authorization_response_iss_parameter_supported ? metadata.issuer : undefined);
    if (iss) callback.searchParams.set('iss', iss);

    let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
    try {
      tokens = await client.authorizationCodeGrant(config, callback, {
        pkceCodeVerifier: request.codeVerifier,
        expectedState: input.state,
        expectedNonce: request.nonce,
      });
    } catch (error) {
      this.log.warn({ err: describe(error) }, 'Google code exchange failed');
      throw new HttpError(400, 'Google did not accept this permission. Try again.', 'OAUTH_FAILED');
    }
    if (!tokens.refresh_token) {
      // Without it Sift could read the account only for the next hour; asking again with prompt=consent gives one.
      throw new HttpError(400, 'Google did not give lasting access. Try again.', 'OAUTH_FAILED');
    }
    return {
      refreshToken: tokens.refresh_token,
      accessToken: tokens.access_token,
      scope: tokens.scope ?? '',
      subject: tokens.claims()?.sub ?? null,
    };
  }

  /**
   * A fresh access token from the refresh token. GrantRefusedError when Google will not honour it any more; a 503
   * when Google cannot be reached. A new refresh token, when Google rotates it, comes back too.
   */
  async refresh(refreshToken: string): Promise<{ accessToken: string; refreshToken: string | null; scope: string | null }> {
    const config = await this.signIn.discovered();
    try {
      const tokens = await client.refreshTokenGrant(config, refreshToken);
      return { accessToken: tokens.access_token, refreshToken: tokens.refresh_token ?? null, scope: tokens.scope ?? null };
    } catch (error) {
      if (error instanceof client.ResponseBodyError && REFUSALS.has(error.error)) throw new GrantRefusedError(error.error);
      this.log.warn({ err: describe(error) }, 'Google token refresh failed');
      throw unavailable();
    }
  }

  /**
   * Revokes a token at the issuer's revocation endpoint (Google: the whole grant goes with it). Answers false when it
   * could not be revoked (no endpoint, Google unreachable, already invalid); the caller forgets the token anyway.
   */
  async revoke(token: string): Promise<boolean> {
    try {
      const config = await this.signIn.discovered();
      if (!config.serverMetadata().revocation_endpoint) {
        this.log.warn({}, 'The OpenID issuer has no revocation endpoint: a disconnected grant stays valid at the provider until it expires');
        return false;
      }
      await client.tokenRevocation(config, token, { token_type_hint: 'refresh_token' });
      return true;
    } catch (error) {
      this.log.warn({ err: describe(error) }, 'Google token revocation failed');
      return false;
    }
  }
}

/** An error as the log may show it: the OAuth error code and message, never a response body that could hold a token. */
function describe(error: unknown): Record<string, unknown> {
  if (error instanceof client.ResponseBodyError) return { error: error.error, description: error.error_description, status: error.status };
  if (error instanceof Error) return { name: error.name, message: error.message, code: (error as { code?: unknown }).code };
  return { error: String(error) };
}
