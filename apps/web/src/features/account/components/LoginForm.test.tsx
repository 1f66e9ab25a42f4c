import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NotificationProvider } from '../../../components/Notifications';
import { globalError } from '../../../lib/api';
import { preferences } from '../../../lib/storage';
import { json } from '../../../test/responses';
import { MEMBER } from '../test-support';
import { LoginForm } from './LoginForm';

// The ALTCHA widget itself is the browser's business; here it answers what the test says.
const captcha = vi.hoisted(() => ({ payload: 'solved-1' as string | null, reset: vi.fn() }));
vi.mock('../../../components/Captcha', async () => (await import('../../../test/fake-captcha')).fakeCaptcha(captcha));

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
let loginAnswers: Response[];
beforeEach(() => {
  captcha.payload = 'solved-1';
  captcha.reset.mockClear();
  loginAnswers = [];
  fetchMock = vi.fn<typeof fetch>(async (url) => {
    if (String(url).startsWith('/api/login')) return loginAnswers.shift() ?? json(500, { status: 500, message: 'unexpected' });
    if (String(url).startsWith('/api/auth/config')) return json(200, { googleEnabled: false, appName: 'Sift', subscriptionsEnabled: true });
    return json(200, MEMBER);
  });
  vi.stubGlobal('fetch', fetchMock);
  globalError.set(null);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  preferences.set('token', null);
});

function mount() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={['/login']}>
        <NotificationProvider>
          <LoginForm redirect={null} />
        </NotificationProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

function submit(password = 'secret password') {
  fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'ada@example.com' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
}
const loginBodies = () =>
  fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/login')).map(([, init]) => new URLSearchParams(String(init?.body)));
const captchaRequired = () => json(401, { status: 401, message: 'Too many wrong passwords…', code: 'CAPTCHA_REQUIRED' });
const badCredentials = () => json(401, { status: 401, message: 'The e-mail or password is not right.', code: 'BAD_CREDENTIALS' });

describe('LoginForm: the captcha step', () => {
  it('shows no captcha until the server asks for one, then shows it and sends its solution with the next login', async () => {
    mount();
    expect(screen.queryByTestId('captcha')).toBeNull();
    loginAnswers.push(captchaRequired(), json(200, MEMBER, { 'X-Auth-Token': 'session-token' }));
    submit();
    await screen.findByText('Too many wrong passwords for this account: confirm you are a person to continue.');
    expect(screen.getByTestId('captcha')).toBeTruthy();
    expect(loginBodies()[0]!.has('captcha')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(preferences.get('token')).toBe('session-token'));
    const second = loginBodies()[1]!;
    expect(Object.fromEntries(second)).toEqual({ username: 'ada@example.com', password: 'secret password', captcha: 'solved-1' });
  });

  it('keeps the captcha after a wrong password, with a fresh solution for each try', async () => {
    mount();
    loginAnswers.push(captchaRequired(), badCredentials(), captchaRequired());
    submit('wrong');
    await screen.findByTestId('captcha');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await screen.findByText(/do not match an account/);
    expect(screen.getByTestId('captcha')).toBeTruthy();
    expect(captcha.reset).toHaveBeenCalledTimes(1);

    // A solution the server refuses (used, expired) says so at the check.
    captcha.payload = 'solved-2';
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await screen.findByText(/anti-spam check did not pass/);
    expect(loginBodies()[2]!.get('captcha')).toBe('solved-2');
  });

  it('asks to finish the check instead of sending a login without it', async () => {
    mount();
    loginAnswers.push(captchaRequired());
    submit();
    await screen.findByTestId('captcha');
    captcha.payload = null;
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await screen.findByText('Please tick the anti-spam check and wait for it to finish.');
    expect(loginBodies()).toHaveLength(1);
  });
});
