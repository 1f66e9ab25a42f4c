import { QueryClient, QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { NotificationProvider } from '../components/Notifications';
import { PlainLinkNavigation } from '../components/PlainLink';
import { accountKeys, clearLocalSession, resetSessionContent } from '../features/account';
import { api, isApiError } from '../lib/api';
import { preferences } from '../lib/storage';
import { paths, to } from '../lib/paths';
import { AppItemActions } from './item-actions';
import { registerPendingActions } from './pending-actions';

registerPendingActions();

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // One retry, and only where another try can help: no response (status 0) or a server error.
        retry: (count, err) => count < 1 && (!isApiError(err) || err.status === 0 || err.status >= 500),
        refetchOnWindowFocus: false,
        staleTime: 60_000,
      },
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
