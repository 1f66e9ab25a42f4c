import { CLIENT_PATHS } from '@sift/contracts/client-routes';

/**
 * Whether the web app has a page at a path: the route table of SPEC §2 (`@sift/contracts/client-routes`, the very
 * patterns the web app's router takes), matched as React Router matches them: `:name` is one segment, `:name?` an
 * optional last one, letters in any case, trailing slashes ignored. The catch-all `*` (the not-found page) is left
 * out: a path only it matches is an unknown address, answered 404 (decisions/043).
 */
function routeRegExp(pattern: string): RegExp {
  const segments = pattern.split('/').filter(Boolean);
  const source = segments
    .map((segment) => {
      if (segment.startsWith(':')) return segment.endsWith('?') ? '(?:/[^/]+)?' : '/[^/]+';
      return `/${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
    })
    .join('');
  return new RegExp(`^${source}/*$`, 'i');
}

const PATTERNS: readonly RegExp[] = Object.values(CLIENT_PATHS)
  .filter((pattern) => pattern !== '*')
  .map(routeRegExp);

/** True when `pathname` (no query) is a page of the web app other than its not-found page. */
export function isClientRoute(pathname: string): boolean {
  return PATTERNS.some((pattern) => pattern.test(pathname));
}

/** A test of a pathname (no query) for one client route, matched as isClientRoute matches them all. */
export function clientRouteTest(route: keyof typeof CLIENT_PATHS): (pathname: string) => boolean {
  const pattern = routeRegExp(CLIENT_PATHS[route]);
  return (pathname) => pattern.test(pathname);
}
