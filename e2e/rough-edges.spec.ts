import { expect, test, type APIRequestContext, type Locator, type Page, type TestInfo } from '@playwright/test';
import { acceptCookies, apiLogin, createUser, waitForMail } from './support/accounts';
import { nearPerObserver } from './support/observe';
import { blockedPair, findPair } from './support/player-catalog';

/**
 * The rough edges a new user met in the browser (issue 18 "Defects seen in the browser"), each kept fixed here at
 * 1280 px, and at 375 px those tagged @phone (decisions/036), in the order a newcomer meets them.
 */

const latestVideos = (page: Page) => page.getByRole('feed', { name: 'Latest videos' });
const playerDialog = (page: Page) => page.getByRole('dialog', { name: /./ }).filter({ has: page.locator('.watch-media') });

test.beforeEach(async ({ context, baseURL }) => {
  await acceptCookies(context, baseURL);
});

/** A new member, logged in for the page's next loads; answers the session token for API calls. */
async function logIn(page: Page, request: APIRequestContext, testInfo: TestInfo): Promise<string> {
  return (await logInAs(page, request, testInfo)).token;
}

async function logInAs(page: Page, request: APIRequestContext, testInfo: TestInfo) {
  const user = await createUser(request, testInfo, { onboarded: true, tag: 'edges' });
  const token = await apiLogin(request, user);
  await page.addInitScript((t) => localStorage.setItem('sift.token', JSON.stringify(t)), token);
  return { user, token };
}

const api = (request: APIRequestContext, token: string) => {
  const headers = { authorization: `Bearer ${token}` };
  return {
    post: async <T>(url: string, data: unknown) => {
      const res = await request.post(url, { headers, data });
      expect(res.ok(), await res.text()).toBe(true);
      return (await res.json()) as T;
    },
  };
};

const box = async (l: Locator) => (await l.boundingBox())!;

// ---- 6. the Dashboard starts with videos that play; the demo's video service has a page ------------------------

test("the Dashboard's first video plays here, with no leave-site notice", async ({ page }) => {
  await page.goto('/');
  const first = latestVideos(page).getByRole('article').first();
  await first.getByRole('link').first().click();
  await expect(page).toHaveURL(/[?&]v=/);
  await expect(playerDialog(page).locator('video')).toHaveCount(1);
  await expect(page.getByRole('dialog', { name: "You're leaving Sift" })).toHaveCount(0);
  await expect(page.getByText("This video can't be played here.")).toHaveCount(0);
});

