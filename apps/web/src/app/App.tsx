import { useState } from 'react';
import { BrowserRouter } from 'react-router';
import { AppShell } from './layout/AppShell';
import { AppProviders, QueryProvider, createQueryClient } from './providers';

export function App() {
  const [client] = useState(createQueryClient);
  return (
    <QueryProvider client={client}>
      <BrowserRouter>
        <AppProviders>
          <AppShell />
        </AppProviders>
      </BrowserRouter>
    </QueryProvider>
  );
}
