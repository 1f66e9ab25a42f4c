import { expect, test, type Locator, type Page, type TestInfo } from '@playwright/test';
import { acceptCookies, apiLogin, createUser } from './support/accounts';
import { playablePair } from './support/player-catalog';

/**
 * The smaller defects of issue 31 (item 9) that need the real app, each kept fixed here at 1280 px, and at 375 px
 * those tagged @phone (decisions/036). The others are held by unit and component tests beside their code.
 */

const box = async (l: Locator) => (await l.boundingBox())!;
const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test.beforeEach(async ({ context, baseURL }) => {
  await acceptCookies(context, baseURL);
});

/** A new member who follows one demo channel, logged in for the page's next loads. */
async function followingMember(page: Page, testInfo: TestInfo) {
  const user = await createUser(page.request, testInfo, { onboarded: true, tag: 'edges31' });
  const token = await apiLogin(page.request, user);
  const channels = (await (await page.request.get('/api/public/v01/channel/search?limit=3')).json()) as { items: { externalId: string }[] };
  const followed = await page.request.post('/api/subscriptions', { headers: { authorization: `Bearer ${token}` }, data: { externalId: channels.items[0]!.externalId } });
  expect(followed.ok(), await followed.text()).toBe(true);
  await page.addInitScript((t) => localStorage.setItem('sift.token', JSON.stringify(t)), token);
}

// ---- /feed: the filter field is spaced from the first card ------------------------------------------------------

test("/feed's filter field keeps its distance from the first card, as the other pages' filters do @phone", async ({ page }, testInfo) => {
  await followingMember(page, testInfo);
  await page.goto('/feed');
  const filter = page.getByRole('textbox', { name: 'Filter videos' });
  const first = page.getByRole('feed', { name: 'My feed' }).getByRole('article').first();
  await expect(first).toBeVisible();
  const gap = (await box(first)).y - ((await box(filter)).y + (await box(filter)).height);
  expect(gap).toBeGreaterThanOrEqual(12);
});

// ---- failed images: a placeholder, not the broken-image glyph ----------------------------------------------------

test('thumbnails and avatars that fail to load are drawn as placeholders of the same size', async ({ page }) => {
  // Every demo image fails, as a thumbnail gone from its service would.
  await page.route(/\/media\/.*\.(webp|svg|png|jpe?g)(\?|$)/, (route) => route.fulfill({ status: 404, body: '' }));
  await page.goto('/');
  const thumbnail = page.getByRole('feed', { name: 'Latest videos' }).getByRole('article').first().locator('.vcard-thumb img');
  const tile = page.getByRole('list', { name: 'Popular channels' }).getByRole('article').first();
  const avatar = tile.locator('img.avatar');
  await expect(thumbnail).toBeVisible();
  await expect(avatar).toBeVisible();
  // A broken image does not decode (the browser draws its glyph); a placeholder does.
  for (const img of [thumbnail, avatar]) {
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.decode().then(() => true, () => false))).toBe(true);
    await expect(img).toHaveAttribute('alt', '');
  }
  // The thumbnail's block carries the app's icon; the avatar's names the channel by its initials.
  await expect(thumbnail).toHaveAttribute('data-failed', '');
  expect(await thumbnail.evaluate((el) => getComputedStyle(el).backgroundImage)).toContain('data:image/svg+xml');
  const channel = (await tile.textContent())!.trim();
  const initials = channel.split(/\s+/).slice(0, 2).map((w) => Array.from(w)[0]!.toLocaleUpperCase()).join('');
  await expect.poll(async () => decodeURIComponent((await avatar.getAttribute('src'))!)).toContain(`>${initials}</text>`);
  // Nothing moved: the thumbnail keeps its 16:9 box, the avatar its square.
  const t = await box(thumbnail);
  expect(t.height).toBeCloseTo((t.width * 9) / 16, 0);
  const a = await box(avatar);
  expect(a.width).toBeGreaterThan(30);
  expect(a.height).toBeCloseTo(a.width, 0);
});

// ---- search: a new query starts on All; Videos lists videos only; recent searches stand apart --------------------

const results = (page: Page) => page.getByRole('feed', { name: 'Search results' }).getByRole('article');
const tab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true });

