import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NotificationProvider } from '../../../components/Notifications';
import { pendingActions } from '../../../lib/pending-action';
import { json } from '../../../test/responses';
import { LoginPage } from './LoginPage';

vi.mock('../../../components/Captcha', async () => (await import('../../../test/fake-captcha')).fakeCaptcha());

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (url) =>
      String(url).startsWith('/api/auth/config') ? json(200, { googleEnabled: false, appName: 'Sift', subscriptionsEnabled: true }) : json(200, { userIsLoggedIn: false }),
    ),
  );
});
afterEach(() => {
  cleanup();
  pendingActions.clear();
  vi.unstubAllGlobals();
});

describe('the login page (SPEC §6, §8)', () => {
  it('says "Log in to finish what you started." once the action that needed a login is saved, even after it was drawn', async () => {
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter initialEntries={['/login?redirect=%2FprofileEdit']}>
          <NotificationProvider>
            <LoginPage />
          </NotificationProvider>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    // The guard sent the person here when the session ended: the page asks them to log in to see it.
    expect(screen.getByText('Please log in to see this page.')).toBeTruthy();
    // The request that met the ended session saves its action a moment later.
    act(() => pendingActions.save({ type: 'update-profile', successMessage: 'Profile updated' }));
    expect(await screen.findByText('Log in to finish what you started.')).toBeTruthy();
  });
});
