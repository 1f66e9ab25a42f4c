import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import sharp from 'sharp';
import { acceptCookies, createUser, expectToast, logInWithForm, recordToasts } from './support/accounts';

/**
 * Sifts (issue 6), at 1280 px and 375 px, through the built app on the real server: create a sift from channels and
 * keywords while the live preview counts, change and remove its cover, open it by its hash as a visitor, play it (the player's queue is the sift:
 * "Next video" goes to the sift's second video), edit its rules and see the feed change, make it private (a visitor
 * then gets not-found) and delete it.
 */

test.describe.configure({ timeout: 150_000 });

interface FeedVideo {
  externalId: string;
  title: string;
}

/** Two demo channels and a word that is in some, not all, of their video titles. */
async function channelsAndWord(request: APIRequestContext): Promise<{ names: string[]; word: string }> {
  const res = await request.get('/api/public/v01/channel/search?limit=2');
  const channels = ((await res.json()) as { items: { externalId: string; name: string }[] }).items;
  const videos: FeedVideo[] = [];
  for (const c of channels) {
    const page = await request.get(`/api/search/channels/${c.externalId}/videos?limit=100`);
    videos.push(...((await page.json()) as { videos: FeedVideo[] }).videos);
  }
  const counts = new Map<string, number>();
  for (const v of videos) for (const w of new Set(v.title.toLowerCase().match(/[a-z]{5,}/g) ?? [])) counts.set(w, (counts.get(w) ?? 0) + 1);
  const word = [...counts.entries()].filter(([, n]) => n >= 3 && n < videos.length / 2).sort((a, b) => b[1] - a[1])[0]?.[0];
  if (!word) throw new Error('no word to sift by');
  return { names: channels.map((c) => c.name), word };
}

