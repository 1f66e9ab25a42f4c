import { forwardRef, useCallback, type AnchorHTMLAttributes } from 'react';
import { Link, useLocation, useNavigate, type NavigateOptions } from 'react-router';
import { carryV, watchState } from '../lib/url';

type Props = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  to: string;
  /** Drop the current `v` instead of carrying it over. */
  dropV?: boolean;
  replace?: boolean;
  state?: unknown;
};

/** A router link that carries the current `v` over (SPEC §2). */
export const AppLink = forwardRef<HTMLAnchorElement, Props>(function AppLink({ to, dropV, state, ...rest }, ref) {
  const location = useLocation();
  return <Link ref={ref} to={dropV ? to : carryV(to, location.search)} state={state ?? watchState(to, location)} {...rest} />;
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
