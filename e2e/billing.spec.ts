import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { acceptCookies, createUser, expectToast, logInWithForm, recordToasts } from './support/accounts';
import { expectAccessible, expectNoSidewaysScroll } from './support/a11y';

/**
 * Plans (issue 19), at 1280 px and 375 px, against the Stripe stand-in (e2e/support/stack.mjs): a member goes from
 * the profile to the plans, pays on the stand-in's hosted checkout, comes back while the signed webhook is still on
 * its way, and sees the plan change; then cancels and sees the date Premium ends. Leaving the checkout changes
 * nothing. Each step's page is checked with axe and photographed.
 */

test.describe.configure({ timeout: 120_000 });

const shoot = (page: Page, testInfo: TestInfo, name: string) => page.screenshot({ path: testInfo.outputPath(`billing-${name}-${testInfo.project.name}.png`), fullPage: true });

test('a member upgrades to Premium through checkout, cancels, and sees when Premium ends', async ({ page, request, context, baseURL }, testInfo) => {
  await acceptCookies(context, baseURL);
  await recordToasts(page);
  const user = await createUser(request, testInfo, { tag: 'premium', onboarded: true });
  await page.goto(`/login?redirect=${encodeURIComponent('/profile')}`);
  await logInWithForm(page, user);

  // The profile says Free and leads to the plans.
  const plan = page.locator('.profile-facts').getByRole('definition').first();
  await expect(plan).toContainText('Free');
  await plan.getByRole('link', { name: 'See plans' }).click();
  await expect(page).toHaveURL(/\/ready$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Plans' })).toBeVisible();
  const free = page.getByRole('region', { name: 'Free', exact: true });
  const premium = page.getByRole('region', { name: 'Premium', exact: true });
  await expect(free.getByText('Your plan')).toBeVisible();
  await expect(premium.getByText('€4.00 a month')).toBeVisible();
  await expectAccessible(page, '/ready (Free)');
  await expectNoSidewaysScroll(page, '/ready (Free)');
  await shoot(page, testInfo, 'plans-free');

  // Annual, then to Stripe's hosted checkout (the stand-in's page).
  await premium.getByRole('radio', { name: /Annual/ }).check();
  await expect(premium.getByText('€40.00 a year')).toBeVisible();
  await premium.getByRole('button', { name: 'Upgrade to Premium' }).click();
  await expect(page.getByRole('heading', { name: 'Subscribe to Sift Premium' })).toBeVisible();
  await expect(page.getByText('€40.00 per year')).toBeVisible();
  await page.getByRole('button', { name: 'Pay' }).click();

  // Back on Sift before the webhook: the page waits for it, then says Premium.
  await expect(page).toHaveURL(/\/subscription-completed\?session_id=cs_test_/);
  await expect(page.getByText('You are on Premium. Thank you for supporting Sift!')).toBeVisible();
  await expectAccessible(page, '/subscription-completed');
  await shoot(page, testInfo, 'completed');

  // The plan: billed annually, renewing in a year.
  await page.getByRole('link', { name: 'See your plan' }).click();
  const yours = page.getByRole('region', { name: 'Your plan: Premium' });
  const nextYear = new Date().getFullYear() + 1;
  await expect(yours.getByText(new RegExp(`Billed annually\\. Renews on [A-Z][a-z]+ \\d{1,2}, ${nextYear}\\.`))).toBeVisible();
  await expect(premium.getByText('Your plan')).toBeVisible();
  await expect(premium.getByRole('button', { name: 'Upgrade to Premium' })).toHaveCount(0);
  await expectAccessible(page, '/ready (Premium)');
  await shoot(page, testInfo, 'plans-premium');

  // Cancel, behind a confirmation that says Premium lasts to the period's end.
  await yours.getByRole('button', { name: 'Cancel Premium' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel Premium?' });
  // Its way out says what it does: "Cancel" beside "Cancel Premium" would be ambiguous.
  await expect(dialog.getByRole('button', { name: 'Keep Premium' })).toBeVisible();
  await expect(dialog.getByText(new RegExp(`You keep Premium until [A-Z][a-z]+ \\d{1,2}, ${nextYear};`))).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel Premium' }).click();
  await expectToast(page, new RegExp(`Premium is cancelled\\. It stays yours until [A-Z][a-z]+ \\d{1,2}, ${nextYear}\\.`));
  await expect(yours.getByText(new RegExp(`Premium ends on [A-Z][a-z]+ \\d{1,2}, ${nextYear}\\.`))).toBeVisible();
  await expect(yours.getByRole('button', { name: 'Keep Premium' })).toBeVisible();
  await expectAccessible(page, '/ready (cancelled)');
  await expectNoSidewaysScroll(page, '/ready (cancelled)');
  await shoot(page, testInfo, 'plans-cancelled');

  // Still Premium until then, after Stripe's webhook about the cancellation too.
  await page.goto('/profile');
  await expect(page.locator('.profile-facts').getByRole('definition').first()).toContainText('Premium');
  await page.goto('/ready');
  await expect(page.getByText(new RegExp(`Premium ends on [A-Z][a-z]+ \\d{1,2}, ${nextYear}\\.`))).toBeVisible();
});

test('leaving the checkout changes nothing, and old unsubscribe links still work', async ({ page, request, context, baseURL }, testInfo) => {
  await acceptCookies(context, baseURL);
  const user = await createUser(request, testInfo, { tag: 'leaves', onboarded: true });
  await page.goto(`/login?redirect=${encodeURIComponent('/ready')}`);
  await logInWithForm(page, user);
  await page.getByRole('region', { name: 'Premium', exact: true }).getByRole('button', { name: 'Upgrade to Premium' }).click();
  await expect(page.getByRole('heading', { name: 'Subscribe to Sift Premium' })).toBeVisible();
  await page.getByRole('link', { name: 'Back' }).click();

  await expect(page).toHaveURL(/\/subscription-cancelled$/);
  await expect(page.getByText('You left the checkout, so nothing was charged and your plan is as it was.')).toBeVisible();
  await expectAccessible(page, '/subscription-cancelled');
  await shoot(page, testInfo, 'cancelled');
  await page.getByRole('link', { name: 'Back to plans' }).click();
  await expect(page.getByRole('region', { name: 'Free', exact: true }).getByText('Your plan')).toBeVisible();

  // A notification mail sent before the unsubscribe page moved links /subscription-cancelled?token=…
  await page.goto('/subscription-cancelled?token=0000000000000000000000000000dead');
  await expect(page).toHaveURL(/\/unsubscribe\?token=0000000000000000000000000000dead$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Unsubscribe' })).toBeVisible();
  await expect(page.getByRole('alert')).toBeVisible();
});
