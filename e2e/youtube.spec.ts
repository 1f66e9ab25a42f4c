import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './support/a11y';
import { acceptCookies, APP_PORT, createUser, logInWithForm, recordToasts } from './support/accounts';

/**
 * Sift on YouTube (issue 15), at 1280 px and 375 px: the second app of the stack runs with YOUTUBE_API_KEY against
 * the local stand-in of the Data API and the channel feed (support/stack.mjs), so its catalog is the stand-in's.
 * A member finds a channel by name in the header search and by a pasted address, opens it, follows it, builds a
 * sift from a pasted channel address, and plays a video from a pasted video address in the YouTube IFrame player
 * (the stand-in script the player tests use, served in place of the real one).
 */

const YOUTUBE_APP = `http://127.0.0.1:${APP_PORT + 3}`;
// bypassCSP: the app's policy would refuse the axe script the accessibility checks inject.
test.use({ baseURL: YOUTUBE_APP, bypassCSP: true });
test.describe.configure({ timeout: 120_000 });

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const IFRAME_API_STAND_IN = fs.readFileSync(path.join(ROOT, 'apps/web/src/player/adapters/__fixtures__/youtube-iframe-api.js'), 'utf8');
/** A grey 16:9 PNG for the thumbnails and avatars the app asks YouTube's image hosts for (unreachable here). */
const GREY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAJCAIAAAC0SDtlAAAAFklEQVR4nGPMzMxkIAUwkaR6VMPQ0QAAVW0BN7X5zXYAAAAASUVORK5CYII=',
  'base64',
);

async function routeYouTubeHosts(page: Page) {
  await page.route('https://www.youtube.com/iframe_api', (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body: IFRAME_API_STAND_IN }));
  for (const host of ['https://i.ytimg.com/**', 'https://yt3.ggpht.com/**']) {
    await page.route(host, (route) => route.fulfill({ status: 200, contentType: 'image/png', body: GREY_PNG }));
  }
}

async function searchFromHeader(page: Page, text: string) {
  const box = page.getByRole('banner').getByRole('searchbox');
  await box.fill(text);
  await expect(box).toHaveValue(text);
  await box.press('Enter');
}

const player = (page: Page) => page.getByRole('dialog', { name: /./ }).filter({ has: page.locator('.watch-media') });

test.beforeAll(async ({ request }) => {
  // The YouTube app starts beside the main one; it is up once it answers (and has filled itself from the stand-in).
  await expect.poll(async () => (await request.get(`${YOUTUBE_APP}/api/auth/config`).catch(() => null))?.status() ?? 0, { timeout: 60_000 }).toBe(200);
});

test('a fresh YouTube-backed instance greets people with popular videos and real channels', async ({ page, context, baseURL }, testInfo) => {
  await acceptCookies(context, baseURL);
  await routeYouTubeHosts(page);
  await page.goto('/');
  const videos = page.getByRole('feed').getByRole('article');
  await expect(videos.first()).toBeVisible();
  expect(await videos.count()).toBeGreaterThan(5);
  // The channel strip shows the stand-in's channels (stored with the popular videos), with their YouTube avatars.
  const strip = page.getByRole('list', { name: 'Popular channels' }).getByRole('listitem');
  await expect(strip.first()).toBeVisible();
  const names = (await strip.allTextContents()).join(' ');
  expect(names).toMatch(/Cooking with Ana|Tiny Workshop|Night Sky Notes|Pedal & Path|Code in Small Steps|Música Lenta/);
  await page.screenshot({ path: testInfo.outputPath(`youtube-home-${testInfo.project.name}.png`) });
  await expectAccessible(page, 'home');
});

