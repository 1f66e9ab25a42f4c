import { expect, test, type Locator, type Page, type TestInfo } from '@playwright/test';
import { acceptCookies, createUser, logInWithForm } from './support/accounts';
import { expectAccessible, expectNoSidewaysScroll } from './support/a11y';

/**
 * Issue 31 item 8: onboarding ended on an empty feed. Its first card said "Two quick steps" over "Step 1 of 4", and no
 * step offered channels to follow, so a member who skipped the YouTube import started with nothing. A new member now
 * walks three counted steps, skips the import, follows two popular channels (by category) and a popular sift in one
 * tap each — taking one back and following it again — and lands on their feed, full of those videos. At 1280 px
 * and at 375 px (@phone), where the step's Continue stays in view while the lists scroll.
 */

test.describe.configure({ timeout: 120_000 });
// bypassCSP: the app's policy would refuse the axe script the accessibility checks inject.
test.use({ bypassCSP: true });

const shot = (page: Page, testInfo: TestInfo, name: string, fullPage = false) =>
  page.screenshot({ path: testInfo.outputPath(`onboarding-${name}-${testInfo.project.name}.png`), fullPage });

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The name of the channel or sift a Follow button is for ("Follow Bread Lab" → "Bread Lab"). */
async function nameOf(button: Locator): Promise<string> {
  const label = (await button.textContent()) ?? '';
  return label.replace(/^\s*Follow\s*/, '').trim();
}

