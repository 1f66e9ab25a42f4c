import { expect, test } from '@playwright/test';
import { acceptCookies, createUser, logInWithForm } from '../support/accounts';

// Each test makes its own user through the API and the SMTP server first.
test.describe.configure({ timeout: 60_000 });

test('a visitor opening /profile lands on /login?redirect=… and returns to /profile after logging in', async ({
  page,
  context,
  baseURL,
  request,
}, testInfo) => {
  await acceptCookies(context, baseURL);
  const user = await createUser(request, testInfo, { tag: 'redirect', firstName: 'Katherine', lastName: 'Johnson', onboarded: true });

  await page.goto('/profile?tab=account');
  await expect(page).toHaveURL(`/login?redirect=${encodeURIComponent('/profile?tab=account')}`);
  await expect(page.getByText('Please log in to see this page.')).toBeVisible();

  await logInWithForm(page, user);
  await expect(page).toHaveURL('/profile?tab=account');
  await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible();
  await expect(page.getByText('Katherine Johnson')).toBeVisible();
  await expect(page.getByText('Hi, Katherine')).toBeVisible();
});

test('/feed needs login only with vid or sid', async ({ page, context, baseURL }) => {
  await acceptCookies(context, baseURL);
  await page.goto('/feed');
  await expect(page).toHaveURL('/feed');
  await page.goto('/feed/myfeed?sid=12');
  await expect(page).toHaveURL(`/login?redirect=${encodeURIComponent('/feed/myfeed?sid=12')}`);
});

test('the login modal of /ec/login logs in over the Dashboard', async ({ page, context, baseURL, request }, testInfo) => {
  await acceptCookies(context, baseURL);
  const user = await createUser(request, testInfo, { tag: 'modal', firstName: 'Dorothy', onboarded: true });
  await page.goto('/ec/login');
  await expect(page).toHaveURL('/');
  const dialog = page.getByRole('dialog', { name: 'Log in' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('E-mail').fill(user.email);
  await dialog.getByLabel('Password', { exact: true }).fill(user.password);
  await dialog.getByRole('button', { name: 'Log in' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText('Hi, Dorothy')).toBeVisible();
});
