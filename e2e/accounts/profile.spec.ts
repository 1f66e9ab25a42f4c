import { expect, test } from '@playwright/test';
import { acceptCookies, createUser, expectToast, logInWithForm, recordToasts } from '../support/accounts';

// Each test makes its own user through the API and the SMTP server first.
test.describe.configure({ timeout: 60_000 });

test('deactivating asks why and logs out; logging in again reactivates the account and says so', async ({ page, context, baseURL, request }, testInfo) => {
  await acceptCookies(context, baseURL);
  await recordToasts(page);
  const user = await createUser(request, testInfo, { tag: 'deactivate', firstName: 'Hedy', lastName: 'Lamarr', onboarded: true });
  await page.goto('/login?redirect=%2Fprofile');
  await logInWithForm(page, user);
  await expect(page).toHaveURL('/profile');

  await page.getByRole('button', { name: 'Deactivate…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Deactivate your account?' });
  await dialog.getByLabel('Why are you leaving? (optional)').fill('Taking a break');
  await dialog.getByRole('button', { name: 'Yes, deactivate' }).click();
  await expect(page).toHaveURL('/');
  await expectToast(page, /deactivated/);
  await expect(page.getByText('Welcome to Sift')).toBeVisible();

  await page.goto('/login');
  await logInWithForm(page, user);
  const notice = page.getByRole('dialog', { name: 'Account reactivated' });
  await expect(notice).toBeVisible();
  await notice.getByRole('button', { name: 'Close' }).first().click();
  await expect(notice).toHaveCount(0);
  await expect(page.getByText('Hi, Hedy')).toBeVisible();
});

test('deleting the account asks for confirmation, and the account is gone', async ({ page, context, baseURL, request }, testInfo) => {
  await acceptCookies(context, baseURL);
  await recordToasts(page);
  const user = await createUser(request, testInfo, { tag: 'delete', onboarded: true });
  await page.goto('/login?redirect=%2Fprofile');
  await logInWithForm(page, user);
  await expect(page).toHaveURL('/profile');

  await page.getByRole('button', { name: 'Delete…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account for good?' });
  // Cancel keeps everything.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await page.getByRole('button', { name: 'Delete…' }).click();
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL('/');
  await expectToast(page, 'Your account has been deleted.');

  await page.goto('/login');
  await logInWithForm(page, user);
  await expect(page.getByRole('alert')).toContainText('do not match');
});
