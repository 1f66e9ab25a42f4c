import { expect, type APIRequestContext, type BrowserContext, type Page, type TestInfo } from '@playwright/test';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';

/** Helpers for the account specs: mails from the stack's SMTP server, users made through the real API. */

export const APP_PORT = Number(process.env.E2E_PORT ?? 8181);
export const MAIL_API = `http://127.0.0.1:${APP_PORT + 1}/mails`;
export const GOOD_PASSWORD = 'violet harbour lamp 42';

/** A fresh address per test and project, so tests run in parallel and on both projects. */
export function uniqueEmail(testInfo: Pick<TestInfo, 'project'>, tag: string): string {
  const rand = Math.random().toString(36).slice(2, 8);
  return `${tag}.${testInfo.project.name}.${Date.now().toString(36)}.${rand}@example.com`.toLowerCase();
}

export interface Mail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  links: string[];
}

/** Waits for a mail to `to` (SMTP delivery ends a moment after the API answered) whose subject matches. */
export async function waitForMail(to: string, subject: RegExp, timeoutMs = 10_000): Promise<Mail> {
  const started = Date.now();
  for (;;) {
    const res = await fetch(`${MAIL_API}?to=${encodeURIComponent(to)}`);
    const mails = (await res.json()) as Mail[];
    const mail = [...mails].reverse().find((m) => subject.test(m.subject));
    if (mail) return mail;
    if (Date.now() - started > timeoutMs) throw new Error(`No mail "${subject}" to ${to} within ${timeoutMs} ms (got ${mails.length})`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export function linkIn(mail: Mail, pathPart: string): string {
  const link = mail.links.find((l) => l.includes(pathPart));
  if (!link) throw new Error(`No ${pathPart} link in "${mail.subject}": ${mail.links.join(', ')}`);
  return link;
}

/** The cookie-consent bar would cover buttons at the bottom of small screens: accept it up front. */
export async function acceptCookies(context: BrowserContext, baseURL: string | undefined) {
  await context.addCookies([{ name: 'sift_cookie_consent', value: 'true', url: baseURL ?? `http://127.0.0.1:${APP_PORT}` }]);
}

export interface TestUser {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

/** Solves the sign-up captcha as the widget does (a real ALTCHA proof of work against the server's challenge). */
async function solveCaptcha(request: APIRequestContext): Promise<string> {
  const res = await request.get('/api/captcha/challenge');
  expect(res.status()).toBe(200);
  const challenge = (await res.json()) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('Could not solve the captcha');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/**
 * A confirmed user made through the real API and mail: sign up, confirmation mail on the SMTP server, confirm.
 * With `onboarded`, also logs in once and marks onboarding started (so a login lands where it was heading).
 */
export async function createUser(
  request: APIRequestContext,
  testInfo: Pick<TestInfo, 'project'>,
  opts: { tag?: string; firstName?: string; lastName?: string; onboarded?: boolean } = {},
): Promise<TestUser> {
  const user: TestUser = {
    email: uniqueEmail(testInfo, opts.tag ?? 'member'),
    password: GOOD_PASSWORD,
    firstName: opts.firstName ?? 'Grace',
    lastName: opts.lastName ?? 'Hopper',
  };
  const signup = await request.post('/api/accounts', {
    data: { email: user.email, firstName: user.firstName, lastName: user.lastName, password: user.password, captcha: await solveCaptcha(request) },
  });
  expect(signup.status(), await signup.text()).toBe(201);
  const mail = await waitForMail(user.email, /confirm/i);
  const token = new URL(linkIn(mail, '/confirmRegistration/')).pathname.split('/').pop()!;
  const confirm = await request.post('/api/accounts/confirm', { data: { token } });
  expect(confirm.status(), await confirm.text()).toBe(200);
  if (opts.onboarded) {
    const token = await apiLogin(request, user);
    const onboard = await request.put('/api/users/onboard', { headers: { authorization: `Bearer ${token}` } });
    expect(onboard.ok()).toBe(true);
    await request.post('/api/logout', { headers: { authorization: `Bearer ${token}` } });
  }
  return user;
}

/** Logs in through the API; answers the session token. */
export async function apiLogin(request: APIRequestContext, user: Pick<TestUser, 'email' | 'password'>): Promise<string> {
  const res = await request.post('/api/login', { form: { username: user.email, password: user.password } });
  expect(res.status(), await res.text()).toBe(200);
  const token = res.headers()['x-auth-token'];
  if (!token) throw new Error('No X-Auth-Token on the login response');
  return token;
}

/** Logs in through the login form (the page must show it). */
export async function logInWithForm(page: Page, user: Pick<TestUser, 'email' | 'password'>) {
  const form = page.getByRole('form', { name: 'Log in' });
  await form.getByLabel('E-mail').fill(user.email);
  await form.getByLabel('Password', { exact: true }).fill(user.password);
  await form.getByRole('button', { name: 'Log in' }).click();
}

/** Opens the header menu (a dropdown on desktop, a bottom sheet on mobile) and picks an item. */
export async function chooseFromMenu(page: Page, item: string) {
  await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

/** The labels of an item's ⋮ menu (a dropdown; a bottom sheet on a phone), which is closed again. */
export async function actionMenuLabels(page: Page, name: string): Promise<string[]> {
  await page.getByRole('button', { name: `More actions for ${name}` }).first().click();
  const items = page.getByRole('menuitem');
  await expect(items.first()).toBeVisible();
  const labels = (await items.allTextContents()).map((t) => t.trim());
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menuitem')).toHaveCount(0);
  return labels;
}

/**
 * Toasts show for 1500 ms (SPEC §9), less than a busy test machine may take to look. Records every toast text
 * the page shows (from the next navigation on), for `toastsOf` to read.
 */
export async function recordToasts(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __toasts: string[] }).__toasts = seen;
    new MutationObserver((records) => {
      for (const r of records) {
        r.addedNodes.forEach((n) => {
          if (n instanceof HTMLElement && n.classList.contains('toast')) seen.push(n.textContent ?? '');
        });
      }
    }).observe(document, { childList: true, subtree: true });
  });
}

/** Waits until a toast with this text has been shown. */
export async function expectToast(page: Page, text: string | RegExp) {
  await expect
    .poll(async () => (await page.evaluate(() => (window as unknown as { __toasts?: string[] }).__toasts ?? [])).some((t) => (typeof text === 'string' ? t === text : text.test(t))), {
      message: `a toast "${text}"`,
    })
    .toBe(true);
}
