import { forwardRef, useCallback, type AnchorHTMLAttributes } from 'react';
import { Link, useLocation, useNavigate, type NavigateOptions } from 'react-router';
import { carryV } from '../lib/url';

type Props = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  to: string;
  /** Drop the current `v` instead of carrying it over. */
  dropV?: boolean;
  replace?: boolean;
  state?: unknown;
};

/** A router link that carries the current `v` over (SPEC §2). */
export const AppLink = forwardRef<HTMLAnchorElement, Props>(function AppLink({ to, dropV, ...rest }, ref) {
  const { search } = useLocation();
  return <Link ref={ref} to={dropV ? to : carryV(to, search)} {...rest} />;
});

/** navigate() that carries the current `v` over unless the target names its own. */
export function useAppNavigate() {
  const navigate = useNavigate();
  const { search } = useLocation();
  return useCallback(
    (to: string, opts?: NavigateOptions & { dropV?: boolean }) =>
      navigate(opts?.dropV ? to : carryV(to, search), opts),
    [navigate, search],
  );
}
