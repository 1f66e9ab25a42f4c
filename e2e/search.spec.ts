import { expect, test, type Page } from '@playwright/test';
import { acceptCookies, apiLogin, createUser } from './support/accounts';

/**
 * Search (issue 8) at 1280 px and 375 px, on the demo catalog: the header box, the type tabs, the sort menu
 * (a dropdown on desktop, a bottom sheet on mobile), infinite scroll, opening a result and finding it again in
 * recent searches, the message bar when the type filter hides results, the reset when leaving search, and a
 * person's profile.
 */

const results = (page: Page) => page.getByRole('feed', { name: 'Search results' }).getByRole('article');
const tab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true });

async function searchFromHeader(page: Page, text: string) {
  const box = page.getByRole('banner').getByRole('searchbox');
  await box.fill(text);
  await box.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/search/main\\?st=${encodeURIComponent(text)}`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText(text);
}

async function chooseSort(page: Page, label: string) {
  await page.getByRole('button', { name: /^Sort by/ }).click();
  await page.getByRole('menuitemradio', { name: label }).click();
  await expect(page.getByRole('button', { name: `Sort by: ${label}` })).toBeVisible();
}

test.beforeEach(async ({ context, baseURL }) => {
  await acceptCookies(context, baseURL);
});

test('search from the header, switch type and sort, scroll, open a result and find it in recent searches', async ({ page }) => {
  await page.goto('/');
  await searchFromHeader(page, 'cooking');
  await expect(tab(page, 'All')).toHaveAttribute('aria-selected', 'true');
  await expect(results(page).first()).toBeVisible();
  // Channels for the query sit above the list.
  await expect(page.getByRole('feed', { name: 'Channel results' }).getByRole('article').first()).toBeVisible();

  await tab(page, 'Videos').click();
  await expect(tab(page, 'Videos')).toHaveAttribute('aria-selected', 'true');
  await expect(results(page).first()).toBeVisible();
  // Every result of the Videos tab is a video card (they carry a publication time). Asked of the results as they are
  // drawn, so that a batch drawn meanwhile cannot make the check race.
  await expect(results(page).filter({ hasNot: page.locator('time') })).toHaveCount(0);

  await chooseSort(page, 'Recently created');
  await expect(results(page).first()).toBeVisible();
  const times = await results(page).locator('time').evaluateAll((els) => els.map((el) => el.getAttribute('datetime')!));
  expect([...times].sort().reverse()).toEqual(times);

  // Infinite scroll brings the next page, merged without duplicates.
  await expect(async () => {
    await results(page).last().scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 5_000);
    expect(await results(page).count()).toBeGreaterThan(50);
  }).toPass();
  const titles = await results(page).locator('h3').allTextContents();
  expect(new Set(titles.map((t, i) => `${t}#${i}`)).size).toBe(titles.length);

  // Open the first result.
  const first = results(page).first();
  const title = (await first.locator('h3').textContent())!.trim();
  await first.getByRole('heading').getByRole('link').click();
  await expect(page).toHaveURL(/\/watch\?v=/);

  // It is in recent searches, under Videos and under All, with the text that found it.
  await page.goto('/search/recent');
  await expect(tab(page, 'All')).toHaveAttribute('aria-selected', 'true');
  const entry = page.getByRole('article').filter({ hasText: title });
  await expect(entry).toBeVisible();
  await expect(entry.getByRole('link', { name: '“cooking”' })).toBeVisible();
  await tab(page, 'Videos').click();
  await expect(page.getByRole('article').filter({ hasText: title })).toBeVisible();
  await tab(page, 'Channels').click();
  await expect(page.getByText('No recent searches.')).toBeVisible();

  // Searching again from the entry, and removing it.
  await tab(page, 'All').click();
  await page.getByRole('button', { name: `Remove ${title} from recent searches` }).click();
  await expect(page.getByRole('article').filter({ hasText: title })).toHaveCount(0);
});