async function siftMenu(page: Page, name: string, item: string) {
  await page.getByRole('button', { name: `More actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

const previewCount = (page: Page) => page.getByRole('complementary', { name: 'Preview' }).getByRole('status');
const feedTitles = (page: Page) => page.getByRole('feed').getByRole('article').locator('.vcard-title');

test('a member builds a sift, shares it, plays it, edits its rules, makes it private and deletes it', async ({ page, request, browser, baseURL }, testInfo) => {
  await acceptCookies(page.context(), baseURL);
  await recordToasts(page);
  const user = await createUser(request, testInfo, { onboarded: true, tag: 'sifts' });
  const { names, word } = await channelsAndWord(request);
  const name = `Sift ${testInfo.project.name} ${Date.now().toString(36)}`;

  // Create: name, two channels from search, a keyword; the preview counts while typing.
  await page.goto(`/login?redirect=${encodeURIComponent('/create/sift')}`);
  await logInWithForm(page, user);
  await expect(page.getByRole('heading', { name: 'Create a Sift' })).toBeVisible();
  await page.getByLabel('Name', { exact: true }).fill(name);
  for (const channel of names) {
    await page.getByLabel('Add channels').fill(channel);
    await page.getByRole('button', { name: `Add ${channel}` }).click();
  }
  await expect(previewCount(page)).toHaveText(/\d+ videos? match/);
  const before = await previewCount(page).textContent();
  await page.getByLabel('All of these words', { exact: true }).pressSequentially(word, { delay: 30 });
  await expect(previewCount(page)).not.toHaveText(before!);
  // The preview follows the typing: a part of the word can count 0 for a moment before the whole word's count lands.
  await expect.poll(async () => Number((await previewCount(page).textContent())!.match(/\d+/)![0])).toBeGreaterThan(0);
  await page.getByLabel('All of these words', { exact: true }).press('Enter');
  await expect(page.getByRole('list', { name: 'Chosen: all of these words' }).getByText(word)).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath(`editor-${testInfo.project.name}.png`), fullPage: true });
  await page.getByRole('button', { name: 'Create sift' }).click();

  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  const hash = new URL(page.url()).pathname.split('/').pop()!;
  await expect(feedTitles(page).first()).toBeVisible();
  for (const t of await feedTitles(page).allTextContents()) expect(t.toLowerCase()).toContain(word);
  await page.screenshot({ path: testInfo.outputPath(`sift-page-${testInfo.project.name}.png`) });

  // Cover: a PNG becomes the 300×300 cover; removing it goes back to the newest video's thumbnail.
  await siftMenu(page, name, 'Change image');
  const modal = page.getByRole('dialog', { name: 'Change image' });
  const png = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#2e86de' } }).png().toBuffer();
  await modal.getByLabel('Cover image').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: png });
  await modal.getByRole('button', { name: 'Save' }).click();
  await expect(modal).toBeHidden();
  const cover = page.locator('.sift-cover img');
  await expect(cover).toHaveAttribute('src', /\/media\/uploads\/sifts\//);
  await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(300);
  await siftMenu(page, name, 'Change image');
  await modal.getByRole('button', { name: 'Remove image' }).click();
  await expect(modal).toBeHidden();
  await expect(cover).not.toHaveAttribute('src', /\/media\/uploads\//);

  // A visitor opens it by its hash link.
  const visitor = await browser.newContext({ baseURL, viewport: page.viewportSize() ?? undefined });
  await acceptCookies(visitor, baseURL);
  const guest = await visitor.newPage();
  await guest.goto(`/sifts/${hash}`);
  await expect(guest.getByRole('heading', { name, level: 1 })).toBeVisible();

  // Play all: the sift is the player's queue; "Next video" goes to the sift's second video.
  const feed = (await (await request.get(`/api/sifts/${hash}/videos`)).json()) as { videos: FeedVideo[] };
  await page.getByRole('link', { name: 'Play all' }).click();
  await expect(page).toHaveURL(new RegExp(`v=${feed.videos[0]!.externalId}.*s=${hash}|s=${hash}.*v=${feed.videos[0]!.externalId}`));
  if (feed.videos.length > 1) {
    await page.getByRole('button', { name: 'Next video' }).first().click();
    await expect(page).toHaveURL(new RegExp(`v=${feed.videos[1]!.externalId}`));
  }

  // Edit the rules: leave out the first video's channel … by excluding a word of the newest title.
  await page.goto(`/sifts/${hash}/edit`);
  const exclude = feed.videos[0]!.title.toLowerCase().match(/[a-z]{4,}/g)!.find((w) => w !== word)!;
  await page.getByLabel('None of these words', { exact: true }).fill(exclude);
  await page.getByLabel('None of these words', { exact: true }).press('Enter');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(feedTitles(page).first()).toBeVisible();
  for (const t of await feedTitles(page).allTextContents()) expect(t.toLowerCase()).not.toMatch(new RegExp(`\\b${exclude}\\b`));

  // Private: the exact confirmation, the notification, and a visitor gets not-found.
  await siftMenu(page, name, 'Make private');
  await expect(page.getByRole('dialog', { name: 'Make private' })).toContainText("Users who were following this sift won't have access to any future updates.");
  await page.getByRole('button', { name: 'Yes, make private' }).click();
  await expectToast(page, 'This sift is now private');
  await guest.reload();
  await expect(guest.getByRole('heading', { name: 'Sift not found' })).toBeVisible();
  await visitor.close();

  // Delete.
  await siftMenu(page, name, 'Delete sift');
  await expect(page.getByRole('dialog', { name: 'Delete sift' })).toContainText(`Are you sure you want to delete ${name} sift?`);
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page).toHaveURL(/\/sifts$/);
  expect((await request.get(`/api/sifts/${hash}`)).status()).toBe(404);
});

test('a visitor who creates a sift is sent to log in, and the sift is made afterwards', async ({ page, request, baseURL }, testInfo) => {
  await acceptCookies(page.context(), baseURL);
  const user = await createUser(request, testInfo, { onboarded: true, tag: 'sift-visitor' });
  const name = `Later ${testInfo.project.name} ${Date.now().toString(36)}`;
  await page.goto('/create/sift');
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByRole('button', { name: 'Create sift' }).click();
  await expect(page).toHaveURL(/\/login/);
  await logInWithForm(page, user);
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath(`sift-${testInfo.project.name}.png`), fullPage: true });
});
