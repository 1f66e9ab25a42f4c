import fs from 'node:fs';
import { expect, test, type APIRequestContext, type Browser, type Page, type TestInfo } from '@playwright/test';
import { acceptCookies, apiLogin, createUser } from './support/accounts';
import { findPair } from './support/player-catalog';

/**
 * Watching, remembered (issue 30), in the built app: a member's position follows them to another browser, a watched
 * video leaves a sift page with "Hide watched" on and comes back when unmarked, the Dashboard's Continue watching row,
 * and the history page's search, remove and clear. Screenshots of each go to /tmp/i30-shots/ (looked at by a person).
 */

test.describe.configure({ timeout: 120_000 });

const SHOTS = '/tmp/i30-shots';

interface Member {
  token: string;
  headers: { authorization: string };
}

async function member(request: APIRequestContext, testInfo: TestInfo, tag: string): Promise<Member> {
  const user = await createUser(request, testInfo, { onboarded: true, tag });
  const token = await apiLogin(request, user);
  return { token, headers: { authorization: `Bearer ${token}` } };
}

/** A browser context where the member is logged in (the token where the app keeps it) and the cookie bar is answered. */
async function memberPage(browser: Browser, baseURL: string | undefined, m: Member, viewport?: { width: number; height: number } | null): Promise<Page> {
  const context = await browser.newContext({ baseURL, ...(viewport ? { viewport } : {}) });
  await acceptCookies(context, baseURL);
  await context.addInitScript((t) => localStorage.setItem('sift.token', JSON.stringify(t)), m.token);
  return context.newPage();
}

async function loggedIn(page: Page, baseURL: string | undefined, m: Member) {
  await acceptCookies(page.context(), baseURL);
  await page.addInitScript((t) => localStorage.setItem('sift.token', JSON.stringify(t)), m.token);
}

