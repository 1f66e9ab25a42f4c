import { expect, test, type Page } from '@playwright/test';
import { APP_PORT, acceptCookies, apiLogin, chooseFromMenu, createUser, uniqueEmail } from '../support/accounts';

/** Goes through the provider's own (development) login and consent pages, whichever it shows, back to the app. */
async function passProvider(page: Page, email: string) {
  const app = `127.0.0.1:${APP_PORT}`;
  for (let step = 0; step < 4; step++) {
    await page.waitForURL((url) => url.host === app || url.pathname.startsWith('/interaction/'));
    if (new URL(page.url()).host === app) return;
    const login = page.locator('input[name="login"]');
    if (await login.isVisible()) {
      await login.fill(email);
      await page.locator('input[name="password"]').fill('anything');
      await page.getByRole('button', { name: 'Sign-in' }).click();
    } else {
      await page.getByRole('button', { name: 'Continue' }).click();
    }
    await page.waitForLoadState();
  }
}

test('a person signs in with Google (a real OpenID provider) and gets an account', async ({ page, context, baseURL }, testInfo) => {
  // Two round trips through the provider.
  test.setTimeout(60_000);
  await acceptCookies(context, baseURL);
  // The stack's provider makes "Given Family" out of the login's local part.
  const email = uniqueEmail(testInfo, 'oidc');

  await page.goto('/login');
  await page.getByRole('button', { name: 'Continue with Google' }).click();

  // The provider's own (development) login and consent pages.
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/interaction\//);
  await expect(page.locator('input[name="login"]')).toBeVisible();
  await passProvider(page, email);

  // Back through /oauth2/google/callback: logged in, and as a new member on to onboarding.
  await expect(page).toHaveURL('/welcome');
  await expect(page.getByRole('heading', { name: /^Welcome to Sift, Oidc!$/ })).toBeVisible();
  await expect(page.getByText('Hi, Oidc')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('sift.token'))).toBeTruthy();
  expect(await page.evaluate(() => sessionStorage.getItem('sift.oauth_state'))).toBeNull();

  await page.goto('/profile');
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByText('Signs in with')).toBeVisible();
  await expect(page.getByText('Google', { exact: true })).toBeVisible();

  // Logged in already: /oauth2/google goes to the Dashboard.
  await page.goto('/oauth2/google');
  await expect(page).toHaveURL('/');

  // Next time (onboarded now), the sign-in returns to where it started: the login's redirect survives the trip.
  await chooseFromMenu(page, 'Logout');
  await expect(page.getByText('Welcome to Sift')).toBeVisible();
  await page.goto('/profile');
  await expect(page).toHaveURL('/login?redirect=%2Fprofile');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await passProvider(page, email);
  await expect(page).toHaveURL('/profile');
  await expect(page.getByText(email)).toBeVisible();
});

test('a failed provider callback logs a warning and goes to the Dashboard', async ({ page, context, baseURL }) => {
  await acceptCookies(context, baseURL);
  const warnings: string[] = [];
  page.on('console', (m) => m.type() === 'warning' && warnings.push(m.text()));
  await page.goto('/oauth2/google/callback?code=forged&state=not-mine');
  await expect(page).toHaveURL('/');
  await expect(page.getByText('Welcome to Sift')).toBeVisible();
  expect(warnings.join('\n')).toContain('Sign-in with google failed');
  // An unknown provider goes to the Dashboard too.
  await page.goto('/oauth2/myspace');
  await expect(page).toHaveURL('/');
});

test('a member whose data is still loading is not sent to the provider by /oauth2/google', async ({ page, context, baseURL, request }, testInfo) => {
  await acceptCookies(context, baseURL);
  const member = await createUser(request, testInfo, { tag: 'oauth-member', onboarded: true });
  const token = await apiLogin(request, member);
  await page.addInitScript((t) => localStorage.setItem('sift.token', JSON.stringify(t)), token);
  // A slow answer to "who is this?": the sign-in must not start before it comes.
  await page.route('**/api/users', async (route) => {
    await new Promise((r) => setTimeout(r, 1_000));
    await route.continue();
  });
  const starts: string[] = [];
  page.on('request', (r) => r.url().includes('/api/oauth2/request/') && starts.push(r.url()));

  await page.goto('/oauth2/google');
  await expect(page).toHaveURL('/');
  await expect(page.getByText(`Hi, ${member.firstName}`)).toBeVisible();
  // A start would have gone out at once, a second before the user data came: none did, and the member stays.
  expect(starts).toEqual([]);
  await expect(page).toHaveURL('/');
});