test('"Open on the video service" of a demo video opens a watch page that plays its clip @phone', async ({ page, context }) => {
  const { video } = await blockedPair(page.request);
  await page.goto(`/watch?v=${video.externalId}`);
  const leave = page.getByRole('dialog', { name: "You're leaving Sift" });
  // By keyboard: the modal focuses staying (Skip) first (issue 31), Tab reaches its Open button. (A click under load
  // could land while the page still moved under it — "html intercepts pointer events" — and its retry come after the
  // modal's 7 s had moved on to the next video.)
  const open = leave.getByRole('button', { name: /Open on the video service/ });
  await expect(leave.getByRole('button', { name: 'Skip' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(open).toBeFocused();
  const [tab] = await Promise.all([context.waitForEvent('page'), page.keyboard.press('Enter')]);
  await tab.waitForLoadState();
  expect(new URL(tab.url()).pathname).toBe('/demo-service/watch');
  await expect(tab.getByRole('heading', { level: 1, name: video.title })).toBeVisible();
  await expect(tab.getByRole('link', { name: video.channelName })).toHaveAttribute('href', `/channel/${video.channelExternalId}`);
  const clip = tab.locator('video');
  await expect(clip).toHaveAttribute('src', video.mediaUrl!);
  await expect.poll(() => clip.evaluate((el: HTMLVideoElement) => el.readyState)).toBeGreaterThan(0);
  // It fits the screen: no sideways scroll at 375 px.
  expect(await tab.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(tab.viewportSize()!.width);
});

// ---- 7. grids line up; badges and covers leave the thumbnail's label readable; a sift has one image ------------

test('grid view: cards of a row line up, and SHORTS sits clear of the label @phone', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('sift.gridType', JSON.stringify('grid')));
  await page.goto('/');
  const cards = latestVideos(page).getByRole('article');
  await expect(cards.nth(5)).toBeVisible();
  // Cards whose thumbnails share a top are one row: their titles start at one height, one line or two.
  const tops = await cards.evaluateAll((els) =>
    els.slice(0, 12).map((el) => ({ row: Math.round(el.querySelector('.vcard-thumb')!.getBoundingClientRect().top), title: el.querySelector('.vcard-title')!.getBoundingClientRect().top })),
  );
  for (const a of tops) for (const b of tops) if (a.row === b.row) expect(Math.abs(a.title - b.title)).toBeLessThan(1);

  // The demo thumbnails draw their label bottom left: the SHORTS badge stays in the top half. The Dashboard's first
  // videos need not hold a short (they change with the clock), so this opens a channel whose first page does.
  const { video: short } = await findPair(page.request, (v) => v.isShort === true, () => true);
  await page.goto(`/channel/${short.channelExternalId}`);
  const shortCard = page.locator('.vcard').filter({ has: page.locator('.badge--shorts') }).first();
  // Cards are drawn as the reader comes near them (InfiniteList): scroll until the short is drawn.
  await expect(page.locator('.vcard').first()).toBeVisible();
  await expect(async () => {
    if ((await shortCard.count()) === 0) await page.mouse.wheel(0, 1_500);
    await expect(shortCard).toBeAttached({ timeout: 1_000 });
  }).toPass();
  await shortCard.scrollIntoViewIfNeeded();
  const thumb = await box(shortCard.locator('.vcard-thumb'));
  const badge = await box(shortCard.locator('.badge--shorts'));
  expect(badge.y + badge.height).toBeLessThan(thumb.y + thumb.height / 2);
});

test("a sift shows one image everywhere, uncropped on its page, and in the profile's follows @phone", async ({ page, request }, testInfo) => {
  const token = await logIn(page, request, testInfo);
  const channels = ((await (await request.get('/api/public/v01/channel/search?limit=2')).json()) as { items: { externalId: string }[] }).items;
  const name = `Cover ${testInfo.project.name} ${Date.now().toString(36)}`;
  // Someone else's sift, which this member follows (one's own cannot be followed, decisions/048).
  const owner = await apiLogin(request, await createUser(request, testInfo, { onboarded: true, tag: 'edges-owner' }));
  const sift = await api(request, owner).post<{ id: number; hash: string }>('/api/sifts', { name, public: true, channels });
  await api(request, token).post('/api/subscriptions/sifts', { sifts: [sift.hash] });

  await page.goto(`/sifts/${sift.hash}`);
  const cover = page.locator('.sift-cover img');
  await expect(cover).toBeVisible();
  const src = await cover.getAttribute('src');
  // The automatic cover is a 16:9 video thumbnail: its box has the image's shape, so nothing of it is cut off.
  const ratio = await cover.evaluate((img: HTMLImageElement) => img.naturalWidth / img.naturalHeight / (img.clientWidth / img.clientHeight));
  expect(ratio).toBeGreaterThan(0.97);
  expect(ratio).toBeLessThan(1.03);

  await page.goto(`/search/main?st=${encodeURIComponent(name)}`);
  const result = page.getByRole('article').filter({ hasText: name }).first();
  await expect(result.locator('img')).toHaveAttribute('src', src!);

  await page.goto('/profile');
  const row = page.locator('.subs-row').filter({ hasText: name });
  await expect(row.locator('img.subs-thumb')).toHaveAttribute('src', src!);
});

// ---- 4, 5. at 375 px a channel row keeps room for its name, and a playlist's action icons keep their size --------

test("channel rows in search results leave their text the row's width beside Follow @phone", async ({ page, request }, testInfo) => {
  await logIn(page, request, testInfo);
  await page.goto('/search/main?st=woodworking');
  await page.getByRole('tab', { name: 'Channels', exact: true }).click();
  const row = page.locator('.ccard').first();
  await expect(row.getByRole('button', { name: /Follow/ })).toBeVisible();
  const card = await box(row);
  const text = await box(row.locator('.ccard-text'));
  const follow = await box(row.getByRole('button', { name: /Follow/ }));
  expect(text.width).toBeGreaterThan(card.width * 0.5);
  // Follow never covers the text: beside it, or below it.
  expect(follow.x >= text.x + text.width || follow.y >= text.y + text.height).toBe(true);
});

test("a playlist's action icons keep their size at every width @phone", async ({ page, request }, testInfo) => {
  const token = await logIn(page, request, testInfo);
  const playlist = await api(request, token).post<{ id: number }>('/api/playlists', { name: 'Weekend baking and a long name' });
  const { videos } = (await (await request.get('/api/feeds/public?limit=1')).json()) as { videos: { externalId: string }[] };
  await api(request, token).post(`/api/playlists/${playlist.id}/videos`, { externalId: videos[0]!.externalId });
  await page.goto(`/playlists/${playlist.id}`);
  const actions = page.locator('.playlist-actions');
  await expect(actions.getByRole('link', { name: 'Play all' })).toBeVisible();
  const sizes = await actions.locator('svg').evaluateAll((els) => els.map((el) => el.getBoundingClientRect()).map((r) => [r.width, r.height]));
  expect(sizes.length).toBeGreaterThanOrEqual(3);
  for (const [w, h] of sizes) expect(w).toBeCloseTo(h!, 0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
});

// ---- 8. /create and /create/playlist look finished; narrow pages line up; selects are styled; mail links wrap --------

const noSidewaysScroll = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);

test('/create offers a Sift and a playlist as cards that say what each is; /create/playlist is a column with a sized button @phone', async ({ page, request }, testInfo) => {
  await logIn(page, request, testInfo);
  await page.goto('/playlists');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const columnLeft = (await box(page.locator('.page').first())).x;

  await page.goto('/create');
  const sift = page.getByRole('link', { name: /^Sift A line-up of channels/ });
  const playlist = page.getByRole('link', { name: /^Playlist Videos you pick/ });
  await expect(sift).toBeVisible();
  await expect(playlist).toBeVisible();
  for (const card of [await box(sift), await box(playlist)]) expect(card.height).toBeGreaterThan(100);
  await noSidewaysScroll(page);

  await playlist.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Create a playlist' })).toBeVisible();
  const column = await box(page.locator('.page').first());
  expect(Math.abs(column.x - columnLeft)).toBeLessThan(1);
  expect(column.width).toBeLessThanOrEqual(560);
  const button = await box(page.getByRole('button', { name: 'Create playlist' }));
  if (page.viewportSize()!.width > 480) expect(button.width).toBeLessThan(300);
  await noSidewaysScroll(page);
});

test("the profile's column lines up with other pages, and its select is drawn like the app's fields @phone", async ({ page, request }, testInfo) => {
  const token = await logIn(page, request, testInfo);
  const channels = ((await (await request.get('/api/public/v01/channel/search?limit=1')).json()) as { items: { externalId: string }[] }).items;
  await api(request, token).post('/api/subscriptions', { externalId: channels[0]!.externalId });
  await page.goto('/playlists');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const columnLeft = (await box(page.locator('.page').first())).x;
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  expect(Math.abs((await box(page.locator('.page').first())).x - columnLeft)).toBeLessThan(1);

  const select = page.locator('.subs-row select').first();
  await expect(select).toBeVisible();
  const look = await select.evaluate((el) => {
    const s = getComputedStyle(el);
    return { appearance: s.appearance, image: s.backgroundImage, radius: parseFloat(s.borderTopLeftRadius), height: el.getBoundingClientRect().height };
  });
  expect(look.appearance).toBe('none');
  expect(look.image).toContain('data:image/svg+xml');
  expect(look.radius).toBeGreaterThanOrEqual(8);
  expect(look.height).toBeGreaterThanOrEqual(40);
});

test("the confirmation mail's long link wraps inside its card @phone", async ({ page, request }, testInfo) => {
  const { user } = await logInAs(page, request, testInfo);
  const mail = await waitForMail(user.email, /confirm/i);
  await page.setContent(mail.html);
  await noSidewaysScroll(page);
  const link = page.getByRole('link', { name: /confirmRegistration/ });
  const card = await box(page.locator('body > div'));
  const shown = await box(link);
  expect(shown.x + shown.width).toBeLessThanOrEqual(card.x + card.width);
});

// ---- 2. menus stay inside the viewport: they flip, or scroll -------------------------------------------------------

/** Every item of the open menu lies inside the viewport (a dropdown at 1280 px, a bottom sheet at 375 px). */
async function expectMenuInView(page: Page) {
  const items = page.getByRole('menu').getByRole('menuitem');
  await expect(items.first()).toBeVisible();
  const view = page.viewportSize()!;
  for (const item of await items.all()) {
    await item.scrollIntoViewIfNeeded();
    const b = await box(item);
    expect(b.y).toBeGreaterThanOrEqual(0);
    expect(b.y + b.height).toBeLessThanOrEqual(view.height);
    expect(b.x).toBeGreaterThanOrEqual(0);
    expect(b.x + b.width).toBeLessThanOrEqual(view.width);
  }
}

test("the player's ⋮ menu shows all of itself: Remove from playlist can be reached and used @phone", async ({ page, request }, testInfo) => {
  const token = await logIn(page, request, testInfo);
  const playlist = await api(request, token).post<{ id: number }>('/api/playlists', { name: 'Menu reach' });
  const { videos } = (await (await request.get('/api/feeds/public?limit=3')).json()) as { videos: { externalId: string }[] };
  for (const v of videos) await api(request, token).post(`/api/playlists/${playlist.id}/videos`, { externalId: v.externalId });
  await page.goto(`/watch?v=${videos[0]!.externalId}&p=${playlist.id}`);
  await playerDialog(page).getByRole('button', { name: 'More actions' }).click();
  await expectMenuInView(page);
  await page.getByRole('menuitem', { name: 'Remove from playlist' }).click();
  await expect.poll(async () => ((await (await request.get(`/api/playlists/${playlist.id}`, { headers: { authorization: `Bearer ${token}` } })).json()) as { numberOfVideos: number }).numberOfVideos).toBe(2);
});

test("a card's ⋮ menu near the bottom of the screen opens upwards, inside the viewport @phone", async ({ page, request }, testInfo) => {
  await logIn(page, request, testInfo);
  await page.goto('/');
  const cards = latestVideos(page).getByRole('article');
  // The fourth card: below the first screen at both widths, and drawn before anyone scrolls (a phone draws only the
  // cards its screen and the 1,800 px below it need, a batch a task: decision 027).
  await expect(cards.nth(3)).toBeVisible();
  // Bring a card's menu button to the last 60 px of the screen.
  const button = cards.nth(3).getByRole('button', { name: /^More actions for/ });
  await button.scrollIntoViewIfNeeded();
  const at = await box(button);
  await page.mouse.wheel(0, at.y - (page.viewportSize()!.height - 60));
  await expect.poll(async () => (await box(button)).y).toBeGreaterThan(page.viewportSize()!.height - 120);
  // By keyboard (Playwright's click would first scroll the card up to where it is not near the bottom any more).
  await button.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menu')).toBeVisible();
  // A dropdown (≥ 992 px) sits above its button, which the page did not scroll away to make room; below, a sheet.
  // (Measured before expectMenuInView, whose scrollIntoViewIfNeeded may move the page.)
  if (page.viewportSize()!.width >= 992) {
    const buttonAt = await box(button);
    expect(buttonAt.y).toBeGreaterThan(page.viewportSize()!.height - 120);
    const menu = await box(page.getByRole('menu'));
    expect(menu.y + menu.height).toBeLessThanOrEqual(buttonAt.y);
  }
  await expectMenuInView(page);
});

test('the back-to-top button never covers a card\'s ⋮ button, wherever the page is scrolled @phone', async ({ page }) => {
  await page.goto('/');
  const steps = 24;
  const backToTop = page.getByRole('button', { name: 'Back to top' });
  for (let step = 1; step <= steps; step++) {
    // The list draws more cards as the page is scrolled (decision 027): wait until there is room for this step.
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollHeight - innerHeight)).toBeGreaterThanOrEqual(step * 97);
    await page.evaluate((y) => window.scrollTo(0, y), step * 97);
    await expect(backToTop).toBeVisible();
    const covered = await page.evaluate(() => {
      const top = document.querySelector('.back-to-top')!.getBoundingClientRect();
      return [...document.querySelectorAll('button[aria-label^="More actions for"]')]
        .map((b) => b.getBoundingClientRect())
        .filter((r) => r.left < top.right && r.right > top.left && r.top < top.bottom && r.bottom > top.top).length;
    });
    expect(covered, `scrolled to ${step * 97} px`).toBe(0);
  }
  // It still does its job.
  await backToTop.click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

// ---- 3. a video opened from a page plays over that page, and minimising returns to it ------------------------------

test('a video opened from a channel page plays over the channel, and minimising or closing returns there', async ({ page }) => {
  const channel = ((await (await page.request.get('/api/public/v01/channel/search?limit=1')).json()) as { items: { externalId: string; name: string }[] }).items[0]!;
  await page.goto(`/channel/${channel.externalId}`);
  const heading = page.getByRole('heading', { level: 1, name: channel.name });
  await expect(heading).toBeVisible();
  const videos = page.getByRole('feed', { name: `Videos of ${channel.name}` }).getByRole('article');
  await videos.nth(3).scrollIntoViewIfNeeded();
  const scrolled = await page.evaluate(() => window.scrollY);
  await videos.nth(3).getByRole('heading').getByRole('link').click();
  await expect(page).toHaveURL(/\/watch\?v=/);
  // Behind the player: the channel page, where it was, not the Dashboard.
  await expect(heading).toBeAttached();
  await expect(page.getByRole('feed', { name: 'Latest videos' })).toHaveCount(0);
  expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);

  await playerDialog(page).getByRole('button', { name: 'Minimise player' }).click();
  await expect(page).toHaveURL(new RegExp(`/channel/${channel.externalId}\\?v=`));
  await expect(heading).toBeVisible();
  await expect(page.getByRole('button', { name: /^Expand player/ })).toBeVisible();

  // Open again from the bar, then close: still the channel page.
  await page.getByRole('button', { name: /^Expand player/ }).click();
  await playerDialog(page).getByRole('button', { name: 'Close player' }).click();
  await expect(page).toHaveURL(new RegExp(`/channel/${channel.externalId}$`));
  await expect(heading).toBeVisible();
});

// ---- 1. the header's Back and Forward follow the browser's history, after a reload or a typed address too ------------

test("the header's Back and Forward follow the browser's history after a reload and a typed address", async ({ page }) => {
  const header = page.getByRole('banner');
  const back = header.getByRole('button', { name: 'Go back' });
  const forward = header.getByRole('button', { name: 'Go forward' });
  /** Where we stand: both buttons as the browser's history has them. */
  const expectButtons = async (canGoBack: boolean, canGoForward: boolean) => {
    await (canGoBack ? expect(back).toBeEnabled() : expect(back).toBeDisabled());
    await (canGoForward ? expect(forward).toBeEnabled() : expect(forward).toBeDisabled());
  };
  const backHome = async () => {
    await back.click();
    await expect(page).toHaveURL(/\/$/);
    await expectButtons(true, true);
  };
  // (The test's tab starts on about:blank, an entry of its history like any other page before ours.)
  await page.goto('/');
  await expect(forward).toBeDisabled();

  // In the app: to a channel, back, forward.
  const first = latestVideos(page).getByRole('article').first();
  const channelName = (await first.locator('.vcard-channel a').textContent())!.trim();
  await first.locator('.vcard-channel a').click();
  await expect(page).toHaveURL(/\/channel\//);
  await expectButtons(true, false);
  await backHome();
  await forward.click();
  await expect(page.getByRole('heading', { level: 1, name: channelName })).toBeVisible();

  // A reload keeps both as the browser has them.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: channelName })).toBeVisible();
  await expectButtons(true, false);

  // Back, then a typed address: the browser drops the forward entry and puts the new one last.
  await backHome();
  await page.goto('/search');
  await expectButtons(true, false);
  await backHome();
  await forward.click();
  await expect(page).toHaveURL(/\/search$/);
});

// ---- accessibility: the carousel is one tab stop; queue items are named in words -----------------------------------

test('the channel carousel is one stop between the search box and the first video; arrows move along it', async ({ page, isMobile }) => {
  test.skip(isMobile, 'Tab order is a keyboard matter: the mobile project has no keyboard');
  await page.goto('/');
  const tiles = page.getByRole('list', { name: 'Popular channels' }).getByRole('link');
  await expect(tiles.nth(5)).toBeVisible();
  await page.getByRole('searchbox').or(page.getByPlaceholder('Search...')).first().focus();
  // Tab from the search box reaches the carousel once and, a few stops later (layout toggles), the first video.
  const stops: string[] = [];
  for (let i = 0; i < 16; i++) {
    await page.keyboard.press('Tab');
    stops.push(await page.evaluate(() => (document.activeElement?.closest('.ctile') ? 'channel' : document.activeElement?.closest('.vcard') ? 'video' : 'other')));
    if (stops.at(-1) === 'video') break;
  }
  expect(stops.filter((s) => s === 'channel')).toHaveLength(1);
  expect(stops).toContain('video');

  await tiles.first().focus();
  await page.keyboard.press('ArrowRight');
  await expect(tiles.nth(1)).toBeFocused();
  await page.keyboard.press('End');
  await expect(tiles.last()).toBeFocused();
});

test('the channel strip draws the tiles a screen shows, and the rest as it is scrolled @phone', async ({ page, isMobile }) => {
  await page.goto('/');
  const strip = page.getByRole('list', { name: 'Popular channels' });
  const tiles = strip.getByRole('listitem');
  await expect(tiles.first()).toBeVisible();
  // A phone shows ~3 tiles: 8 are drawn with the data, two a task, not all 20 (issue 18). A 1280 px screen draws the
  // rest at once. The rest are drawn when the last one drawn comes within 300 px of the strip's visible part
  // (ChannelStrip's DRAW_AHEAD_PX): once the strip's observer has said it is not, 8 stay.
  if (isMobile) {
    await expect(tiles).toHaveCount(8);
    expect(await nearPerObserver(tiles.last(), '0px 300px', 'parent')).toBe(false);
    await expect(tiles).toHaveCount(8);
  }
  await expect(async () => {
    await strip.evaluate((el) => el.scrollBy({ left: el.clientWidth }));
    await expect(tiles).toHaveCount(20, { timeout: 1_000 });
  }).toPass();
  await tiles.last().scrollIntoViewIfNeeded();
  await expect(tiles.last()).toBeInViewport();
});

test("the player's queue names each video in words: title, channel, duration", async ({ page, request }, testInfo) => {
  const token = await logIn(page, request, testInfo);
  const playlist = await api(request, token).post<{ id: number }>('/api/playlists', { name: 'Queue names' });
  const { videos } = (await (await request.get('/api/feeds/public?limit=10')).json()) as { videos: { externalId: string; title: string; channelName: string; liveStatus: string }[] };
  const two = videos.filter((v) => v.liveStatus === 'NONE').slice(0, 2);
  for (const v of two) await api(request, token).post(`/api/playlists/${playlist.id}/videos`, { externalId: v.externalId });
  await page.goto(`/watch?v=${two[0]!.externalId}&p=${playlist.id}`);
  const item = playerDialog(page).locator('.upnext-item').nth(1);
  await expect(item).toBeAttached();
  // Title, channel and duration with pauses between them (the spaces before the commas are the browser's).
  const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  await expect(item).toHaveAccessibleName(new RegExp(`^${escaped(two[1]!.title)}\\s*, ${escaped(two[1]!.channelName)}\\s*, \\d+ (minute|second|hour)`));
});

test("a video's first paint has its picture: drawn with the player, from the page's own copy of the video", async ({ page, request }) => {
  // Every element ever added to the page is seen (its class, and an image's address), from before the app's first render.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __seen: string[] }).__seen = seen;
    new MutationObserver((records) => {
      for (const r of records)
        for (const n of r.addedNodes)
          if (n instanceof Element) for (const e of [n, ...n.querySelectorAll('*')]) if (typeof e.className === 'string') seen.push(e instanceof HTMLImageElement ? `${e.className} ${e.getAttribute('src')}` : e.className);
    }).observe(document, { childList: true, subtree: true });
  });
  const { videos } = (await (await request.get('/api/feeds/public?limit=5')).json()) as { videos: { externalId: string; thumbnail: string; embeddable: boolean }[] };
  const video = videos.find((v) => v.embeddable)!;
  await page.goto(`/watch?v=${video.externalId}`);
  await expect(playerDialog(page).locator('.pl-host video')).toBeAttached();
  // The picture was drawn with the player, before the provider's player existed (a spinner over it while the player
  // starts, never a black box); it gives way once the player is ready, whose own poster is the same picture.
  const added = await page.evaluate(() => (window as unknown as { __seen: string[] }).__seen);
  const poster = added.indexOf(`pl-poster ${video.thumbnail}`);
  expect(poster).toBeGreaterThan(-1);
  expect(poster).toBeLessThan(added.indexOf('pl-host'));
  await expect(playerDialog(page).locator('img.pl-poster')).toHaveCount(0);
});