async function searchFromHeader(page: Page, text: string) {
  const searchbox = page.getByRole('banner').getByRole('searchbox');
  await searchbox.fill(text);
  await searchbox.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/search/main\\?st=${encodeURIComponent(text)}`));
}

test('a query typed in the header starts on All, and the Videos type lists videos only', async ({ page }) => {
  await page.goto('/search/main?st=cooking');
  await expect(page.getByRole('feed', { name: 'Channel results' })).toBeVisible();
  await tab(page, 'Videos').click();
  await expect(tab(page, 'Videos')).toHaveAttribute('aria-selected', 'true');
  await expect(results(page).first()).toBeVisible();
  // Videos only: no channel strip above them.
  await expect(page.getByRole('feed', { name: 'Channel results' })).toHaveCount(0);
  await expect(page.getByRole('feed', { name: 'Popular channels' })).toHaveCount(0);
  await expect(results(page).filter({ hasNot: page.locator('time') })).toHaveCount(0);

  await searchFromHeader(page, 'travel');
  await expect(tab(page, 'All')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('feed', { name: 'Channel results' })).toBeVisible();
});

test('recent searches are a labelled list apart from the sort, shown once there is something in it @phone', async ({ page }) => {
  await page.goto('/');
  await searchFromHeader(page, 'cooking');
  await expect(results(page).first()).toBeVisible();
  // Nothing beside the sort that reads as one of its options, and no "No recent searches" after a first search.
  await expect(page.getByRole('button', { name: /^Sort by/ })).toBeVisible();
  await expect(page.getByRole('link', { name: /^Recent/ })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Recent searches' })).toHaveCount(0);
  await expect(page.getByText('No recent searches.')).toHaveCount(0);

  // Open a result; the next search lists it under the heading, with a way to all of them.
  const first = results(page).first();
  const title = (await first.locator('h3').textContent())!.trim();
  await first.getByRole('heading').getByRole('link').click();
  await expect(page).toHaveURL(/\/watch\?v=/);
  await page.goto('/');
  await searchFromHeader(page, 'travel');
  const recent = page.getByRole('region', { name: 'Recent searches' });
  await expect(recent.getByRole('link', { name: title })).toBeVisible();
  // Under the heading, above the type tabs and the sort: not among them.
  expect((await box(recent)).y).toBeLessThan((await box(tab(page, 'All'))).y);
  await expect(page.getByRole('tablist').getByRole('link')).toHaveCount(0);
  await recent.getByRole('link', { name: 'See all recent searches' }).click();
  await expect(page).toHaveURL(/\/search\/recent$/);
  await expect(page.getByRole('article').filter({ hasText: title })).toBeVisible();
});

// ---- the player: Escape in fullscreen only leaves fullscreen -----------------------------------------------------

test('Escape in fullscreen leaves fullscreen and keeps the player open', async ({ page }) => {
  const { video } = await playablePair(page.request);
  await page.goto(`/watch?v=${video.externalId}`);
  const watch = page.getByRole('dialog', { name: video.title });
  await expect(watch.locator('video')).toHaveCount(1);
  const surface = await box(watch.locator('.pl-surface'));
  await page.mouse.move(surface.x + surface.width / 2, surface.y + surface.height / 3);
  await page.mouse.move(surface.x + surface.width / 2 + 5, surface.y + surface.height / 3 + 5);
  await watch.getByRole('button', { name: 'Fullscreen' }).click();
  await expect(watch).toHaveClass(/watch--fullscreen/);

  await page.keyboard.press('Escape');
  await expect(watch).not.toHaveClass(/watch--fullscreen/);
  await expect.poll(() => page.evaluate(() => !!document.fullscreenElement)).toBe(false);
  // Still the open player, not minimised to the bar.
  await expect(page).toHaveURL(/\/watch\?v=/);
  await expect(watch).toBeVisible();
  await expect(page.getByRole('region', { name: /^Minimised player/ })).toHaveCount(0);
});

// ---- the back-to-top button covers no form field on a phone ------------------------------------------------------

test('the back-to-top button never covers a label or a field of a form @phone', async ({ page, isMobile }) => {
  await page.goto('/signup');
  const form = page.getByRole('form', { name: 'Sign up' });
  await expect(form.getByLabel('E-mail')).toBeVisible();
  // The page at its full length: the captcha's widget is in.
  await expect(page.locator('altcha-widget')).toBeVisible();
  const parts = form.locator('label, input:not([type="hidden"]), textarea, button');
  const button = page.getByRole('button', { name: 'Back to top' });
  const end = () => page.evaluate(() => document.documentElement.scrollHeight - innerHeight);
  expect(await end(), 'the sign-up page scrolls').toBeGreaterThan(40);
  let shown = 0;
  for (let y = 40; y < (await end()) + 40; y += 40) {
    // Moved at once (not smoothly), then looked at as it is drawn there.
    await page.evaluate((to) => new Promise((done) => {
      scrollTo({ top: to, behavior: 'instant' });
      requestAnimationFrame(() => requestAnimationFrame(done));
    }), y);
    if (!(await button.isVisible())) continue;
    shown++;
    const at = await box(button);
    for (const part of await parts.all()) {
      if (!(await part.isVisible())) continue;
      expect(overlaps(at, await box(part)), `the button over ${await part.evaluate((el) => el.outerHTML.slice(0, 80))} at scroll ${y}`).toBe(false);
    }
  }
  // From 992 px the button stands in the sidebar's column and shows: else the loop above looked at nothing. Below it a
  // page with a form goes without the button (app.css), which is how it covers nothing there.
  if (!isMobile) expect(shown, 'scroll positions where the button showed').toBeGreaterThan(0);
});

// ---- German: the captcha speaks it; counts have one form -------------------------------------------------------

test('in German the captcha widget speaks German, and follower counts are all abbreviated one way', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('sift.locale', JSON.stringify('de')));
  await page.goto('/signup');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.locator('altcha-widget')).toContainText('Ich bin kein Roboter');
  await expect(page.locator('altcha-widget')).not.toContainText("I'm not a robot");

  await page.goto('/');
  const counts = page.locator('.ctile-meta');
  await expect(counts.first()).toBeVisible();
  const texts = await counts.allTextContents();
  expect(texts.length).toBeGreaterThan(3);
  // "5,2 Mio. Follower", "803 Tsd. Follower", "999 Follower" — never a grouped "803.803".
  for (const text of texts) expect(text).toMatch(/^\d{1,3}(,\d)?(\s(Tsd\.|Mio\.|Mrd\.))?\s/);
});
