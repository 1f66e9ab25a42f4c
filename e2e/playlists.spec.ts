import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import sharp from 'sharp';
import { acceptCookies, createUser, expectToast, logInWithForm, recordToasts, type TestUser } from './support/accounts';
import { channelQueue, type CatalogVideo } from './support/player-catalog';

/**
 * Playlists and Watch later (issue 5), at 1280 px and 375 px, through the built app on the real server: create a
 * playlist, add videos from a card and from the player, reorder, play all (the end of a video moves to the next
 * entry), change and remove the cover, make it public and open it as a visitor, delete it; and Watch later from a
 * visitor (login, then the video is in Watch later).
 */

test.describe.configure({ timeout: 120_000 });

/** Three embeddable videos of one channel, and the channel. */
async function someVideos(request: APIRequestContext): Promise<{ channel: string; videos: CatalogVideo[] }> {
  const res = await request.get('/api/public/v01/channel/search?limit=5');
  const channels = ((await res.json()) as { items: { externalId: string }[] }).items;
  for (const c of channels) {
    const videos = (await channelQueue(request, c.externalId)).filter((v) => v.embeddable && v.mediaUrl).slice(0, 3);
    if (videos.length === 3) return { channel: c.externalId, videos };
  }
  throw new Error('no channel with three playable videos');
}

async function logIn(page: Page, user: TestUser, redirect: string) {
  await page.goto(`/login?redirect=${encodeURIComponent(redirect)}`);
  await logInWithForm(page, user);
  await expect(page).not.toHaveURL(/\/login/);
}

/** A card's "More actions" menu (dropdown or bottom sheet), then one of its items. */
async function cardAction(page: Page, video: CatalogVideo, item: string) {
  await page.getByRole('button', { name: `More actions for ${video.title}` }).first().click();
  await page.getByRole('menuitem', { name: item }).click();
}

async function chooseInPicker(page: Page, playlist: string) {
  const picker = page.getByRole('dialog', { name: 'Add to playlist' });
  await picker.getByRole('button', { name: new RegExp(`^${playlist}`) }).click();
  await expect(picker).toBeHidden();
}