test('leaving search resets its filters; going to a user profile and back keeps them', async ({ page, request }, testInfo) => {
  await page.goto('/search/main?st=science');
  await tab(page, 'Channels').click();
  await chooseSort(page, 'Alphabetical');

  // To a person's profile and back: filters stay.
  const user = await createUser(request, testInfo, { firstName: 'Rosalind', lastName: 'Franklin' });
  const token = await apiLogin(request, user);
  const me = (await (await request.get('/api/users', { headers: { authorization: `Bearer ${token}` } })).json()) as { uuid: string };
  await page.evaluate((path) => {
    history.pushState(null, '', path);
    dispatchEvent(new PopStateEvent('popstate'));
  }, `/user-profile/${me.uuid}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Rosalind Franklin' })).toBeVisible();
  await expect(page.getByText('No results.')).toBeVisible();
  await page.goBack();
  await expect(tab(page, 'Channels')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('button', { name: 'Sort by: Alphabetical' })).toBeVisible();

  // Anywhere else: they reset.
  await page.getByRole('link', { name: 'Home' }).first().click();
  await expect(page).toHaveURL(/\/$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/search\/main\?st=science/);
  await expect(tab(page, 'All')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('button', { name: 'Sort by: Relevance' })).toBeVisible();
});

test('the message bar says when the type filter hides results, and clears the filters', async ({ page, request }) => {
  // A word of a channel's name that no video has.
  const { items } = (await (await request.get('/api/search?type=channels&limit=100')).json()) as { items: { name: string }[] };
  let word: string | undefined;
  for (const channel of items) {
    for (const w of channel.name.split(/[^\p{L}]+/u).filter((x) => x.length >= 4)) {
      const videos = (await (await request.get(`/api/search?type=videos&q=${encodeURIComponent(w)}`)).json()) as { totalResults: number };
      if (videos.totalResults === 0) {
        word = w;
        break;
      }
    }
    if (word) break;
  }
  expect(word, 'a channel-name word that no video has').toBeDefined();

  await page.goto(`/search/main?st=${encodeURIComponent(word!)}`);
  await tab(page, 'Videos').click();
  await expect(page.getByText('No results.')).toBeVisible();
  const bar = page.getByRole('button', {
    name: 'There are additional results outside your active filters. Click to view full results (will clear filters)',
  });
  await expect(bar).toBeVisible();
  await bar.click();
  await expect(tab(page, 'All')).toHaveAttribute('aria-selected', 'true');
  await expect(results(page).first()).toBeVisible();
  await expect(bar).toHaveCount(0);
});

test('the sort menu is a dropdown on desktop and a bottom sheet on mobile; keyboard works the tabs @phone', async ({ page, isMobile }) => {
  await page.goto('/search/main?st=travel');
  await expect(results(page).first()).toBeVisible();
  await page.getByRole('button', { name: /^Sort by/ }).click();
  if (isMobile) await expect(page.getByRole('dialog', { name: /Sort by/ })).toBeVisible();
  else await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('menuitemradio', { name: 'Relevance' })).toHaveAttribute('aria-checked', 'true');
  await page.keyboard.press('Escape');

  await tab(page, 'All').focus();
  await page.keyboard.press('ArrowRight');
  await expect(tab(page, 'Channels')).toHaveAttribute('aria-selected', 'true');
  await expect(tab(page, 'Channels')).toBeFocused();
});

test('a profile link that leads nowhere says so', async ({ page }) => {
  await page.goto('/user-profile/6f1c2a52-3b7e-4c1d-9a55-2f0d6b3e8c41');
  await expect(page.getByRole('heading', { level: 1, name: 'Profile not found' })).toBeVisible();
});

test('address-like text the server cannot resolve goes on to the search page, not to an error (SPEC §2, issue 31)', async ({ page }) => {
  const asked: string[] = [];
  await page.route('**/api/public/v01/resolve?*', async (route) => {
    const q = new URL(route.request().url()).searchParams.get('q')!;
    asked.push(q);
    // The video service cannot be asked; then no answer comes at all.
    if (q.startsWith('@')) {
      await route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ status: 503, message: 'The video service is not answering. Try again later.', code: 'UNAVAILABLE' }) });
    } else await route.abort('failed');
  });
  await page.goto('/');
  for (const text of ['@cooking', 'cooking.example/videos']) {
    await searchFromHeader(page, text);
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(page.getByText(/not answering|generic error/)).toHaveCount(0);
  }
  expect(asked).toEqual(['@cooking', 'cooking.example/videos']);
});

test('an address written as most sites write a search, /search?q=, shows the results for its text', async ({ page }) => {
  await page.goto('/search?q=science');
  await expect(page).toHaveURL(/\/search\/main\?st=science$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('science');
  await expect(results(page).first()).toBeVisible();
  await expect(page.getByRole('banner').getByRole('searchbox')).toHaveValue('science');
});
