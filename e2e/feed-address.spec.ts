import { expect, test } from '@playwright/test';
import { acceptCookies, apiLogin, createUser, expectToast, logInWithForm, recordToasts } from './support/accounts';

/**
 * The private feed reader (Atom) address of the personal feed, on the profile (issue 7), at 1280 px and 375 px:
 * made from the keyboard, shown once with Copy, working in a feed reader (here: a plain GET); then reset behind a
 * confirmation (the old address stops working) and turned off.
 */

test.describe.configure({ timeout: 120_000 });

test('a member makes, copies, resets and turns off the feed reader address', async ({ page, request, context, baseURL }, testInfo) => {
  await acceptCookies(context, baseURL);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  await recordToasts(page);
  const user = await createUser(request, testInfo, { tag: 'atom', onboarded: true });
  const channels = (await (await request.get('/api/public/v01/channel/search?limit=1')).json()) as { items: { externalId: string; name: string }[] };
  const token = await apiLogin(request, user);
  const followed = await request.post('/api/subscriptions', { headers: { authorization: `Bearer ${token}` }, data: { externalId: channels.items[0]!.externalId } });
  expect(followed.status()).toBe(201);

  await page.goto(`/login?redirect=${encodeURIComponent('/profile')}`);
  await logInWithForm(page, user);
  const section = page.getByRole('region', { name: 'Feed reader address' });
  await expect(section.getByText('You have no feed reader address.')).toBeVisible();
  await expect(section.getByRole('button', { name: 'Reset address' })).toHaveCount(0);

  // Made from the keyboard: the address shows once, focused, with Copy.
  await section.getByRole('button', { name: 'Create address' }).focus();
  await page.keyboard.press('Enter');
  await expectToast(page, 'Feed reader address made');
  const address = section.getByRole('textbox', { name: 'Your feed reader address' });
  await expect(address).toBeFocused();
  await expect(address).toHaveAttribute('readonly', '');
  const first = await address.inputValue();
  expect(first).toMatch(new RegExp(`^${baseURL}/api/feeds/personal/[A-Za-z0-9_-]{16,}/feed\\.atom$`));
  await expect(section.getByText('it is shown only this once')).toBeVisible();
  await section.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath(`feed-address-made-${testInfo.project.name}.png`), fullPage: false });
  await page.keyboard.press('Tab');
  await expect(section.getByRole('button', { name: 'Copy' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expectToast(page, 'Address copied to clipboard');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(first);

  // A feed reader reads it without logging in.
  const feed = await request.get(first);
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toContain('application/atom+xml');
  expect(await feed.text()).toContain('<feed');

  // Shown once: after a reload only "since when", with Reset and Turn off.
  await page.reload();
  await expect(section.getByText(/^You made an address on .+ It is shown only when made/)).toBeVisible();
  await expect(section.getByRole('textbox')).toHaveCount(0);
  await section.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath(`feed-address-exists-${testInfo.project.name}.png`), fullPage: false });

  // Reset, behind a confirmation that says the old address stops working.
  await section.getByRole('button', { name: 'Reset address' }).click();
  const confirm = page.getByRole('dialog', { name: 'Reset the feed reader address?' });
  await expect(confirm).toContainText('The current address stops working at once');
  await page.screenshot({ path: testInfo.outputPath(`feed-address-reset-${testInfo.project.name}.png`), fullPage: false });
  await confirm.getByRole('button', { name: 'Yes, reset' }).click();
  await expectToast(page, 'New feed reader address made');
  const second = await section.getByRole('textbox', { name: 'Your feed reader address' }).inputValue();
  expect(second).not.toBe(first);
  expect((await request.get(first)).status()).toBe(404);
  expect((await request.get(second)).status()).toBe(200);

  // Turned off: it stops working and the section offers to make one again.
  await section.getByRole('button', { name: 'Turn off' }).click();
  await page.getByRole('dialog', { name: 'Turn the feed reader address off?' }).getByRole('button', { name: 'Yes, turn off' }).click();
  await expectToast(page, 'Feed reader address turned off');
  await expect(section.getByText('You have no feed reader address.')).toBeVisible();
  await expect(section.getByRole('button', { name: 'Create address' })).toBeVisible();
  expect((await request.get(second)).status()).toBe(404);
});