async function playlistMenu(page: Page, name: string, item: string) {
  await page.getByRole('button', { name: `More actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

const entryTitles = (page: Page) => page.getByRole('feed').getByRole('article').locator('.vcard-title');

test('a member builds a playlist, reorders it, plays it, gives it a cover, publishes it and deletes it', async ({ page, request, browser, baseURL }, testInfo) => {
  await acceptCookies(page.context(), baseURL);
  await recordToasts(page);
  const user = await createUser(request, testInfo, { onboarded: true, tag: 'playlists' });
  const { channel, videos } = await someVideos(request);
  const [a, b, c] = videos as [CatalogVideo, CatalogVideo, CatalogVideo];
  const name = `Trip ${testInfo.project.name} ${Date.now().toString(36)}`;

  // Create.
  await logIn(page, user, '/create/playlist');
  await page.getByLabel('Name').fill(name);
  await page.getByRole('button', { name: 'Create playlist' }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const playlistUrl = page.url();

  // Add two videos from their cards on the channel page.
  await page.goto(`/channel/${channel}`);
  for (const video of [a, b]) {
    await cardAction(page, video, 'Add to playlist');
    await chooseInPicker(page, name);
    await expectToast(page, `Added to ${name}`);
  }

  // And one from the player's menu.
  await page.goto(`/watch?v=${c.externalId}`);
  const player = page.getByRole('dialog').filter({ has: page.locator('.watch-media') });
  await expect(player).toBeVisible();
  await player.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'Add to playlist' }).click();
  await chooseInPicker(page, name);
  await expectToast(page, `Added to ${name}`);

  // Reorder: the last one up, twice → first.
  await page.goto(playlistUrl);
  await expect(entryTitles(page)).toHaveText([a.title, b.title, c.title]);
  await page.getByRole('button', { name: `Move ${c.title} up` }).click();
  await expect(entryTitles(page)).toHaveText([a.title, c.title, b.title]);
  await page.getByRole('button', { name: `Move ${c.title} up` }).click();
  await expect(entryTitles(page)).toHaveText([c.title, a.title, b.title]);
  await page.reload();
  await expect(entryTitles(page)).toHaveText([c.title, a.title, b.title]);

  // Play all: the playlist is the queue; the end of the first entry plays the second.
  await page.getByRole('link', { name: 'Play all' }).click();
  await expect(page).toHaveURL(new RegExp(`v=${c.externalId}.*&p=\\d+`));
  const media = player.locator('video');
  await expect.poll(() => media.evaluate((el: HTMLVideoElement) => el.duration || 0)).toBeGreaterThan(0);
  await media.evaluate((el: HTMLVideoElement) => {
    el.currentTime = Math.max(0, el.duration - 0.4);
    void el.play();
  });
  await expect(page).toHaveURL(new RegExp(`v=${a.externalId}`), { timeout: 30_000 });
  await page.goto(playlistUrl);

  // Cover: a PNG becomes the cover; removing it goes back to the first video's thumbnail.
  const png = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#c0392b' } }).png().toBuffer();
  await playlistMenu(page, name, 'Change image');
  const modal = page.getByRole('dialog', { name: 'Change image' });
  await modal.getByLabel('Cover image').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: png });
  await modal.getByRole('button', { name: 'Save' }).click();
  await expect(modal).toBeHidden();
  const cover = page.locator('.playlist-cover img');
  await expect(cover).toHaveAttribute('src', /\/media\/uploads\/playlists\//);
  await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(300);

  // A GIF is refused with the modal's error header.
  await playlistMenu(page, name, 'Change image');
  const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
  await modal.getByLabel('Cover image').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: gif });
  await modal.getByRole('button', { name: 'Save' }).click();
  await expect(modal.getByRole('alert')).toContainText('Oops! There was an error filling up the form.');
  await expect(modal.getByRole('alert')).toContainText('Only JPG and PNG images are accepted');
  await modal.getByRole('button', { name: 'Remove image' }).click();
  await expect(modal).toBeHidden();
  await expect(cover).not.toHaveAttribute('src', /\/media\/uploads\//);

  // Public, then a visitor opens it.
  await playlistMenu(page, name, 'Make public');
  await page.getByRole('button', { name: 'Yes, make public' }).click();
  await expectToast(page, 'This playlist is now public');
  await expect(page.getByText('Public playlist')).toBeVisible();
  const visitor = await browser.newContext({ viewport: page.viewportSize()! });
  await acceptCookies(visitor, baseURL);
  const visitorPage = await visitor.newPage();
  await visitorPage.goto(playlistUrl);
  await expect(visitorPage.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(entryTitles(visitorPage)).toHaveText([c.title, a.title, b.title]);
  await expect(visitorPage.getByRole('button', { name: `Move ${c.title} up` })).toHaveCount(0);
  await visitor.close();

  // Delete.
  await playlistMenu(page, name, 'Delete playlist');
  await expect(page.getByText('Are you sure you want to delete this playlist?')).toBeVisible();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await expectToast(page, `Playlist ${name} deleted`);
  await expect(page).toHaveURL(/\/playlists$/);
  await page.goto(playlistUrl);
  await expect(page.getByRole('heading', { level: 1, name: 'Playlist not found' })).toBeVisible();
});

test('a visitor’s "Add to Watch later" goes through login and lands in Watch later', async ({ page, request, baseURL }, testInfo) => {
  await acceptCookies(page.context(), baseURL);
  await recordToasts(page);
  const user = await createUser(request, testInfo, { onboarded: true, tag: 'watchlater' });
  const { channel, videos } = await someVideos(request);
  const video = videos[1]!;

  await page.goto(`/channel/${channel}`);
  await cardAction(page, video, 'Add to Watch later');
  await expect(page).toHaveURL(/\/login/);
  await logInWithForm(page, user);
  await expectToast(page, 'Added to Watch later');

  await page.goto('/playlists/wl');
  await expect(page.getByRole('heading', { level: 1, name: 'Watch later' })).toBeVisible();
  await expect(entryTitles(page)).toHaveText([video.title]);

  // Already in Watch later: the menu no longer offers it.
  await page.goto(`/channel/${channel}`);
  await page.getByRole('button', { name: `More actions for ${video.title}` }).first().click();
  await expect(page.getByRole('menuitem', { name: 'Add to playlist' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Add to Watch later' })).toHaveCount(0);
});
