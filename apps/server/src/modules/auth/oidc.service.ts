import type { GoogleVerifyResponse } from '@sift/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import * as client from 'openid-client';
import type { GoogleSettings } from '../../config.js';
import { HttpError } from '../../infra/http/errors.js';
import { hashToken } from '../../infra/security/tokens.js';
import type { UsersService } from '../users/users.service.js';
import type { AuthRepository } from './auth.repository.js';
import type { AuthService, LoginResult } from './auth.service.js';

/** How long a sign-in may take between leaving for the provider and coming back. */
export const OAUTH_REQUEST_TTL_MS = 10 * 60_000;
const PROVIDER = 'GOOGLE';

/** Who the identity provider says the person is. */
interface Identity {
  email: string;
  emailVerified: boolean;
  firstName: string;
  lastName: string;
  picture: string | null;
}

const disabled = () => new HttpError(404, 'Google sign-in is not set up on this server.', 'PROVIDER_DISABLED');
const invalidIdToken = () => new HttpError(401, 'The Google sign-in could not be verified. Try again.', 'ID_TOKEN_INVALID');

/**
 * Google sign-in as OpenID Connect with openid-client: the authorization-code flow with PKCE (S256), state and
 * nonce, and ID tokens handed over by the browser (Google's own button), verified against the issuer's keys.
 * Any OpenID provider works through GOOGLE_ISSUER (the tests run one). Discovery happens on first use, so the server
 * starts without the provider being reachable.
 */
export class OidcSignIn {
  private configuration: Promise<client.Configuration> | undefined;
  private keys: ReturnType<typeof createRemoteJWKSet> | undefined;

  constructor(
    private readonly settings: GoogleSettings | undefined,
    /** `${PUBLIC_URL}/oauth2/google/callback`: the SPA's route, which hands code and state to the API. */
    private readonly redirectUri: string,
    private readonly repository: AuthRepository,
    private readonly users: UsersService,
    private readonly auth: AuthService,
    private readonly log: Pick<FastifyBaseLogger, 'warn'>,
    private readonly now: () => Date = () => new Date(),
  ) {}

  get enabled(): boolean {
    return this.settings !== undefined;
  }

