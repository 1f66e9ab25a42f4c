import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { acceptCookies, apiLogin, createUser, logInWithForm } from './support/accounts';

/**
 * The playlist page's "Find in playlist" filter (SPEC §7 GET /api/playlists/{id}/videos with q), at 1280 px and
 * 375 px: applied on Enter, it shows only the videos whose title has the text; the owner's Move buttons hide while
 * it is on (they move by position in the whole playlist); Play all still starts at the first video; clearing it
 * brings the whole playlist back.
 */

test.describe.configure({ timeout: 90_000 });

interface Video {
  externalId: string;
  title: string;
}

/** Three videos of one channel and a word that only the second one's title has. */
async function threeVideosAndWord(request: APIRequestContext): Promise<{ videos: [Video, Video, Video]; word: string }> {
  const res = await request.get('/api/public/v01/channel/search?limit=3');
  const channels = ((await res.json()) as { items: { externalId: string }[] }).items;
  for (const c of channels) {
    const all = ((await (await request.get(`/api/search/channels/${c.externalId}/videos?limit=30`)).json()) as { videos: Video[] }).videos;
    const words = (v: Video) => new Set(v.title.toLowerCase().match(/[a-z]{4,}/g) ?? []);
    for (let i = 0; i + 2 < all.length; i++) {
      const [a, b, d] = [all[i]!, all[i + 1]!, all[i + 2]!];
      const word = [...words(b)].find((w) => !words(a).has(w) && !words(d).has(w) && !a.title.toLowerCase().includes(w) && !d.title.toLowerCase().includes(w));
      if (word) return { videos: [a, b, d], word };
    }
  }
  throw new Error('no three videos with a word of their own');
}

const entryTitles = (page: Page) => page.getByRole('feed').getByRole('article').locator('.vcard-title');

test('"Find in playlist" narrows the playlist to the videos whose title has the text', async ({ page, request, baseURL }, testInfo) => {
  await acceptCookies(page.context(), baseURL);
  const user = await createUser(request, testInfo, { onboarded: true, tag: 'playlist-filter' });
  const headers = { authorization: `Bearer ${await apiLogin(request, user)}` };
  const name = `Filtered ${testInfo.project.name} ${Date.now().toString(36)}`;
  const { id } = (await (await request.post('/api/playlists', { headers, data: { name } })).json()) as { id: number };
  const { videos, word } = await threeVideosAndWord(request);
  for (const v of videos) expect((await request.post(`/api/playlists/${id}/videos`, { headers, data: { externalId: v.externalId } })).status()).toBe(201);
  const [a, b, c] = videos;

  await page.goto(`/login?redirect=${encodeURIComponent(`/playlists/${id}`)}`);
  await logInWithForm(page, user);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(entryTitles(page)).toHaveText([a.title, b.title, c.title]);
  await expect(page.getByRole('button', { name: `Move ${b.title} up` })).toBeVisible();

  const filter = page.getByRole('textbox', { name: 'Find in playlist' });
  await filter.fill(word.toUpperCase());
  await expect(entryTitles(page)).toHaveCount(3); // not applied while typing
  await filter.press('Enter');
  await expect(entryTitles(page)).toHaveText([b.title]);
  await expect(page.getByRole('button', { name: `Move ${b.title} up` })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Play all' })).toHaveAttribute('href', new RegExp(`v=${a.externalId}&p=${id}`));
  await page.screenshot({ path: testInfo.outputPath(`playlist-filter-${testInfo.project.name}.png`) });

  await filter.fill('zzqx nothing has this');
  await filter.press('Enter');
  await expect(entryTitles(page)).toHaveCount(0);
  await expect(page.getByText('No results.')).toBeVisible();

  await page.getByRole('button', { name: 'Clear filter' }).click();
  await expect(entryTitles(page)).toHaveText([a.title, b.title, c.title]);
  await expect(page.getByRole('button', { name: `Move ${b.title} up` })).toBeVisible();
});
