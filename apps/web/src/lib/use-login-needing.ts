import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { usePreference } from './hooks';
import { paths, to } from './paths';
import { runLoginNeeding, type PendingAction } from './pending-action';

/**
 * `const loginNeeding = useLoginNeeding(); await loginNeeding(action, () => api.post(...))`: runs an action that
 * needs an account, or saves it and goes to /login (with the current page to come back to) to replay it after
 * login. See lib/pending-action.
 */
export function useLoginNeeding() {
  const navigate = useNavigate();
  const location = useLocation();
  const [token] = usePreference('token');
  const here = location.pathname + location.search + location.hash;
  return useCallback(
    <T>(action: PendingAction, run: () => Promise<T>) =>
      runLoginNeeding(action, run, {
        hasToken: !!token,
        goToLogin: () => {
          // The API client's 401 rule may have gone to /login already: a second navigation would be a duplicate.
          if (window.location.pathname !== paths.login) navigate(to.login(here));
        },
      }),
    [navigate, token, here],
  );
}
