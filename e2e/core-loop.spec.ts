import { expect, test, type APIRequestContext, type Locator, type Page, type TestInfo } from '@playwright/test';
import { acceptCookies, apiLogin, createUser, logInWithForm, type TestUser } from './support/accounts';
import { demoChannels, type CatalogVideo } from './support/player-catalog';

/**
 * The core loop of issue 31, at 1280 px and 375 px: a sift built with a phrase keyword keeps the phrase whole, and a
 * video clicked inside a sift, a playlist or the feed plays inside it — the list is the player's queue ("Playing
 * from …"), the address names it (`s`, `p`), and Next reaches the following video of the same list.
 */

test.describe.configure({ timeout: 150_000 });

const STOP_WORDS = new Set(['the', 'and', 'for', 'with', 'from', 'how', 'why', 'what', 'you', 'your', 'are', 'ever', 'have', 'that', 'this', 'than', 'into', 'over', 'its', 'our', 'one']);

interface PhraseSift {
  channel: { externalId: string; name: string };
  phrase: string;
  /** The newest videos the phrase keeps, as the sift's feed will list them. */
  videos: CatalogVideo[];
}

const preview = async (request: APIRequestContext, channel: string, all: string[]) => {
  const res = await request.post('/api/sifts/preview', { data: { channels: [channel], keywords: { all }, limit: 5 } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as { numberOfVideos: number; videos: CatalogVideo[] };
};

/**
 * A demo channel and two words that stand next to each other in some of its titles and apart in others: as a phrase
 * they keep fewer videos than as two words, and the three newest they keep play here.
 */
async function phraseSift(request: APIRequestContext): Promise<PhraseSift> {
  for (const channel of await demoChannels(request, 12)) {
    const { videos } = (await (await request.get(`/api/search/channels/${channel.externalId}/videos?limit=100`)).json()) as { videos: CatalogVideo[] };
    const pairs = new Map<string, number>();
    for (const v of videos) {
      const words = v.title.toLowerCase().match(/[a-z]{3,}/g) ?? [];
      for (const pair of new Set(words.slice(1).map((w, i) => `${words[i]} ${w}`))) pairs.set(pair, (pairs.get(pair) ?? 0) + 1);
    }
    const candidates = [...pairs.entries()]
      .filter(([pair, n]) => n >= 3 && !pair.split(' ').some((w) => STOP_WORDS.has(w)))
      .sort((a, b) => b[1] - a[1])
      .slice(0, 4);
    for (const [phrase] of candidates) {
      const asPhrase = await preview(request, channel.externalId, [phrase]);
      const playable = asPhrase.videos.slice(0, 3);
      if (playable.length < 3 || !playable.every((v) => v.embeddable && v.mediaUrl)) continue;
      if ((await preview(request, channel.externalId, phrase.split(' '))).numberOfVideos <= asPhrase.numberOfVideos) continue;
      return { channel, phrase, videos: playable };
    }
  }
  throw new Error('no phrase to sift the demo catalog by');
}

/**
 * Next, pressed by the test, is what moves on: autoplay is off (inside a playlist or sift, and elsewhere), or a
 * 30-second demo clip ending on a slow machine would move the player one video further first.
 */
const noAutoplay = (page: Page) =>
  page.addInitScript(() => {
    localStorage.setItem('sift.autoplay', 'false');
    localStorage.setItem('sift.autoplay_list', 'false');
  });

async function logIn(page: Page, user: TestUser, redirect: string) {
  await page.goto(`/login?redirect=${encodeURIComponent(redirect)}`);
  await logInWithForm(page, user);
  await expect(page).not.toHaveURL(/\/login/);
}

const player = (page: Page) => page.getByRole('dialog', { name: /./ }).filter({ has: page.locator('.watch-media') });
const cards = (page: Page) => page.getByRole('feed').getByRole('article');
/** The card's title link (the thumbnail's link goes to the same address). */
const titleLink = (card: Locator) => card.locator('.vcard-title a');
const shot = (page: Page, testInfo: TestInfo, name: string) => page.screenshot({ path: testInfo.outputPath(`${name}-${testInfo.project.name}.png`) });

/** The player plays `video` inside the list `param=value`, and says so above its queue. */
async function expectPlayingInside(page: Page, video: CatalogVideo, param: 'p' | 's', value: string, listName: string) {
  await expect(page).toHaveURL((url) => url.pathname === '/watch' && url.searchParams.get('v') === video.externalId && url.searchParams.get(param) === value);
  await expect(player(page).getByRole('heading', { name: `Playing from ${listName}` })).toBeAttached();
  await expect(player(page).locator('.upnext-item[aria-current="true"]')).toContainText(video.title);
}

test('the loop: search a channel, follow it with a daily digest, build a sift with a phrase, play its second video and reach the third with Next, inside the sift @phone', async ({ page, request, baseURL }, testInfo) => {
  await acceptCookies(page.context(), baseURL);
  await noAutoplay(page);
  const user = await createUser(request, testInfo, { onboarded: true, tag: 'loop-sift' });
  const { channel, phrase, videos } = await phraseSift(request);
  const [, second, third] = videos as [CatalogVideo, CatalogVideo, CatalogVideo];
  const name = `Phrase ${testInfo.project.name} ${Date.now().toString(36)}`;

  // Find: the channel by its name in the header's search, and follow it with a daily digest of its new videos.
  await logIn(page, user, '/');
  const box = page.getByRole('banner').getByRole('searchbox');
  await box.fill(channel.name);
  await box.press('Enter');
  await page.getByRole('feed', { name: 'Channel results' }).getByRole('link', { name: channel.name }).first().click();
  await page.getByRole('button', { name: `Follow ${channel.name}`, exact: true }).first().click();
  const followed = page.getByRole('dialog', { name: `You follow ${channel.name}` });
  await followed.getByRole('button', { name: 'Close' }).last().click();
  await page.getByRole('button', { name: `Following ${channel.name}` }).first().click();
  await page.getByRole('menu', { name: `Follow settings for ${channel.name}` }).getByRole('menuitemradio', { name: 'Daily digest' }).click();
  await expect(page.getByRole('status').filter({ hasText: `E-mail for ${channel.name}: daily digest` })).toBeVisible();
  const token = await apiLogin(request, user);
  const { items: subscriptions } = (await (await request.get('/api/subscriptions', { headers: { authorization: `Bearer ${token}` } })).json()) as {
    items: { frequency: string; target: { type: string; externalId: string } }[];
  };
  expect(subscriptions.find((s) => s.target.type === 'channel' && s.target.externalId === channel.externalId)?.frequency).toBe('DAILY');

  // Build: a channel, and the phrase typed as it is said, then Enter — one keyword, shown in quotes.
  await page.goto('/create/sift');
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Add channels').fill(channel.name);
  await page.getByRole('button', { name: `Add ${channel.name}` }).click();
  const words = page.getByLabel('All of these words', { exact: true });
  await words.fill(phrase);
  await words.press('Enter');
  const chips = page.getByRole('list', { name: 'Chosen: all of these words' });
  await expect(chips.getByRole('listitem')).toHaveText([`"${phrase}"×`]);
  await chips.scrollIntoViewIfNeeded();
  await shot(page, testInfo, 'editor-phrase-chip');
  await page.getByRole('button', { name: 'Create sift' }).click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  const hash = new URL(page.url()).pathname.split('/').pop()!;
  expect(((await (await request.get(`/api/sifts/${hash}`, { headers: { authorization: `Bearer ${token}` } })).json()) as { keywords: { all: string[] } }).keywords.all).toEqual([phrase]);

  // Its second video, clicked on its page, plays inside the sift.
  await expect(cards(page).nth(2)).toBeVisible();
  await expect(titleLink(cards(page).nth(1))).toHaveAttribute('href', `/watch?v=${second.externalId}&s=${hash}`);
  await titleLink(cards(page).nth(1)).click();
  await expectPlayingInside(page, second, 's', hash, name);
  await player(page).getByRole('button', { name: 'More actions' }).click();
  await expect(page.getByRole('menuitem', { name: 'View sift' })).toBeVisible();
  await page.keyboard.press('Escape');
  await player(page).locator('.upnext-item[aria-current="true"]').scrollIntoViewIfNeeded();
  await shot(page, testInfo, 'watch-sift-queue');

  await player(page).getByRole('button', { name: 'Next video' }).first().click();
  await expectPlayingInside(page, third, 's', hash, name);
});

/** A demo channel whose four newest videos play here (the feed of someone who follows only it starts with them). */
async function playableChannel(request: APIRequestContext): Promise<{ externalId: string; videos: CatalogVideo[] }> {
  for (const c of await demoChannels(request, 12)) {
    const { videos } = (await (await request.get(`/api/search/channels/${c.externalId}/videos?limit=4`)).json()) as { videos: CatalogVideo[] };
    if (videos.length === 4 && videos.every((v) => v.embeddable && v.mediaUrl)) return { externalId: c.externalId, videos };
  }
  throw new Error('no channel with four playable videos');
}

test('a playlist plays inside itself from its second entry: Next reaches the third @phone', async ({ page, request, baseURL }, testInfo) => {
  await acceptCookies(page.context(), baseURL);
  await noAutoplay(page);
  const user = await createUser(request, testInfo, { onboarded: true, tag: 'loop-playlist' });
  const token = await apiLogin(request, user);
  const auth = { authorization: `Bearer ${token}` };
  const name = `Loop ${testInfo.project.name} ${Date.now().toString(36)}`;
  const picked = (await playableChannel(request)).videos.slice(0, 3);
  const created = await request.post('/api/playlists', { headers: auth, data: { name } });
  expect(created.status(), await created.text()).toBe(201);
  const playlist = ((await created.json()) as { id: number }).id;
  for (const v of picked) expect((await request.post(`/api/playlists/${playlist}/videos`, { headers: auth, data: { externalId: v.externalId } })).status()).toBe(201);
  const entries = ((await (await request.get(`/api/playlists/${playlist}/videos`, { headers: auth })).json()) as { videos: CatalogVideo[] }).videos;
  const [, second, third] = entries as [CatalogVideo, CatalogVideo, CatalogVideo];

  await logIn(page, user, `/playlists/${playlist}`);
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(cards(page)).toHaveCount(3);
  // The thumbnail is a link too: clicking it plays inside the playlist as the title does.
  await cards(page).nth(1).locator('a.vcard-thumb').click();
  await expectPlayingInside(page, second, 'p', String(playlist), name);
  await player(page).getByRole('button', { name: 'More actions' }).click();
  await expect(page.getByRole('menuitem', { name: 'View playlist' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Remove from playlist' })).toBeVisible();
  await page.keyboard.press('Escape');

  await player(page).getByRole('button', { name: 'Next video' }).first().click();
  await expectPlayingInside(page, third, 'p', String(playlist), name);
});

const videoOf = async (card: Locator) => new URL((await titleLink(card).getAttribute('href'))!, 'http://x').searchParams.get('v');

test('a video clicked on the personal feed plays inside the feed: Next reaches the one below it @phone', async ({ page, request, baseURL }, testInfo) => {
  await acceptCookies(page.context(), baseURL);
  await noAutoplay(page);
  const user = await createUser(request, testInfo, { onboarded: true, tag: 'loop-feed' });
  const auth = { authorization: `Bearer ${await apiLogin(request, user)}` };
  const channel = (await playableChannel(request)).externalId;
  expect((await request.post('/api/subscriptions', { headers: auth, data: { externalId: channel } })).status()).toBe(201);

  await logIn(page, user, '/feed');
  await expect(cards(page).nth(2)).toBeVisible();
  // The feed is newest first; the cards say which video each plays (no list in the address: the feed has no parameter).
  const [second, third] = [await videoOf(cards(page).nth(1)), await videoOf(cards(page).nth(2))];
  await titleLink(cards(page).nth(1)).click();
  await expect(page).toHaveURL((url) => url.pathname === '/watch' && url.searchParams.get('v') === second);
  const heading = player(page).getByRole('heading', { name: 'Playing from My feed' });
  await expect(heading).toBeAttached();
  await player(page).getByRole('button', { name: 'Next video' }).first().click();
  await expect(page).toHaveURL((url) => url.searchParams.get('v') === third);
  await expect(heading).toBeAttached();
});
