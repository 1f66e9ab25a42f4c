import { forwardRef, useCallback, type AnchorHTMLAttributes } from 'react';
import { Link, useLocation, useNavigate, type NavigateOptions } from 'react-router';
import { carryV, watchState } from '../lib/url';
import { PlainLink } from './PlainLink';

type Props = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  to: string;
  /** Drop the current `v` instead of carrying it over. */
  dropV?: boolean;
  replace?: boolean;
  state?: unknown;
};

/**
 * A link inside the app that carries the current `v` over (SPEC §2): a PlainLink, whose click handler navigates as a
 * router <Link> would, with the same history state (lib/url watchState). A router <Link> costs a handful of hooks on
 * every render (resolving the path against the matched routes), and the shell alone draws a dozen links in the first
 * render of every page (issue 32). A link with its own history `state` or `replace` is a router <Link>.
 */
export const AppLink = forwardRef<HTMLAnchorElement, Props>(function AppLink({ to, dropV, state, replace, ...rest }, ref) {
  const location = useLocation();
  const target = dropV ? to : carryV(to, location.search);
  if (state === undefined && replace === undefined) return <PlainLink ref={ref} href={target} {...rest} />;
  return <Link ref={ref} to={target} replace={replace} state={state ?? watchState(to, location)} {...rest} />;
});

/** navigate() that carries the current `v` over unless the target names its own. */
export function useAppNavigate() {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(
    (to: string, opts?: NavigateOptions & { dropV?: boolean }) =>
      navigate(opts?.dropV ? to : carryV(to, location.search), { ...opts, state: opts?.state ?? watchState(to, location) }),
    [navigate, location],
  );
}
