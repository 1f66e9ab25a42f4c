import type { AuthConfig } from '@sift/contracts';
import { appendToHead, jsonIsland, type SpaPage } from '../../infra/http/spa.js';
import type { OidcSignIn } from './oidc.service.js';

/** The element the web app reads this server's configuration from (features/account/api/session.ts). */
export const INLINE_AUTH_CONFIG_ID = 'sift-auth-config';

/** What the web app may offer on this server: GET /api/auth/config's answer, and the page's copy of it. */
export function authConfig(google: Pick<OidcSignIn, 'enabled'>, appName: string, subscriptionsEnabled: boolean): AuthConfig {
  return { googleEnabled: google.enabled, appName, subscriptionsEnabled };
}

/**
 * The SPA's page with this server's configuration in it. Asked after the app starts, its answer came after the first
 * cards and re-drew every card's Follow entry and the page's Follow buttons (a long task of a slow phone's first
 * visit, decision 057); in the page (a JSON island), the first render is already the final one, and nothing is asked.
 */
export function withAuthConfig(page: SpaPage, config: () => AuthConfig): SpaPage {
  return async (url) => appendToHead(await page(url), jsonIsland(INLINE_AUTH_CONFIG_ID, config()));
}
