import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import Provider from 'oidc-provider';

/** What the test OpenID provider says about one of its people. */
export interface OidcPerson {
  email: string;
  email_verified: boolean;
  given_name?: string;
  family_name?: string;
  picture?: string;
}

export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The provider's signing key (RS256, kid "test-key"), so tests can mint tokens it would (or would not) issue. */
  privateJwk: JWK;
  /** Its people by subject; add one before sending them through the sign-in. */
  people: Map<string, OidcPerson>;
  /**
   * What the provider knows of an access token it issued (as Google's token info does): its subject and scopes, or
   * undefined when it is unknown, expired or revoked. The Data API stand-in checks bearer tokens with it.
   */
  accessTokenInfo(token: string): Promise<{ subject: string; scopes: string[] } | undefined>;
  /**
   * Plays the browser: follows the authorization URL through the provider's login and consent pages as `subject`,
   * and answers the redirect back to our redirect URI (with code, state and iss).
   */
  signIn(location: string, subject: string): Promise<URL>;
  close(): Promise<void>;
}

/**
 * A real OpenID Connect provider (oidc-provider) on loopback over http, with one confidential client registered
 * for our redirect URI. Its development interactions stand in for the login and consent screens.
 */
export async function startOidcProvider(options: {
  redirectUri: string;
  clientId?: string;
  clientSecret?: string;
  /**
   * Issue refresh tokens on every code grant, as Google does for `access_type=offline` (no offline_access scope), never
   * rotate them (Google does not), and offer token revocation.
   */
  refreshTokens?: boolean;
  /** Scopes beyond OpenID's own the provider grants (e.g. YouTube's read-only scope). */
  scopes?: string[];
}): Promise<TestOidcProvider> {
  const clientId = options.clientId ?? 'sift-test-client';
  const clientSecret = options.clientSecret ?? 'sift-test-secret-0123456789abcdef';
  const people = new Map<string, OidcPerson>();
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const privateJwk: JWK = { ...(await exportJWK(privateKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };

  let handler: http.RequestListener = (_req, res) => res.writeHead(503).end();
  const server = http.createServer((req, res) => handler(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [options.redirectUri],
        grant_types: options.refreshTokens ? ['authorization_code', 'refresh_token'] : ['authorization_code'],
        response_types: ['code'],
        // openid-client authenticates with client_secret_post when given a secret.
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [privateJwk] },
    cookies: { keys: ['sift-test-cookie-key'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name', 'name', 'picture'] },
    ...(options.scopes ? { scopes: ['openid', 'offline_access', ...options.scopes] } : {}),
    ...(options.refreshTokens
      ? { issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'), rotateRefreshToken: () => false }
      : {}),
    // Put the scopes' claims into the ID token too, as Google does.
    conformIdTokenClaims: false,
    features: {
      devInteractions: { enabled: true },
      // A client may revoke the tokens it was issued (what Google's revocation endpoint allows).
      revocation: { enabled: options.refreshTokens === true, allowedPolicy: async (_ctx: unknown, client: { clientId: string }, token: { clientId?: string }) => token.clientId === client.clientId },
    },
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, AuthorizationCode: 60, IdToken: 600, RefreshToken: 3600 },
    async findAccount(_ctx, sub) {
      const person = people.get(sub);
      if (!person) return undefined;
      return { accountId: sub, claims: async () => ({ sub, ...person }) };
    },
  });
  // oidc-provider logs every failed request to the console; the tests provoke some on purpose.
  provider.on('server_error', () => {});
  handler = provider.callback();

  async function signIn(location: string, subject: string): Promise<URL> {
    const cookies = new Map<string, string>();
    let url = location;
    let body: string | undefined;
    for (let step = 0; step < 20; step++) {
      const res = await fetch(url, {
        method: body ? 'POST' : 'GET',
        redirect: 'manual',
        headers: {
          cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
          ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        },
        ...(body ? { body } : {}),
      });
      for (const line of res.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const [name, ...value] = pair!.split('=');
        cookies.set(name!.trim(), value.join('='));
      }
      if (res.status >= 300 && res.status < 400) {
        const next = new URL(res.headers.get('location')!, url);
        await res.body?.cancel();
        if (next.href.startsWith(options.redirectUri)) return next;
        url = next.href;
        body = undefined;
        continue;
      }
      const html = await res.text();
      if (res.status !== 200) throw new Error(`OpenID provider answered ${res.status}: ${html.slice(0, 500)}`);
      const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
      if (!action) throw new Error(`No form on the provider's page: ${html.slice(0, 500)}`);
      url = new URL(action.replaceAll('&amp;', '&'), url).href;
      if (html.includes('name="prompt" value="login"')) body = new URLSearchParams({ prompt: 'login', login: subject, password: 'any' }).toString();
      else if (html.includes('name="prompt" value="consent"')) body = new URLSearchParams({ prompt: 'consent' }).toString();
      else throw new Error(`Unknown provider page: ${html.slice(0, 500)}`);
    }
    throw new Error('The sign-in did not come back to the redirect URI');
  }

  async function accessTokenInfo(token: string) {
    const found = await provider.AccessToken.find(token);
    if (!found?.accountId) return undefined;
    return { subject: found.accountId, scopes: (found.scope ?? '').split(' ').filter(Boolean) };
  }

  return {
    issuer,
    clientId,
    clientSecret,
    privateJwk,
    people,
    accessTokenInfo,
    signIn,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
