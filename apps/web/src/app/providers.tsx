import { onlineManager, QueryClient, QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { NotificationProvider } from '../components/Notifications';
import { PlainLinkNavigation } from '../components/PlainLink';
import { accountKeys, clearLocalSession, resetSessionContent } from '../features/account';
import { api, browserOffline, globalError, isApiError } from '../lib/api';
import { preferences } from '../lib/storage';
import { paths, to } from '../lib/paths';
import { AppItemActions } from './item-actions';
import { registerPendingActions } from './pending-actions';

registerPendingActions();

/**
 * Offline (issue 31). TanStack Query's onlineManager follows the browser's online and offline events; it assumes a
 * network until the first of them, so it starts here from navigator.onLine: an installed app opened without one knows
 * it. Calls are made all the same (`offlineFirst`: a browser wrong about being offline costs nothing); one that gets
 * no response says "You are offline — showing what was saved" (lib/api) while the cache keeps showing what was read,
 * and its retry waits for the network and runs when it is back (the message goes then: ApiWiring).
 */
export function createQueryClient() {
  onlineManager.setOnline(!browserOffline());
  return new QueryClient({
    defaultOptions: {
      queries: {
        // One retry, and only where another try can help: no response (status 0) or a server error. Offline, the
        // retry waits until the network is back.
        retry: (count, err) => count < 1 && (!isApiError(err) || err.status === 0 || err.status >= 500),
        networkMode: 'offlineFirst',
        refetchOnWindowFocus: false,
        staleTime: 60_000,
      },
      mutations: { networkMode: 'offlineFirst' },
    },
  });
}

/**
 * Wires the API client's 401 hooks to the router and the query cache (SPEC §7): a login-related 401 refreshes
 * the login data and retries once; any other 401 logs out and goes to /login with the current path to return to.
 */
function ApiWiring() {
  const navigate = useNavigate();
  const location = useLocation();
  const qc = useQueryClient();
  const here = location.pathname + location.search + location.hash;

  useEffect(() => {
    api.setHooks({
      logout: () => {
        const hadSession = !!preferences.get('token');
        clearLocalSession(qc);
        if (hadSession) resetSessionContent(qc);
        if (window.location.pathname !== paths.login) navigate(to.login(here), { replace: true });
      },
      refreshLogin: async () => {
        if (!preferences.get('token')) return false;
        await qc.refetchQueries({ queryKey: accountKeys.user(), type: 'active' }).catch(() => {});
        return !!preferences.get('token');
      },
    });
  }, [navigate, qc, here]);

  // Back online: the calls that got no response are being retried (TanStack Query does), so their message goes.
  useEffect(
    () =>
      onlineManager.subscribe((online) => {
        if (online && globalError.get()?.status === 0) globalError.set(null);
      }),
    [],
  );
  return null;
}

/** Providers that need the router (mounted inside <BrowserRouter>). */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <NotificationProvider>
      <ApiWiring />
      <PlainLinkNavigation />
      <AppItemActions>{children}</AppItemActions>
    </NotificationProvider>
  );
}

export function QueryProvider({ client, children }: { client: QueryClient; children: ReactNode }) {
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
