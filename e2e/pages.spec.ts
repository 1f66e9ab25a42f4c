import { expect, test } from '@playwright/test';
import { expectAccessible, expectNoSidewaysScroll } from './support/a11y';
import { acceptCookies, chooseFromMenu, uniqueEmail, waitForMail } from './support/accounts';

/** The stack's CONTACT_EMAIL (e2e/support/stack.mjs). */
const OPERATOR = 'operator@sift.test';

test.beforeEach(async ({ context, baseURL }) => {
  await acceptCookies(context, baseURL);
});

test('the demo banner leads to About, which says what Sift and a Sift are', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'About Sift' }).click();
  await expect(page).toHaveURL('/about');
  await expect(page.getByRole('heading', { level: 1, name: 'About Sift' })).toBeVisible();
  for (const heading of ['What is a Sift?', 'Where the videos come from', 'Open source and self-hosted']) {
    await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
  }
  await expect(page.getByText('demo catalog', { exact: false }).first()).toBeVisible();
  await expect(page).toHaveTitle('About Sift · Sift');
  await expectNoSidewaysScroll(page, '/about');
  await expectAccessible(page, '/about');
  await page.screenshot({ path: test.info().outputPath('about.png'), fullPage: true });
});

test("the sign-up form's Terms link and the menu lead to the Terms of Use and the Privacy Policy", async ({ page }) => {
  await page.goto('/signup');
  await page.getByRole('form', { name: 'Sign up' }).getByRole('link', { name: 'Terms of Use' }).click();
  await expect(page).toHaveURL('/terms');
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of Use' })).toBeVisible();
  for (const heading of ['Who runs this site', 'Videos and other content', 'Acceptable use', 'Your account', 'No warranty', 'Changes']) {
    await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
  }
  await expectNoSidewaysScroll(page, '/terms');
  await expectAccessible(page, '/terms');

  await chooseFromMenu(page, 'Privacy Policy');
  await expect(page).toHaveURL('/privacy');
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
  for (const heading of ['Your account', 'Cookies and local storage', 'Usage statistics', 'Removing your data']) {
    await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
  }
  await expectAccessible(page, '/privacy');
});

test('a visitor writes through Contact Us: field errors, the captcha, the message sent and delivered by mail', async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  const email = uniqueEmail(testInfo, 'contact');
  const words = `Please add a Sift about sourdough (${testInfo.project.name} ${Date.now()}).`;

  await page.goto('/');
  await chooseFromMenu(page, 'Contact Us');
  await expect(page).toHaveURL('/contact');
  await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Contact us' });

  // Sending an empty form is blocked, each field saying what it needs; focus goes to the first.
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(form.getByText('Enter your name.')).toBeVisible();
  await expect(form.getByText('Write your message.')).toBeVisible();
  await expect(form.getByLabel('Your name')).toBeFocused();
  await form.getByLabel('Your e-mail').fill('ada@nowhere');
  await expect(form.getByText('Enter a valid e-mail address')).toBeVisible();
  await expectAccessible(page, '/contact with errors');

  await form.getByLabel('Your name').fill('Ada Lovelace');
  await form.getByLabel('Your e-mail').fill(email);
  await form.getByLabel('Message').fill(words);
  await expect(form.getByText(`${words.length} of 5,000 characters`)).toBeVisible();
  // The same ALTCHA proof of work as sign-up, solved in the browser.
  await expect(page.getByRole('checkbox', { name: 'Verified' })).toBeChecked({ timeout: 45_000 });
  await expectNoSidewaysScroll(page, '/contact');
  await page.screenshot({ path: testInfo.outputPath('contact-form.png'), fullPage: true });
  await form.getByRole('button', { name: 'Send message' }).click();

  await expect(page.getByRole('heading', { name: 'Thank you, your message is on its way' })).toBeVisible();
  await expect(page.getByRole('status').getByText(email)).toBeVisible();
  await expectAccessible(page, '/contact sent');
  await page.screenshot({ path: testInfo.outputPath('contact-sent.png'), fullPage: true });

  // The mail reaches the operator's address on the stack's SMTP server.
  const mail = await waitForMail(OPERATOR, /Message from Ada Lovelace/);
  expect(mail.text).toContain(words);
  expect(mail.text).toContain(email);

  // Another message starts from an empty form.
  await page.getByRole('button', { name: 'Write another message' }).click();
  await expect(form.getByLabel('Message')).toHaveValue('');
});
