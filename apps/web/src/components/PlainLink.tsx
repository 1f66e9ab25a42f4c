import { forwardRef, useLayoutEffect, type AnchorHTMLAttributes, type MouseEvent } from 'react';
import { createPath, useLocation, useNavigate, type Location, type NavigateFunction } from 'react-router';
import { carryV, watchState } from '../lib/url';

/**
 * Links in list cards as plain anchors (issue 18): a router <Link> costs a handful of hooks, and a page of 50 cards
 * held 200 of them. A plain <a href> is the same real link to the browser (middle-click, open in a new tab, copy
 * address); its click handler (`followPlainLink`, one function for every link, no hooks) turns a plain left click into
 * a router navigation, as <Link> would, with the same history state (lib/url watchState).
 */
export const PlainLink = forwardRef<HTMLAnchorElement, AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }>(function PlainLink({ href, onClick, ...rest }, ref) {
  return <a ref={ref} href={href} onClick={onClick ? withFollow(onClick) : followPlainLink} {...rest} />;
});

/**
 * A plain link's click handler after the caller's own (which may prevent the navigation): on the link itself, not one
 * listener on the document, because a dialog stops its clicks from reaching the page behind it (a link in the video
 * modal or a modal page then loaded the whole app again).
 */
function withFollow(onClick: (e: MouseEvent<HTMLAnchorElement>) => void): (e: MouseEvent<HTMLAnchorElement>) => void {
  return (e) => {
    onClick(e);
    followPlainLink(e);
  };
}

/** `(to) => href` carrying the current `v` over (SPEC §2), like AppLink: one location read for a whole card. */
export function useCarryV(): (to: string) => string {
  const { search } = useLocation();
  return (to) => carryV(to, search);
}

/** The router as the plain links need it, published by `PlainLinkNavigation` (mounted once inside the router). */
let router: { navigate: NavigateFunction; location: Location } | null = null;

/** What a click on a plain link does: a router navigation unless the browser should handle it (react-router's rules). */
function followPlainLink(e: MouseEvent<HTMLAnchorElement>): void {
  if (!router || e.defaultPrevented || e.button !== 0 || e.metaKey || e.altKey || e.ctrlKey || e.shiftKey) return;
  const a = e.currentTarget;
  if ((a.target && a.target !== '_self') || a.hasAttribute('download')) return;
  const url = new URL(a.href);
  if (url.origin !== window.location.origin) return;
  e.preventDefault();
  const to = createPath(url);
  const from = router.location;
  // As <Link>: a link to where we are replaces the entry instead of stacking a copy.
  router.navigate(to, { replace: createPath(from) === to, state: watchState(to, from) });
}

/** Gives the plain links the router's navigate and the current location; without it they are followed by the browser. */
export function PlainLinkNavigation() {
  const navigate = useNavigate();
  const location = useLocation();
  useLayoutEffect(() => {
    router = { navigate, location };
    return () => {
      router = null;
    };
  }, [navigate, location]);
  return null;
}
