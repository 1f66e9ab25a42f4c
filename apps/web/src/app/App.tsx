import { I18nProvider } from '@lingui/react';
import { useState } from 'react';
import { BrowserRouter } from 'react-router';
import { AppShell } from './layout/AppShell';
import { i18n } from '../lib/i18n';
import { AppProviders, QueryProvider, createQueryClient } from './providers';

export function App() {
  const [client] = useState(createQueryClient);
  // The I18nProvider re-renders every text when the language switch activates another catalogue (lib/i18n).
  return (
    <I18nProvider i18n={i18n}>
      <QueryProvider client={client}>
        <BrowserRouter>
          <AppProviders>
            <AppShell />
          </AppProviders>
        </BrowserRouter>
      </QueryProvider>
    </I18nProvider>
  );
}