  /** GET /api/oauth2/request/google: the provider's authorization URL, and the state it will come back with. */
  async authorizationRequest(): Promise<{ location: string; state: string }> {
    const config = await this.config();
    const state = client.randomState();
    const nonce = client.randomNonce();
    const codeVerifier = client.randomPKCECodeVerifier();
    await this.repository.insertOAuthRequest({
      stateHash: hashToken(state),
      provider: PROVIDER,
      codeVerifier,
      nonce,
      expiresAt: new Date(this.now().getTime() + OAUTH_REQUEST_TTL_MS),
    });
    const location = client.buildAuthorizationUrl(config, {
      redirect_uri: this.redirectUri,
      scope: 'openid email profile',
      response_type: 'code',
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    return { location: location.href, state };
  }

  /**
   * GET /api/login/oauth2/code/google: exchanges the code (with the stored PKCE verifier), checks the ID token
   * (signature, issuer, audience, expiry, nonce), then logs the person in, making the account on first visit.
   */
  async finishCodeFlow(query: { code: string; state: string; iss?: string | undefined }): Promise<LoginResult> {
    const config = await this.config();
    const request = await this.repository.takeOAuthRequest(hashToken(query.state), PROVIDER, this.now());
    if (!request) throw new HttpError(400, 'This sign-in has expired or was finished already. Start again.', 'STATE_INVALID');

    const callback = new URL(this.redirectUri);
    callback.searchParams.set('code', query.code);
    callback.searchParams.set('state', query.state);
    // The SPA forwards code and state; a provider that names itself in the response (RFC 9207) is the one issuer
    // configured here, so when the SPA left `iss` out there is no other issuer it could be mixed up with.
    const metadata = config.serverMetadata();
    const iss = query.iss ?? (metadata.authorization_response_iss_parameter_supported ? metadata.issuer : undefined);
    if (iss) callback.searchParams.set('iss', iss);

    let identity: Identity;
    try {
      const tokens = await client.authorizationCodeGrant(config, callback, {
        pkceCodeVerifier: request.codeVerifier,
        expectedState: query.state,
        expectedNonce: request.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new Error('no ID token');
      // Some providers keep profile claims out of the ID token of a code flow and serve them at userinfo.
      const profile = typeof claims.email === 'string' ? claims : { ...(await client.fetchUserInfo(config, tokens.access_token, claims.sub)), ...claims };
      identity = toIdentity(profile);
    } catch (error) {
      this.log.warn({ err: error }, 'OpenID code exchange failed');
      throw new HttpError(400, 'Signing in with Google did not work. Try again.', 'OAUTH_FAILED');
    }
    return this.signIn(identity, { create: true });
  }

  /** POST /api/loginGoogle: logs in the account of a Google ID token; 404 NOT_REGISTERED when there is none. */
  async loginWithIdToken(idToken: string): Promise<LoginResult> {
    return this.signIn(await this.identityFromIdToken(idToken), { create: false });
  }

  /** POST /api/public/v01/google/verify: whether the ID token's person has an account, and their names. */
  async verify(idToken: string): Promise<GoogleVerifyResponse> {
    const identity = await this.identityFromIdToken(idToken);
    const user = await this.users.findByEmail(identity.email);
    return { registered: user !== undefined, email: identity.email, firstName: identity.firstName, lastName: identity.lastName };
  }

  /** POST /api/public/v01/google/registration: makes the account of the ID token's person (409 if it exists) and logs in. */
  async register(input: { email: string; firstName: string; lastName: string; idToken: string }): Promise<LoginResult> {
    const identity = await this.identityFromIdToken(input.idToken);
    if (identity.email.toLowerCase() !== input.email.trim().toLowerCase()) {
      throw new HttpError(400, 'The e-mail must be the one of your Google account.', 'VALIDATION', [{ field: 'email', message: 'is not the Google account’s e-mail' }]);
    }
    assertVerified(identity);
    const user = await this.users.createAccount({
      email: identity.email,
      firstName: input.firstName,
      lastName: input.lastName,
      origin: PROVIDER,
      confirmed: true,
      picture: identity.picture,
    });
    return this.auth.startSession(user, true);
  }

  /** Verifies an ID token's signature against the issuer's JWKS, its issuer, audience (our client id) and expiry. */
  private async identityFromIdToken(token: string): Promise<Identity> {
    const config = await this.config();
    const metadata = config.serverMetadata();
    if (!metadata.jwks_uri) throw new HttpError(503, 'Google sign-in is not available right now.', 'PROVIDER_UNAVAILABLE');
    this.keys ??= createRemoteJWKSet(new URL(metadata.jwks_uri), { timeoutDuration: 10_000 });
    // Google writes its issuer with and without the scheme.
    const issuers = metadata.issuer === 'https://accounts.google.com' ? [metadata.issuer, 'accounts.google.com'] : [metadata.issuer];
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, this.keys, {
        issuer: issuers,
        audience: this.settings!.clientId,
        requiredClaims: ['sub', 'exp', 'iat'],
        clockTolerance: 30,
        currentDate: this.now(),
      }));
      return toIdentity(payload);
    } catch (error) {
      if (error instanceof HttpError) throw error;
      throw invalidIdToken();
    }
  }

  private async signIn(identity: Identity, options: { create: boolean }): Promise<LoginResult> {
    assertVerified(identity);
    let user = await this.users.findByEmail(identity.email);
    const created = !user;
    if (!user) {
      if (!options.create) throw new HttpError(404, 'There is no account for this Google identity yet. Sign up first.', 'NOT_REGISTERED');
      user = await this.users.createAccount({
        email: identity.email,
        firstName: identity.firstName,
        lastName: identity.lastName,
        origin: PROVIDER,
        confirmed: true,
        picture: identity.picture,
      });
    } else if (!user.confirmedAt) {
      // Google vouches for the address, which is all a confirmation link would prove.
      user = await this.users.confirm(user.id);
    }
    return this.auth.startSession(user, created);
  }

  /**
   * The issuer's discovered configuration, shared with `GoogleGrants` (the same client asks for YouTube access).
   * 404 PROVIDER_DISABLED without Google settings; 503 PROVIDER_UNAVAILABLE while discovery fails.
   */
  discovered(): Promise<client.Configuration> {
    return this.config();
  }

  private config(): Promise<client.Configuration> {
    const settings = this.settings;
    if (!settings) return Promise.reject(disabled());
    this.configuration ??= client
      .discovery(new URL(settings.issuer), settings.clientId, settings.clientSecret, undefined, {
        // http is for the OpenID provider the tests start on loopback; a real issuer is https.
        execute: new URL(settings.issuer).protocol === 'http:' ? [client.allowInsecureRequests] : [],
        timeout: 10,
      })
      .catch((error: unknown) => {
        this.configuration = undefined; // try again on the next request
        this.log.warn({ err: error }, 'OpenID discovery failed');
        throw new HttpError(503, 'Google sign-in is not available right now. Try again later.', 'PROVIDER_UNAVAILABLE');
      });
    return this.configuration;
  }
}

function assertVerified(identity: Identity) {
  if (!identity.emailVerified) {
    throw new HttpError(403, 'Your Google account’s e-mail is not verified yet.', 'EMAIL_UNVERIFIED');
  }
}

function toIdentity(claims: Record<string, unknown>): Identity {
  const email = typeof claims.email === 'string' ? claims.email.trim() : '';
  if (!email) throw invalidIdToken();
  const text = (key: string) => (typeof claims[key] === 'string' ? (claims[key] as string).trim() : '');
  const [first = '', ...rest] = text('name').split(/\s+/);
  return {
    email,
    emailVerified: claims.email_verified === true || claims.email_verified === 'true',
    firstName: text('given_name') || first || email.split('@')[0]!,
    lastName: text('family_name') || rest.join(' '),
    picture: text('picture') || null,
  };
}