async function shoot(page: Page, testInfo: TestInfo, name: string, fullPage = false) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}-${testInfo.project.name}.png`, fullPage });
}

interface CardVideo {
  externalId: string;
  title: string;
  channelExternalId: string;
  durationSeconds: number;
  liveStatus: string;
}

async function publicVideos(request: APIRequestContext, n: number): Promise<CardVideo[]> {
  const res = await request.get(`/api/feeds/public?limit=${n}`);
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { videos: CardVideo[] }).videos;
}

async function ok(res: Awaited<ReturnType<APIRequestContext['post']>>) {
  expect(res.ok(), await res.text()).toBe(true);
}

test('a position saved in one browser resumes the video in another', async ({ browser, baseURL, request }, testInfo) => {
  const m = await member(request, testInfo, 'resume');
  // Live videos have no position: a recorded one, playable here.
  const { video } = await findPair(request, (v) => v.embeddable && v.liveStatus !== 'LIVE', (v) => v.embeddable);

  // First browser: the 30 s clip plays, "3" seeks to 30 % (9 s), a pause saves it.
  const first = await memberPage(browser, baseURL, m);
  await first.goto(`/watch?v=${video.externalId}`);
  const media = first.locator('.watch-media video');
  await expect.poll(() => media.evaluate((el: HTMLVideoElement) => el.currentTime), { timeout: 30_000 }).toBeGreaterThan(0.5);
  await first.keyboard.press('3');
  await expect.poll(() => media.evaluate((el: HTMLVideoElement) => el.currentTime)).toBeGreaterThan(8);
  // The pause saves where it stopped (9 s or a moment later: before the middle, so not watched).
  const saved = first.waitForRequest((r) => {
    if (!r.url().includes(`/api/me/history/${video.externalId}`) || r.method() !== 'PUT') return false;
    const { position } = r.postDataJSON() as { position: number };
    return position >= 8 && position < 15;
  });
  await first.keyboard.press('k');
  await expect.poll(() => media.evaluate((el: HTMLVideoElement) => el.paused)).toBe(true);
  const { position } = (await saved).postDataJSON() as { position: number };
  expect((await (await saved).response())?.status()).toBe(204);
  await first.context().close();

  // Second browser, same member: the video starts where it was left, and says so.
  const second = await memberPage(browser, baseURL, m);
  await second.goto(`/watch?v=${video.externalId}`);
  await expect(second.getByRole('status').filter({ hasText: new RegExp(`Resumed at 00:${String(position).padStart(2, '0')}`) })).toBeVisible({ timeout: 30_000 });
  await expect(second.getByRole('button', { name: 'Start over' })).toBeVisible();
  await expect.poll(() => second.locator('.watch-media video').evaluate((el: HTMLVideoElement) => el.currentTime)).toBeGreaterThanOrEqual(position);
  await second.context().close();
});

test('a card shows how far the member got as soon as the player closes, without a reload', async ({ page, baseURL, request }, testInfo) => {
  const m = await member(request, testInfo, 'card-progress');
  // Its channel's second video: among the first cards its page draws.
  const { video } = await findPair(request, (v) => v.embeddable && v.liveStatus !== 'LIVE', (v) => v.embeddable);
  await loggedIn(page, baseURL, m);
  await page.goto(`/channel/${video.channelExternalId}`);
  const card = page.getByRole('article').filter({ hasText: video.title }).first();
  await expect(card).toBeVisible();
  await expect(card).not.toContainText('% watched');

  await card.getByRole('link', { name: video.title }).first().click();
  const media = page.locator('.watch-media video');
  await expect.poll(() => media.evaluate((el: HTMLVideoElement) => el.currentTime), { timeout: 30_000 }).toBeGreaterThan(0.5);
  await page.keyboard.press('3');
  await expect.poll(() => media.evaluate((el: HTMLVideoElement) => el.currentTime)).toBeGreaterThan(8);
  const saved = page.waitForRequest((r) => r.url().includes(`/api/me/history/${video.externalId}`) && r.method() === 'PUT');
  await page.keyboard.press('k');
  await saved;
  await page.getByRole('button', { name: 'Close player' }).first().click();
  await expect(card).toContainText('% watched');
  await shoot(page, testInfo, 'card-progress-after-close');
  // Of the length the player played (the demo's clip lasts 30 s), not the listed minutes: 8 s or more is over a fifth.
  const shown = async () => Number((await card.locator('.vcard-progress > span').getAttribute('style'))?.match(/width: (\d+)%/)?.[1]);
  expect(await shown()).toBeGreaterThan(20);
  // And as the server says it after a reload.
  await page.reload();
  await expect(card).toContainText('% watched');
  expect(await shown()).toBeGreaterThan(20);
});

/** A new member's own public sift of the newest public video's channel, opened in `page`; answers the sift's hash. */
async function openOwnSift(page: Page, baseURL: string | undefined, request: APIRequestContext, m: Member, name: string): Promise<string> {
  const [first] = await publicVideos(request, 1);
  const made = await request.post('/api/sifts', { headers: m.headers, data: { name, public: true, channels: [{ externalId: first!.channelExternalId }] } });
  await ok(made);
  const { hash } = (await made.json()) as { hash: string };
  await loggedIn(page, baseURL, m);
  await page.goto(`/sifts/${hash}`);
  return hash;
}

test('with "Hide watched" on, a video marked watched leaves a sift page and comes back when unmarked @phone', async ({ page, baseURL, request }, testInfo) => {
  const m = await member(request, testInfo, 'hidewatched');
  await openOwnSift(page, baseURL, request, m, 'Watched sift');

  const cards = page.getByRole('feed').getByRole('article');
  await expect(cards.first()).toBeVisible();
  const hide = page.getByRole('switch', { name: 'Hide watched' });
  await hide.check();
  await expect(cards.first()).toBeVisible();
  const title = (await cards.first().locator('.vcard-title').textContent())!.trim();
  const card = cards.filter({ has: page.getByRole('heading', { name: title, exact: true }) });

  await card.getByRole('button', { name: `More actions for ${title}` }).click();
  // The page takes the card away at once; the reload below must come after the server has the mark.
  const marked = page.waitForResponse((r) => r.url().endsWith('/watched') && r.request().method() === 'POST');
  await page.getByRole('menuitem', { name: 'Mark as watched' }).click();
  await expect(card).toHaveCount(0);
  expect((await marked).ok()).toBe(true);
  // The server leaves it out too: a reload (the switch remembered) does not bring it back.
  await page.reload();
  await expect(cards.first()).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Hide watched' })).toBeChecked();
  await expect(card).toHaveCount(0);

  // Switched off, it is there with its badge; unmarked, it stays when the switch is on again.
  await page.getByRole('switch', { name: 'Hide watched' }).uncheck();
  await expect(card.locator('.badge--watched')).toHaveText('Watched');
  await shoot(page, testInfo, 'card-watched');
  await card.getByRole('button', { name: `More actions for ${title}` }).click();
  await page.getByRole('menuitem', { name: 'Mark as unwatched' }).click();
  await expect(card.locator('.badge--watched')).toHaveCount(0);
  await page.getByRole('switch', { name: 'Hide watched' }).check();
  await expect(card).toHaveCount(1);
});

test('the Dashboard leads with Continue watching, whose card shows how far the member got @phone', async ({ page, baseURL, request }, testInfo) => {
  const m = await member(request, testInfo, 'continue');
  const videos = (await publicVideos(request, 40)).filter((v) => v.liveStatus !== 'LIVE' && v.durationSeconds >= 120);
  const [started] = videos;
  // A fifth of the catalog's length, and the player's length the same: not watched, so it is to be continued.
  const at = Math.round(started!.durationSeconds / 5);
  await ok(await request.put(`/api/me/history/${started!.externalId}`, { headers: m.headers, data: { position: at, duration: started!.durationSeconds } }));
  await ok(await request.post(`/api/me/history/${videos[1]!.externalId}/watched`, { headers: m.headers }));
  await loggedIn(page, baseURL, m);
  await page.goto('/');

  const row = page.getByRole('region', { name: 'Continue watching' });
  await expect(row).toBeVisible();
  const card = row.getByRole('article');
  await expect(card).toHaveCount(1);
  await expect(card.getByRole('heading', { name: started!.title })).toBeVisible();
  await expect(card.locator('.vcard-progress > span')).toHaveAttribute('style', /width: 20%/);
  // The row comes first, above the channels and the latest videos.
  const headings = await page.getByRole('heading', { level: 2 }).allTextContents();
  expect(headings[0]).toBe('Continue watching');
  // The watched video carries its badge in the latest videos.
  await expect(page.getByRole('feed', { name: 'Latest videos' }).locator('.badge--watched').first()).toBeVisible();
  await shoot(page, testInfo, 'dashboard-continue');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
});

test('a visitor sees no Continue watching row and no "Hide watched"', async ({ page, baseURL }) => {
  await acceptCookies(page.context(), baseURL);
  await page.goto('/');
  await expect(page.getByRole('feed', { name: 'Latest videos' }).getByRole('article').first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Continue watching' })).toHaveCount(0);
  await expect(page.getByRole('switch', { name: 'Hide watched' })).toHaveCount(0);
  await page.goto('/history');
  await expect(page).toHaveURL(/\/login/);
});

test('the history page: by day, search, remove one, clear all @phone', async ({ page, baseURL, request }, testInfo) => {
  const m = await member(request, testInfo, 'historypage');
  const videos = await publicVideos(request, 3);
  for (const v of videos) await ok(await request.post(`/api/me/history/${v.externalId}/watched`, { headers: m.headers }));
  await loggedIn(page, baseURL, m);
  await page.goto('/history');

  await expect(page.getByRole('heading', { name: 'History', level: 1 })).toBeVisible();
  const entries = page.getByRole('feed', { name: 'History' }).getByRole('article');
  await expect(entries).toHaveCount(3);
  await expect(page.getByRole('heading', { name: 'Today' })).toBeVisible();
  await shoot(page, testInfo, 'history', true);

  // Search: a word of one title.
  const target = videos[2]!;
  const word = target.title.split(/\s+/).find((w) => w.length > 3) ?? target.title;
  const search = page.getByRole('textbox', { name: 'Search history...' });
  await search.fill(word);
  await search.press('Enter');
  await expect(entries.filter({ has: page.getByRole('heading', { name: target.title, exact: true }) })).toHaveCount(1);
  await search.fill('');
  await search.press('Enter');
  await expect(entries).toHaveCount(3);

  // Remove one.
  const gone = videos[0]!;
  await page.getByRole('button', { name: `Remove ${gone.title} from history` }).click();
  await expect(entries).toHaveCount(2);
  await expect(page.getByRole('heading', { name: gone.title, exact: true })).toHaveCount(0);

  // Clear all, after confirming.
  await page.getByRole('button', { name: 'Clear all history' }).click();
  const dialog = page.getByRole('dialog', { name: 'Clear all history?' });
  await dialog.getByRole('button', { name: 'Clear all history' }).click();
  await expect(entries).toHaveCount(0);
  await expect(page.getByText('No results.')).toBeVisible();
  const left = await request.get('/api/me/history', { headers: m.headers });
  expect(((await left.json()) as { items: unknown[] }).items).toEqual([]);
});

test('a video hidden from the feeds leaves a sift page and is brought back from the history page', async ({ page, baseURL, request }, testInfo) => {
  const m = await member(request, testInfo, 'dismissal');
  const hash = await openOwnSift(page, baseURL, request, m, 'Dismissals');

  const cards = page.getByRole('feed').getByRole('article');
  await page.getByRole('switch', { name: 'Hide watched' }).check();
  await expect(cards.first()).toBeVisible();
  const title = (await cards.first().locator('.vcard-title').textContent())!.trim();
  const card = cards.filter({ has: page.getByRole('heading', { name: title, exact: true }) });
  await card.getByRole('button', { name: `More actions for ${title}` }).click();
  await page.getByRole('menuitem', { name: 'Hide from my feeds' }).click();
  await expect(card).toHaveCount(0);

  // The toast's Undo has gone by: the history page lists the dismissal and undoes it.
  await page.goto('/history');
  await page.getByText('Videos hidden from your feeds').click();
  const hidden = page.getByRole('feed', { name: 'Videos hidden from your feeds' }).getByRole('article');
  await expect(hidden).toHaveCount(1);
  await expect(hidden.getByRole('heading', { name: title, exact: true })).toBeVisible();
  await shoot(page, testInfo, 'history-hidden', true);
  await page.getByRole('button', { name: `Show ${title} in your feeds again` }).click();
  await expect(hidden).toHaveCount(0);
  await expect(page.getByText('You have not hidden any video.', { exact: false })).toBeVisible();

  await page.goto(`/sifts/${hash}`);
  await expect(page.getByRole('switch', { name: 'Hide watched' })).toBeChecked();
  await expect(card).toHaveCount(1);
});
