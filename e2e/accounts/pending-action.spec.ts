import { expect, test } from '@playwright/test';
import { acceptCookies, apiLogin, createUser, expectToast, logInWithForm, recordToasts } from '../support/accounts';

// Each test makes its own user through the API and the SMTP server first.
test.describe.configure({ timeout: 60_000 });

/**
 * SPEC §6/§8: a login-needing action is saved with its success message, the user goes to /login, and the action
 * is replayed after login. The action here is a real write that exists today: saving the profile form after the
 * session has ended (logged out from elsewhere), so the server answers 401 as it does for a visitor.
 */
test('a login-needing action is saved, and replayed after login with its success message', async ({ page, context, baseURL, request }, testInfo) => {
  await acceptCookies(context, baseURL);
  await recordToasts(page);
  const user = await createUser(request, testInfo, { tag: 'pending', firstName: 'Mary', lastName: 'Jackson', onboarded: true });

  await page.goto('/login?redirect=%2FprofileEdit');
  await logInWithForm(page, user);
  await expect(page).toHaveURL('/profileEdit');
  const form = page.getByRole('form', { name: 'Edit profile' });
  await expect(form.getByLabel('First name')).toHaveValue('Mary');

  // The session ends elsewhere (the token is revoked on the server): this browser is a visitor now.
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('sift.token') ?? 'null') as string | null);
  expect(token).toBeTruthy();
  const logout = await request.post('/api/logout', { headers: { authorization: `Bearer ${token}` } });
  expect(logout.status()).toBe(204);

  await form.getByLabel('First name').fill('Marie');
  await form.getByRole('button', { name: 'Save changes' }).click();

  // 401 → the action is saved and the user is sent to log in, coming back to where they were.
  await expect(page).toHaveURL(`/login?redirect=${encodeURIComponent('/profileEdit')}`);
  await expect(page.getByText('Log in to finish what you started.')).toBeVisible();
  const saved = await page.evaluate(() => JSON.parse(localStorage.getItem('sift.action') ?? 'null') as { type: string; successMessage: string } | null);
  expect(saved).toMatchObject({ type: 'update-profile', successMessage: 'Profile updated' });

  await logInWithForm(page, user);

  // Replayed: the change is on the server, the toast says so, and the action is gone.
  await expectToast(page, 'Profile updated');
  await expect(page).toHaveURL('/profile');
  await expect(page.getByText('Marie Jackson')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('sift.action'))).toBeNull();
  const fresh = await request.get('/api/users', { headers: { authorization: `Bearer ${await apiLogin(request, user)}` } });
  expect(await fresh.json()).toMatchObject({ firstName: 'Marie', lastName: 'Jackson' });
});
