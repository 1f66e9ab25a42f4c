import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NotificationProvider } from '../../../components/Notifications';
import { globalError } from '../../../lib/api';
import { loadLocale } from '../../../lib/i18n';
import { preferences } from '../../../lib/storage';
import { json } from '../../../test/responses';
import { MEMBER } from '../test-support';
import { ChangePasswordPage } from './ProfilePages';
import { SignupPage } from './SignupPage';

vi.mock('../../../components/Captcha', async () => (await import('../../../test/fake-captcha')).fakeCaptcha());

/** What the server answers a common password (users.service assertAcceptablePassword). */
const tooCommon = (field: string) =>
  json(400, {
    status: 400,
    message: 'The password is too common; choose one that is harder to guess.',
    code: 'VALIDATION',
    fields: [{ field, message: 'is too common; choose one that is harder to guess', code: 'PASSWORD_TOO_COMMON' }],
  });

let refusal: () => Response;
beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (url, init) => {
      const path = String(url);
      if (path.startsWith('/api/auth/config')) return json(200, { googleEnabled: false, appName: 'Sift', subscriptionsEnabled: true });
      if (init?.method === 'POST' || init?.method === 'PUT') return refusal();
      return json(200, path.startsWith('/api/users') && preferences.get('token') ? MEMBER : { userIsLoggedIn: false });
    }),
  );
  globalError.set(null);
});
afterEach(async () => {
  cleanup();
  await loadLocale('en');
  vi.unstubAllGlobals();
  preferences.set('token', null);
});

function mount(page: ReactNode, at: string) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[at]}>
        <NotificationProvider>{page}</NotificationProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** Every place the page says the password is too common. */
const sayings = () => screen.queryAllByText(/too common/);

// Issue 31: the refusal of a common password showed twice, in two wordings — above the form and under the field.
describe('a common password is refused once, under the password field', () => {
  it('at sign-up', async () => {
    refusal = () => tooCommon('password');
    mount(<SignupPage />, '/signup');
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'ada@example.com' } });
    fireEvent.change(screen.getByLabelText('First name'), { target: { value: 'Ada' } });
    fireEvent.change(screen.getByLabelText('Last name'), { target: { value: 'Lovelace' } });
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'password123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Password is too common; choose one that is harder to guess')).toBeTruthy();
    expect(sayings()).toHaveLength(1);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('when changing the password', async () => {
    preferences.set('token', 'member-token');
    refusal = () => tooCommon('newPassword');
    mount(<ChangePasswordPage />, '/change-password');
    fireEvent.change(await screen.findByLabelText(/^Current password/), { target: { value: 'old-secret-1' } });
    fireEvent.change(screen.getByLabelText(/^New password/), { target: { value: 'password123' } });
    fireEvent.change(screen.getByLabelText(/^Repeat the new password/), { target: { value: 'password123' } });
    fireEvent.click(screen.getByRole('button', { name: /Change password|Save/ }));
    expect(await screen.findByText('New password is too common; choose one that is harder to guess')).toBeTruthy();
    expect(sayings()).toHaveLength(1);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

// Issue 31: in German the refusal stayed the server's English; the field's code is worded from the catalogues.
describe('a common password is refused in the language of the page', () => {
  it('in German at sign-up, with the field named as the form names it', async () => {
    await loadLocale('de');
    refusal = () => tooCommon('password');
    mount(<SignupPage />, '/signup');
    fireEvent.change(screen.getByLabelText('E-Mail'), { target: { value: 'ada@example.com' } });
    fireEvent.change(screen.getByLabelText('Vorname'), { target: { value: 'Ada' } });
    fireEvent.change(screen.getByLabelText('Nachname'), { target: { value: 'Lovelace' } });
    fireEvent.change(screen.getByLabelText(/^Passwort/), { target: { value: 'password123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Konto erstellen' }));
    expect(await screen.findByText('Passwort wird zu häufig verwendet; wähle eines, das schwerer zu erraten ist')).toBeTruthy();
    expect(sayings()).toHaveLength(0);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
