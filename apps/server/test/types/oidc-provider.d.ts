// oidc-provider ships no types and @types/oidc-provider is not installed; the tests use this much of it.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export interface ProviderAccount {
    accountId: string;
    claims(): Promise<Record<string, unknown>>;
  }

  export interface ProviderConfiguration {
    clients?: Record<string, unknown>[];
    jwks?: { keys: Record<string, unknown>[] };
    cookies?: { keys?: string[] };
    claims?: Record<string, string[]>;
    conformIdTokenClaims?: boolean;
    features?: Record<string, unknown>;
    ttl?: Record<string, number>;
    findAccount?: (ctx: unknown, sub: string) => Promise<ProviderAccount | undefined>;
    scopes?: string[];
    issueRefreshToken?: (ctx: unknown, client: { grantTypeAllowed(type: string): boolean }, code: unknown) => Promise<boolean>;
    rotateRefreshToken?: (ctx: unknown) => boolean;
  }

  /** An issued access token, as the provider's own store has it. */
  export interface ProviderAccessToken {
    accountId?: string;
    scope?: string;
  }

  export default class Provider {
    constructor(issuer: string, configuration?: ProviderConfiguration);
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    on(event: string, listener: (...args: unknown[]) => void): this;
    readonly AccessToken: { find(value: string): Promise<ProviderAccessToken | undefined> };
  }
}
