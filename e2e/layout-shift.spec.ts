import { expect, test, type Page } from '@playwright/test';
import { nearPerObserver } from './support/observe';

/**
 * A list page does not move under the reader while it draws its first cards (issue 18's CLS, decision 057): the
 * cards come a batch a task, and nothing already on screen — the list's status line, the page's parts below — may be
 * pushed by the next batch. At 375 px a first batch of two cards left the list's keyboard "Load more" on screen, and
 * the next batch pushed it off: a layout shift of 0.09 on the search page.
 */

async function shiftsWhileDrawing(page: Page, url: string, feed: string): Promise<number> {
  await page.addInitScript(() => {
    const w = window as unknown as { __shift: number };
    w.__shift = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) if (!e.hadRecentInput) w.__shift += e.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto(url);
  const list = page.getByRole('feed', { name: feed });
  await expect(list.getByRole('article').first()).toBeVisible();
  // Drawn as far as the screen needs: the list's end is more than SPEC §9's 1,800 px below it.
  await expect.poll(() => nearPerObserver(list.locator('xpath=..').locator('.ilist-sentinel'), '0px 0px 1800px 0px', 'viewport')).toBe(false);
  return page.evaluate(() => (window as unknown as { __shift: number }).__shift);
}

for (const [name, url, feed] of [
  ['the Dashboard', '/', 'Latest videos'],
  ['the search page', '/search', 'Newest and most popular'],
  ['a search', '/search/main?st=cooking', 'Search results'],
] as const) {
  test(`${name} does not shift while it draws its first cards @phone`, async ({ page }) => {
    expect(await shiftsWhileDrawing(page, url, feed)).toBeLessThan(0.01);
  });
}

test('a channel page does not shift while it draws its first cards @phone', async ({ page }) => {
  const channel = ((await (await page.request.get('/api/public/v01/channel/search?limit=1')).json()) as { items: { externalId: string; name: string }[] }).items[0]!;
  expect(await shiftsWhileDrawing(page, `/channel/${channel.externalId}`, `Videos of ${channel.name}`)).toBeLessThan(0.01);
});
