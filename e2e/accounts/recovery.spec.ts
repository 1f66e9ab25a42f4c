import { expect, test } from '@playwright/test';
import { acceptCookies, createUser, linkIn, logInWithForm, uniqueEmail, waitForMail } from '../support/accounts';

// Each test makes its own user through the API and the SMTP server first.
test.describe.configure({ timeout: 90_000 });

test('a forgotten password is reset through the mailed link', async ({ page, context, baseURL, request }, testInfo) => {
  await acceptCookies(context, baseURL);
  const user = await createUser(request, testInfo, { tag: 'reset', firstName: 'Radia', onboarded: true });
  const newPassword = 'copper meadow lantern 9';

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL('/forgot-password');
  await page.getByLabel('E-mail').fill(user.email);
  await page.getByRole('button', { name: 'Send me a reset link' }).click();
  await expect(page).toHaveURL(`/check-email/${encodeURIComponent(user.email)}`);
  await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();

  const mail = await waitForMail(user.email, /reset/i);
  await page.goto(linkIn(mail, '/passwordReset?token='));
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Repeat the new password', { exact: true }).fill('something else entirely');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByText('The passwords do not match.')).toBeVisible();
  await page.getByLabel('Repeat the new password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Save new password' }).click();

  await expect(page).toHaveURL('/login');
  await expect(page.getByText('Your password has been changed.')).toBeVisible();
  await logInWithForm(page, { email: user.email, password: newPassword });
  await expect(page).toHaveURL('/');
  await expect(page.getByText('Hi, Radia')).toBeVisible();

  // The link works once.
  await page.goto(linkIn(mail, '/passwordReset?token='));
  await page.getByLabel('New password', { exact: true }).fill('another fine password 1');
  await page.getByLabel('Repeat the new password', { exact: true }).fill('another fine password 1');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByRole('alert')).toContainText('expired or was already used');
});

test('an unknown address is answered like any other (nobody learns who has an account); a broken confirmation link offers a new one', async ({ page, context, baseURL }, testInfo) => {
  await acceptCookies(context, baseURL);
  const nobody = uniqueEmail(testInfo, 'nobody');
  await page.goto('/forgot-password');
  await page.getByLabel('E-mail').fill(nobody);
  await page.getByRole('button', { name: 'Send me a reset link' }).click();
  await expect(page).toHaveURL(`/check-email/${encodeURIComponent(nobody)}`);
  await expect(page.getByText(`If ${nobody} has an account, we sent a link there.`)).toBeVisible();

  await page.goto('/confirmRegistration/not-a-real-token');
  await expect(page.getByRole('heading', { name: 'We could not confirm your account' })).toBeVisible();
  await page.getByRole('link', { name: 'Send me a new link' }).click();
  await expect(page).toHaveURL('/resend-activation');
  await page.getByLabel('E-mail').fill(nobody);
  await page.getByRole('button', { name: 'Send a new link' }).click();
  await expect(page).toHaveURL(`/check-email/${encodeURIComponent(nobody)}`);
  await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
});

test('an unconfirmed account cannot log in yet and can ask for a new confirmation link', async ({ page, context, baseURL, request }, testInfo) => {
  await acceptCookies(context, baseURL);
  const email = uniqueEmail(testInfo, 'unconfirmed');
  // Sign up through the page (the captcha solves itself on focus), but do not open the mail.
  await page.goto('/signup');
  const form = page.getByRole('form', { name: 'Sign up' });
  await form.getByLabel('E-mail').fill(email);
  await form.getByLabel('First name').fill('Frances');
  await form.getByLabel('Last name').fill('Allen');
  await form.getByLabel('Password', { exact: true }).fill('violet harbour lamp 42');
  // The proof of work takes a while on a busy machine; a person clicking sooner is asked to wait for it.
  await expect(page.getByRole('checkbox', { name: 'Verified' })).toBeChecked({ timeout: 45_000 });
  await form.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(`/email-sent/${encodeURIComponent(email)}`);

  await page.goto('/login');
  await logInWithForm(page, { email, password: 'violet harbour lamp 42' });
  await expect(page.getByRole('alert')).toContainText(/confirm/i);
  await page.getByRole('link', { name: 'Send me a new confirmation link' }).click();
  await expect(page).toHaveURL(`/resend-activation/${encodeURIComponent(email)}`);
  await expect(page.getByLabel('E-mail')).toHaveValue(email);
  await page.getByRole('button', { name: 'Send a new link' }).click();
  await expect(page).toHaveURL(`/check-email/${encodeURIComponent(email)}`);
  await expect.poll(async () => (await (await request.get(`http://127.0.0.1:${Number(process.env.E2E_PORT ?? 8181) + 1}/mails?to=${encodeURIComponent(email)}`)).json()).length).toBe(2);
});
