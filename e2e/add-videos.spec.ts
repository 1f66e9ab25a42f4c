import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { acceptCookies, apiLogin, createUser, expectToast, logInWithForm, recordToasts } from './support/accounts';

/**
 * /add-videos (SPEC §2), at 1280 px and 375 px: from a playlist's "Add videos" button, find videos by text, add two
 * (each says Added and the toast names the playlist), go back and see them in the playlist in the order added;
 * a video already in the playlist is refused by the server and shown as Added.
 */

test.describe.configure({ timeout: 90_000 });

interface Video {
  externalId: string;
  title: string;
}

/** Two videos of one channel whose titles no other video found by that text has (so a row is the video). */
async function twoVideos(request: APIRequestContext): Promise<[Video, Video]> {
  const res = await request.get('/api/public/v01/channel/search?limit=1');
  const channel = ((await res.json()) as { items: { externalId: string }[] }).items[0]!;
  const videos = ((await (await request.get(`/api/search/channels/${channel.externalId}/videos?limit=30`)).json()) as { videos: Video[] }).videos;
  const unique: Video[] = [];
  for (const v of videos) {
    const found = (await (await request.get('/api/search', { params: { q: v.title, type: 'videos', limit: 30 } })).json()) as { items: { title?: string }[] };
    if (found.items.filter((i) => i.title === v.title).length === 1) unique.push(v);
    if (unique.length === 2) return [unique[0]!, unique[1]!];
  }
  throw new Error('no two videos with titles of their own');
}

async function search(page: Page, text: string) {
  const box = page.getByRole('searchbox', { name: 'Search videos' });
  await box.fill(text);
  await box.press('Enter');
  await expect(page.getByRole('list', { name: 'Videos found' })).toHaveAttribute('aria-busy', 'false');
}

const entryTitles = (page: Page) => page.getByRole('feed').getByRole('article').locator('.vcard-title');

test('a member finds videos on /add-videos, adds them, and sees them in the playlist', async ({ page, request, baseURL }, testInfo) => {
  await acceptCookies(page.context(), baseURL);
  await recordToasts(page);
  const user = await createUser(request, testInfo, { onboarded: true, tag: 'add-videos' });
  const token = await apiLogin(request, user);
  const name = `Found ${testInfo.project.name} ${Date.now().toString(36)}`;
  const created = await request.post('/api/playlists', { headers: { authorization: `Bearer ${token}` }, data: { name } });
  expect(created.status()).toBeLessThan(300);
  const { id } = (await created.json()) as { id: number };
  const [a, b] = await twoVideos(request);

  await page.goto(`/login?redirect=${encodeURIComponent(`/playlists/${id}`)}`);
  await logInWithForm(page, user);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await page.getByRole('link', { name: 'Add videos' }).click();
  await expect(page).toHaveURL(new RegExp(`/add-videos\\?p=${id}`));
  await expect(page.getByRole('heading', { level: 1, name: `Add videos to ${name}` })).toBeVisible();

  // Nothing matches: the list says so.
  await search(page, 'zzqx no such video');
  await expect(page.getByRole('list', { name: 'Videos found' })).toContainText('No results.');

  for (const video of [a, b]) {
    await search(page, video.title);
    const add = page.getByRole('button', { name: `Add ${video.title}`, exact: true });
    await expect(add).toHaveText('Add');
    await add.click();
    await expect(add).toHaveText('Added');
    await expect(add).toBeDisabled();
    await expectToast(page, `Added to ${name}`);
  }
  await page.screenshot({ path: testInfo.outputPath(`add-videos-${testInfo.project.name}.png`) });

  await page.getByRole('link', { name: `Back to ${name}` }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(entryTitles(page)).toHaveText([a.title, b.title]);

  // Coming back, a video already in the playlist cannot go in twice: the server refuses it and the row says Added.
  await page.getByRole('link', { name: 'Add videos' }).click();
  await search(page, a.title);
  const again = page.getByRole('button', { name: `Add ${a.title}`, exact: true });
  await expect(again).toHaveText('Add');
  await again.click();
  await expect(again).toHaveText('Added');
  await page.getByRole('link', { name: `Back to ${name}` }).click();
  await expect(entryTitles(page)).toHaveText([a.title, b.title]);
});