test('a new member skips the import, follows two channels and a sift in one tap each, and lands on a feed of their videos @phone', async ({
  page,
  request,
  context,
  baseURL,
}, testInfo) => {
  await acceptCookies(context, baseURL);
  const member = await createUser(request, testInfo, { tag: 'onboarding', firstName: 'Mira' });

  await page.goto('/login');
  await logInWithForm(page, member);
  await expect(page).toHaveURL('/welcome');

  // The welcome counts what the steps count, and names them.
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Sift, Mira!' })).toBeVisible();
  await expect(page.getByText('Three quick steps and it is yours:')).toBeVisible();
  await expect(page.getByRole('list').filter({ hasText: 'Bring your YouTube subscriptions' }).getByRole('listitem')).toHaveText([
    'Bring your YouTube subscriptions',
    'Follow a few popular channels and sifts',
    'Meet Sifts, your own line-ups',
  ]);
  await expect(page.getByText(/Step \d of/)).toHaveCount(0);
  await page.getByRole('link', { name: "Let's go" }).click();

  await expect(page).toHaveURL('/youtubeImportIntro');
  await expect(page.getByText('Step 1 of 3')).toBeVisible();
  // Skipping the import leads to the channels to follow, not past them.
  await page.getByRole('link', { name: 'Skip', exact: true }).click();

  await expect(page).toHaveURL('/followChannels');
  await expect(page.getByRole('heading', { level: 1, name: 'Follow what you like' })).toBeVisible();
  await expect(page.getByText('Step 2 of 3')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Footer' })).toHaveCount(0);
  const count = page.locator('.followed-count');
  await expect(count).toHaveText('You follow nothing yet');

  // Popular sifts (the demo's curated ones), and popular channels under their categories.
  const sifts = page.getByRole('list', { name: 'Popular sifts' });
  await expect(sifts.getByRole('listitem')).toHaveCount(4);
  await expect(page.getByRole('heading', { level: 2, name: 'Popular channels' })).toBeVisible();
  for (const category of ['Science', 'Food & cooking', 'Travel', 'Music']) {
    await expect(page.getByRole('heading', { level: 3, name: category })).toBeVisible();
  }
  const science = page.getByRole('list', { name: 'Popular channels: Science' });
  const cooking = page.getByRole('list', { name: 'Popular channels: Food & cooking' });
  await expect(science.getByRole('listitem')).toHaveCount(4);
  await shot(page, testInfo, 'step');
  await shot(page, testInfo, 'step-full', true);
  await expectAccessible(page, 'follow step');
  await expectNoSidewaysScroll(page, 'follow step');

  // One tap: Follow → Following (pressed), the count says so, no dialog in between.
  const first = science.getByRole('button', { name: /^Follow / }).first();
  const a = await nameOf(first);
  await first.click();
  const aButton = science.getByRole('button', { name: `Following ${a}` });
  await expect(aButton).toHaveAttribute('aria-pressed', 'true');
  await expect(count).toHaveText('You follow 1 channel');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // By keyboard: the next channel, with Space.
  const second = cooking.getByRole('button', { name: /^Follow / }).first();
  const b = await nameOf(second);
  await second.focus();
  await page.keyboard.press('Space');
  const bButton = cooking.getByRole('button', { name: `Following ${b}` });
  await expect(bButton).toHaveAttribute('aria-pressed', 'true');
  await expect(bButton).toBeFocused();
  await expect(count).toHaveText('You follow 2 channels');

  // A second tap takes it back; a third follows again.
  await bButton.click();
  await expect(cooking.getByRole('button', { name: `Follow ${b}` })).toHaveAttribute('aria-pressed', 'false');
  await expect(count).toHaveText('You follow 1 channel');
  await cooking.getByRole('button', { name: `Follow ${b}` }).click();
  await expect(bButton).toHaveAttribute('aria-pressed', 'true');

  const siftButton = sifts.getByRole('button', { name: /^Follow / }).first();
  const sift = await nameOf(siftButton);
  await siftButton.click();
  await expect(sifts.getByRole('button', { name: `Following ${sift}` })).toHaveAttribute('aria-pressed', 'true');
  await expect(count).toHaveText('You follow 2 channels and 1 sift');

  // Opened anew (a reload), the step shows what is followed.
  await page.reload();
  await expect(sifts.getByRole('button', { name: `Following ${sift}` })).toHaveAttribute('aria-pressed', 'true');
  await expect(science.getByRole('button', { name: `Following ${a}` })).toHaveAttribute('aria-pressed', 'true');
  await expect(count).toHaveText('You follow 2 channels and 1 sift');

  // Continue and the count stay in view at the bottom edge, wherever the lists are scrolled to.
  const bar = page.locator('.onboarding-bar');
  await page.getByRole('heading', { level: 3, name: 'Music' }).scrollIntoViewIfNeeded();
  await expect(bar.getByRole('link', { name: 'Continue' })).toBeInViewport();
  await expect(bar.locator('.followed-count')).toBeInViewport();
  await shot(page, testInfo, 'step-followed');
  await expectAccessible(page, 'follow step, followed');

  await bar.getByRole('link', { name: 'Continue' }).click();
  await expect(page).toHaveURL('/siftIntro');
  await expect(page.getByText('Step 3 of 3')).toBeVisible();
  await page.getByRole('link', { name: 'Next' }).click();
  await expect(page).toHaveURL('/siftCreate');
  await page.getByRole('link', { name: 'Go to my feed' }).click();

  // The feed has what was followed, and their videos.
  await expect(page).toHaveURL('/feed');
  await expect(page.getByRole('heading', { level: 1, name: 'My feed' })).toBeVisible();
  const chips = page.getByRole('group', { name: 'Show videos from' });
  // A chip's name is its target's, then its unwatched count.
  const chip = (name: string) => chips.getByRole('button', { name: new RegExp(`^${escape(name)}`) });
  for (const name of [a, b, sift]) await expect(chip(name)).toBeVisible();
  const cards = page.getByRole('feed').getByRole('article');
  await expect(cards.first()).toBeVisible();
  expect(await cards.count()).toBeGreaterThan(4);
  await shot(page, testInfo, 'feed');
  // Only the first channel: every card is one of its videos.
  await chip(a).click();
  await expect(chip(a)).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(async () => [...new Set(await cards.locator('.vcard-channel').allTextContents())]).toEqual([a]);
});
