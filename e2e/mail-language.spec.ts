import { expect, test } from '@playwright/test';
import { acceptCookies, apiLogin, createUser, logInWithForm, waitForMail } from './support/accounts';

// Issue 19, "Mails are sent in the member's language": the language a member picks is theirs, on the server, so the
// mails follow it, and so does a browser that has no language choice of its own. Once German is switched on, the
// pages are in German (as soon as the catalogues are translated): the steps after the switch find fields by their
// type rather than by English names.
test.describe.configure({ timeout: 60_000 });

test('a member switches to Deutsch in the menu; the password-reset mail then comes in German', async ({ page, context, baseURL, browser, request }, testInfo) => {
  await acceptCookies(context, baseURL);
  const user = await createUser(request, testInfo, { tag: 'mail-de', firstName: 'Radia', onboarded: true });
  await page.goto('/login');
  await logInWithForm(page, user);
  await expect(page).toHaveURL('/');

  await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click();
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/users') && r.request().method() === 'PUT');
  await page.getByRole('menuitemradio', { name: 'Deutsch' }).click();
  expect((await saved).status()).toBe(200);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');

  // Asked for from another browser, in English: the mail's language is the account's, not the asking page's.
  const other = await browser.newContext();
  await acceptCookies(other, baseURL);
  const forgot = await other.newPage();
  await forgot.goto('/forgot-password');
  await expect(forgot.locator('html')).toHaveAttribute('lang', 'en');
  await forgot.locator('main input[type="email"]').fill(user.email);
  await forgot.locator('main form button[type="submit"]').click();
  await expect(forgot).toHaveURL(`/check-email/${encodeURIComponent(user.email)}`);

  const mail = await waitForMail(user.email, /Passwort/);
  expect(mail.subject).toBe('Setze dein Sift-Passwort zurück');
  expect(mail.text).toContain('Hallo Radia,');
  expect(mail.text).toContain('Jemand (hoffentlich du) möchte das Passwort deines Sift-Kontos zurücksetzen.');
  expect(mail.text).not.toContain('reset the password');
  expect(mail.html).toContain('<html lang="de">');
  expect(mail.html).toContain('Neues Passwort wählen');
  expect(mail.links.some((l) => l.includes('/passwordReset?token='))).toBe(true);
  await other.close();
});

test('a member whose language is Spanish logs in on a fresh browser: the app turns Spanish', async ({ page, context, baseURL, request }, testInfo) => {
  await acceptCookies(context, baseURL);
  const user = await createUser(request, testInfo, { tag: 'mail-es', firstName: 'Rosa', onboarded: true });
  const token = await apiLogin(request, user);
  const switched = await request.put('/api/users', { headers: { authorization: `Bearer ${token}` }, data: { locale: 'es' } });
  expect(switched.status(), await switched.text()).toBe(200);

  await page.goto('/login');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await logInWithForm(page, user);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  // Followed from the account, not chosen in this browser; a reload starts in it.
  expect(await page.evaluate(() => localStorage.getItem('sift.locale'))).toBeNull();
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
});
