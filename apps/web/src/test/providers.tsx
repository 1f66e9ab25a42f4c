import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { NotificationProvider } from '../components/Notifications';

/** A `render` wrapper with what a page of the app has around it: the query client given, a router, the toasts. */
export function appProviders(qc: QueryClient) {
  return function AppProviders({ children }: { children: ReactNode }) {
    return (
      <QueryClientProvider client={qc}>
        <MemoryRouter>
          <NotificationProvider>{children}</NotificationProvider>
        </MemoryRouter>
      </QueryClientProvider>
    );
  };
}
