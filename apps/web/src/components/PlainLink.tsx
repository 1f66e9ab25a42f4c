import { useEffect, type AnchorHTMLAttributes } from 'react';
import { createPath, useLocation, useNavigate } from 'react-router';
import { useLatest } from '../lib/hooks';
import { carryV, watchState } from '../lib/url';

/**
 * Links in list cards as plain anchors (issue 18): a router <Link> costs a handful of hooks, and a page of 50 cards
 * held 200 of them. A plain <a href> is the same real link to the browser (middle-click, open in a new tab, copy
 * address); one click listener on the document (`PlainLinkNavigation`, mounted once inside the router) turns a plain
 * left click into a router navigation, as <Link> would, with the same history state (lib/url watchState).
 */
export function PlainLink({ href, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  return <a href={href} data-plain-link="" {...rest} />;
}

/** `(to) => href` carrying the current `v` over (SPEC §2), like AppLink: one location read for a whole card. */
export function useCarryV(): (to: string) => string {
  const { search } = useLocation();
  return (to) => carryV(to, search);
}

/** What a click on a PlainLink does: a router navigation unless the browser should handle it (react-router's rules). */
export function PlainLinkNavigation() {
  const navigate = useNavigate();
  const location = useLatest(useLocation());
  useEffect(() => {
    const onClick = (e: MouseEvent) => {
      if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.altKey || e.ctrlKey || e.shiftKey) return;
      const a = (e.target as Element | null)?.closest?.<HTMLAnchorElement>('a[data-plain-link]');
      if (!a || (a.target && a.target !== '_self') || a.hasAttribute('download')) return;
      const url = new URL(a.href);
      if (url.origin !== window.location.origin) return;
      e.preventDefault();
      const to = createPath(url);
      const from = location.current;
      // As <Link>: a link to where we are replaces the entry instead of stacking a copy.
      navigate(to, { replace: createPath(from) === to, state: watchState(to, from) });
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [navigate, location]);
  return null;
}