test('a member finds a channel by name and by address, follows it, sifts it and plays a pasted video', async ({ page, request, context, baseURL }, testInfo) => {
  await acceptCookies(context, baseURL);
  await routeYouTubeHosts(page);
  await recordToasts(page);
  const user = await createUser(request, testInfo, { tag: 'youtube', onboarded: true });
  await page.goto('/login');
  await logInWithForm(page, user);
  // The login page has the header search too: wait for the login to land, or its navigation would replace ours.
  await expect(page).not.toHaveURL(/\/login/);
  await expect(page.getByRole('banner').getByRole('searchbox')).toBeVisible();

  // By name: the header search asks YouTube for channels and lists them with what the catalog has.
  await searchFromHeader(page, 'Tiny Workshop');
  await expect(page).toHaveURL(/\/search\/main\?st=Tiny/);
  const result = page.getByRole('feed', { name: 'Search results' }).getByRole('link', { name: /Tiny Workshop/ }).first();
  await expect(result).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath(`youtube-search-${testInfo.project.name}.png`) });
  await expectAccessible(page, 'search results');
  await result.click();
  await expect(page).toHaveURL(/\/channel\/UC[\w-]{22}/);
  await expect(page.getByRole('heading', { name: 'Tiny Workshop' }).first()).toBeVisible();
  // Its uploads come from YouTube on the first visit.
  await expect(page.getByRole('feed').getByRole('article').first()).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath(`youtube-channel-${testInfo.project.name}.png`) });
  await expectAccessible(page, 'channel page');

  // Follow it.
  await page.getByRole('button', { name: 'Follow Tiny Workshop' }).first().click();
  const followed = page.getByRole('dialog', { name: 'You follow Tiny Workshop' });
  await expect(followed).toBeVisible();
  await followed.getByRole('button', { name: 'Close' }).last().click();
  await expect(page.getByRole('button', { name: 'Following Tiny Workshop' }).first()).toHaveAttribute('aria-haspopup', 'menu');

  // By a pasted address: the header search opens the channel.
  await searchFromHeader(page, 'https://www.youtube.com/@nightskynotes');
  await expect(page).toHaveURL(/\/channel\/UC[\w-]{22}/);
  await expect(page.getByRole('heading', { name: 'Night Sky Notes' }).first()).toBeVisible();

  // A sift from a pasted channel address in the editor's channel search.
  const name = `Rides ${testInfo.project.name} ${Date.now().toString(36)}`;
  await page.goto('/create/sift');
  await expect(page.getByRole('heading', { name: 'Create a Sift' })).toBeVisible();
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Add channels').fill('youtube.com/@pedalandpath');
  await expect(page.getByRole('button', { name: 'Add Pedal & Path' })).toBeVisible();
  // Enter adds the channel found; it does not submit the sift.
  await page.getByLabel('Add channels').press('Enter');
  await expect(page.getByRole('list', { name: 'Channels of this sift' }).getByText('Pedal & Path')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Create a Sift' })).toBeVisible();
  await page.getByRole('button', { name: 'Create sift' }).click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  // The channel's uploads are imported in the background (the embedded job queue runs one job at a time, so on a
  // busy machine this one may wait behind the other test's); the sift's feed shows them.
  await expect(page.getByRole('feed').getByRole('article').first()).toBeVisible({ timeout: 60_000 });
  await page.screenshot({ path: testInfo.outputPath(`youtube-sift-${testInfo.project.name}.png`) });
  await expectAccessible(page, 'sift page');

  // A pasted video address plays in the YouTube IFrame player.
  const uploads = await request.get('/api/public/v01/channel/search?q=%40tinyworkshop');
  const channel = ((await uploads.json()) as { items: { externalId: string }[] }).items[0]!;
  const page1 = await request.get(`/api/search/channels/${channel.externalId}/videos?limit=10`);
  const video = ((await page1.json()) as { videos: { externalId: string; embeddable: boolean; liveStatus: string; title: string }[] }).videos.find(
    (v) => v.embeddable && v.liveStatus === 'NONE',
  )!;
  await searchFromHeader(page, `https://youtu.be/${video.externalId}?si=shared`);
  await expect(page).toHaveURL(new RegExp(`/watch\\?v=${video.externalId}`));
  const frame = player(page).locator('iframe[data-standin="youtube"]');
  await expect(frame).toHaveAttribute('data-video-id', video.externalId, { timeout: 20_000 });
  await expect(player(page).locator('.pl-time')).not.toContainText('Elapsed 00:00', { timeout: 10_000 });
  await page.screenshot({ path: testInfo.outputPath(`youtube-watch-${testInfo.project.name}.png`) });
});
