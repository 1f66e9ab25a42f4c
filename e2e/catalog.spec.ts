import { expect, test, type Page } from '@playwright/test';
import { nearPerObserver } from './support/observe';

/**
 * A visitor's paths through the demo catalog (issue #2), at 1280 px and at 375 px:
 * the Dashboard's videos, infinite scroll, a channel page, playing a video, the search box and a bad address.
 */

const latestVideos = (page: Page) => page.getByRole('feed', { name: 'Latest videos' });
const cards = (page: Page) => latestVideos(page).getByRole('article');

test('the Dashboard shows the newest videos and loads more on scroll', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByText('Welcome to Sift')).toBeVisible();
  await expect(cards(page).first()).toBeVisible();
  // A page of 50, drawn a batch at a time while the end of the list is near the screen (InfiniteList's
  // REVEAL_BATCH): the first screen and the 1,800 px below it, not the 50 cards of a page nobody has scrolled yet.
  await expect.poll(() => cards(page).count()).toBeGreaterThanOrEqual(8);
  // Drawn until the end of the list (its sentinel) is more than SPEC §9's 1,800 px below the screen: then no more.
  const end = latestVideos(page).locator('xpath=..').locator('.ilist-sentinel');
  await expect.poll(() => nearPerObserver(end, '0px 0px 1800px 0px', 'viewport')).toBe(false);
  expect(await cards(page).count()).toBeLessThan(50);
  const firstPage = 50;

  // A card shows what SPEC §2 lists: duration (or LIVE), channel, views, relative time.
  const card = cards(page).first();
  await expect(card.getByText(/views?$/)).toBeVisible();
  await expect(card.locator('time')).toHaveText(/ago|now/);

  // Scrolling draws the rest of the page, then brings the next one.
  await expect(async () => {
    await cards(page).last().scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 5_000);
    expect(await cards(page).count()).toBeGreaterThan(firstPage);
  }).toPass();
});

test('a visitor opens a channel and sees its videos, newest first', async ({ page }) => {
  await page.goto('/');
  const firstCard = cards(page).first();
  const channelName = (await firstCard.getByRole('link').nth(1).textContent())!.trim();
  await firstCard.getByRole('link', { name: channelName }).click();
  await expect(page).toHaveURL(/\/channel\/UC[\w-]{22}/);
  await expect(page.getByRole('heading', { name: channelName, level: 1 })).toBeVisible();
  const videos = page.getByRole('feed', { name: `Videos of ${channelName}` }).getByRole('article');
  await expect(videos.first()).toBeVisible();
  const times = await videos.locator('time').evaluateAll((els) => els.map((el) => el.getAttribute('datetime')!));
  expect(times.length).toBeGreaterThan(1);
  expect([...times].sort().reverse()).toEqual(times);
  // Every video on a channel page belongs to that channel.
  await expect(videos.first().getByRole('link', { name: channelName })).toBeVisible();
});

test('clicking a video opens it and it really plays', async ({ page }) => {
  await page.goto('/');
  // Open a video that embeds (non-embeddable ones show a card that sends you to the video service instead).
  const response = await page.request.get('/api/feeds/public?limit=50');
  const { videos } = (await response.json()) as { videos: { externalId: string; title: string; embeddable: boolean; liveStatus: string }[] };
  const playable = videos.find((v) => v.embeddable)!;
  await latestVideos(page).getByRole('link', { name: playable.title, exact: true }).first().click();
  await expect(page).toHaveURL(new RegExp(`[?&]v=${playable.externalId}`));
  const video = page.getByRole('dialog').locator('video');
  await expect(video).toBeVisible();
  await video.evaluate((el: HTMLVideoElement) => el.play());
  await expect.poll(() => video.evaluate((el: HTMLVideoElement) => el.currentTime), { timeout: 15_000 }).toBeGreaterThan(1);
  expect(await video.evaluate((el: HTMLVideoElement) => el.paused)).toBe(false);

  await page.getByRole('button', { name: 'Close player' }).click();
  await expect(page).not.toHaveURL(/[?&]v=/);
});

test('a non-embeddable video shows a card instead of the player', async ({ page }) => {
  const response = await page.request.get('/api/feeds/public?limit=100');
  const { videos } = (await response.json()) as { videos: { externalId: string; embeddable: boolean }[] };
  const blocked = videos.find((v) => !v.embeddable);
  expect(blocked, 'the demo catalog has non-embeddable videos among the newest 100').toBeDefined();
  await page.goto(`/watch?v=${blocked!.externalId}`);
  await expect(page.getByRole('dialog').getByText("This video can't be played here.")).toBeVisible();
  await expect(page.getByRole('dialog').locator('video')).toHaveCount(0);
});

test('the search box goes to /search/main?st= and finds channels', async ({ page }) => {
  await page.goto('/');
  const channels = (await (await page.request.get('/api/public/v01/channel/search?limit=1')).json()) as { items: { name: string }[] };
  const name = channels.items[0]!.name;
  const word = name.split(' ')[0]!;
  const box = page.getByRole('search').getByRole('searchbox').or(page.getByRole('search').getByRole('textbox')).first();
  await box.fill(word);
  await box.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/search/main\\?st=${encodeURIComponent(word)}`));
  await expect(page.getByRole('feed', { name: 'Channel results' }).getByText(name).first()).toBeVisible();
});

test('an unknown address shows the not-found page', async ({ page }) => {
  const response = await page.goto('/no/such/page');
  // The app's own page, with the status a search engine needs to leave it out (decisions/043).
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/not found/i);
  await page.getByRole('link', { name: /home|dashboard/i }).first().click();
  await expect(page).toHaveURL(/\/$/);

  // A sift that does not exist: its page says so, under the same status.
  const sift = await page.goto('/sifts/aaaaaaaaaaaaaaaaaaaaaaaa');
  expect(sift?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sift not found');
});
