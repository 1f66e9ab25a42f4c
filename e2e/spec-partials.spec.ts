import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { acceptCookies, apiLogin, createUser, logInWithForm, recordToasts } from './support/accounts';
import { nearPerObserver } from './support/observe';

/**
 * SPEC items that were partial (issue 18), at 1280 px (and at 375 px the @phone ones, decisions/036) through the built app on the real server: the channel
 * modal of /ec/channel, the page modal's Close/Continue/Cancel, a 403 on the feed with `vid`, the feed page's
 * SPEC §7 parameters, a failed follow without a message, and the player queue's 100 px scroll trigger.
 */

test.describe.configure({ timeout: 120_000 });

interface ChannelRow {
  externalId: string;
  name: string;
  numberOfVideos: number;
}

async function channels(request: APIRequestContext, limit = 5) {
  return ((await (await request.get(`/api/public/v01/channel/search?limit=${limit}`)).json()) as { items: ChannelRow[] }).items;
}

async function member(page: Page, request: APIRequestContext, testInfo: Parameters<typeof createUser>[1], tag: string, redirect: string) {
  const user = await createUser(request, testInfo, { tag, onboarded: true });
  await page.goto(`/login?redirect=${encodeURIComponent(redirect)}`);
  await logInWithForm(page, user);
  return user;
}

test('/ec/channel opens the channel modal: the named channel with Follow, or the most-followed channels', async ({ page, request, context, baseURL }) => {
  await acceptCookies(context, baseURL);
  const [channel] = await channels(request, 1);
  await page.goto(`/ec/channel?channel=${encodeURIComponent(channel!.externalId)}`);
  await expect(page).toHaveURL(`/?channel=${encodeURIComponent(channel!.externalId)}`);
  const modal = page.getByRole('dialog', { name: channel!.name });
  await expect(modal.getByRole('link', { name: channel!.name })).toHaveAttribute('href', `/channel/${encodeURIComponent(channel!.externalId)}`);
  await expect(modal.getByRole('button', { name: `Follow ${channel!.name}` })).toBeVisible();
  await expect(page.getByText('arrives with channel following')).toHaveCount(0);
  await modal.getByRole('button', { name: 'Close' }).first().click();
  await expect(modal).toHaveCount(0);
  await expect(page).toHaveURL('/');

  await page.goto('/ec/channel');
  const list = page.getByRole('dialog', { name: 'Channels' });
  await expect(list.getByRole('article')).toHaveCount(10);
  await expect(list.getByRole('button', { name: /^Follow / }).first()).toBeVisible();
});

test('the sift modal pages are the page modal: Close, Cancel and Continue', async ({ page, request, context, baseURL }, testInfo) => {
  await acceptCookies(context, baseURL);
  const owner = await createUser(request, testInfo, { tag: 'page-modal', onboarded: true });
  const [, channel] = await channels(request, 2);
  const token = await apiLogin(request, owner);
  const created = await request.post('/api/sifts', {
    headers: { authorization: `Bearer ${token}` },
    data: { name: `Modal sift ${testInfo.project.name} ${Date.now().toString(36)}`, public: true, channels: [{ externalId: channel!.externalId }] },
  });
  expect(created.status(), await created.text()).toBe(201);
  const sift = (await created.json()) as { hash: string; name: string };
  await page.goto(`/login?redirect=${encodeURIComponent(`/sifts/${sift.hash}?m=addChannelsModalPage`)}`);
  await logInWithForm(page, owner);

  const add = page.getByRole('dialog', { name: `Add channels to ${sift.name}` });
  // The channel search comes with the editor's chunk, loaded as the modal opens (decision 061).
  await expect(add.getByLabel('Add channels')).toBeVisible();
  await expect(add.getByRole('button', { name: 'Cancel' })).toBeVisible();
  await expect(add.getByRole('button', { name: 'Close' })).toBeVisible();
  // Continue: from adding channels on to the sift's channels.
  await add.getByRole('button', { name: 'Continue' }).click();
  const view = page.getByRole('dialog', { name: `Channels of ${sift.name}` });
  await expect(view).toBeVisible();
  await expect(page).toHaveURL(/[?&]m=viewChannelsModalPage/);
  await expect(view.getByText(channel!.name).first()).toBeVisible();
  await view.getByRole('button', { name: 'Cancel' }).click();
  await expect(view).toHaveCount(0);
  await expect(page).not.toHaveURL(/[?&]m=/);
});

test('a 403 on the feed with vid goes to the auth-check address with action showVideo', async ({ page, request, context, baseURL }, testInfo) => {
  await acceptCookies(context, baseURL);
  await page.route('**/api/me/feeds/videos?*', (route) =>
    route.fulfill({ status: 403, contentType: 'application/json', body: JSON.stringify({ status: 403, code: 'FORBIDDEN', message: 'Not yours.' }) }),
  );
  await member(page, request, testInfo, 'vid-403', '/feed?vid=forbidden-video');
  await expect(page).toHaveURL(/\/login\?redirect=.*&action=showVideo$/);
  const redirect = new URL(page.url()).searchParams.get('redirect')!;
  expect(new URL(redirect, 'http://x').pathname).toBe('/feed');
  expect(new URL(redirect, 'http://x').searchParams.get('vid')).toBe('forbidden-video');
});

test('with vid the feed plays it, and drops vid once the feed has answered', async ({ page, request, context, baseURL }, testInfo) => {
  await acceptCookies(context, baseURL);
  const { videos } = (await (await request.get('/api/feeds/public?limit=1')).json()) as { videos: { externalId: string; title: string }[] };
  await member(page, request, testInfo, 'vid-ok', `/feed/myfeed?vid=${videos[0]!.externalId}`);
  await expect(page).toHaveURL(`/feed/myfeed?v=${videos[0]!.externalId}`);
});

test("the feed page reads its feed with SPEC §7's parameters", async ({ page, request, context, baseURL }, testInfo) => {
  await acceptCookies(context, baseURL);
  const sent: URL[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/me/feeds/videos')) sent.push(new URL(r.url()));
  });
  const user = await createUser(request, testInfo, { tag: 'feed-params', onboarded: true });
  // Following one channel: a feed with something in it shows its filter field.
  const [channel] = await channels(request, 1);
  const followed = await request.post('/api/subscriptions', { headers: { authorization: `Bearer ${await apiLogin(request, user)}` }, data: { externalId: channel!.externalId } });
  expect(followed.status(), await followed.text()).toBeLessThan(300);
  await page.goto(`/login?redirect=${encodeURIComponent('/feed?filterText=bread&any=rye,spelt&excludedAny=spelt&itemBeforeExternal=abc')}`);
  await logInWithForm(page, user);
  await expect.poll(() => sent.length).toBeGreaterThan(0);
  const first = sent.at(-1)!.searchParams;
  expect(first.get('itemsPerPage')).toBe('50');
  expect(first.get('filterText')).toBe('bread');
  expect(first.get('any')).toBe('rye,spelt');
  expect(first.get('excludedAny')).toBe('spelt');
  expect(first.get('itemBeforeExternal')).toBe('abc');

  // The filter field is the feed's filterText.
  await page.goto('/feed');
  const field = page.getByRole('textbox', { name: 'Filter videos' });
  await field.fill('oven');
  await field.press('Enter');
  await expect(page).toHaveURL('/feed?filterText=oven');
  await expect.poll(() => sent.at(-1)!.searchParams.get('filterText')).toBe('oven');
});

test('a failed follow shows no message', async ({ page, request, context, baseURL }, testInfo) => {
  await acceptCookies(context, baseURL);
  await recordToasts(page);
  const [channel] = await channels(request, 1);
  let posted = 0;
  await page.route('**/api/subscriptions', (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    posted += 1;
    return route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ status: 500, message: 'Database unavailable' }) });
  });
  await member(page, request, testInfo, 'follow-fail', `/channel/${encodeURIComponent(channel!.externalId)}`);
  const follow = page.getByRole('button', { name: `Follow ${channel!.name}` });
  // SPEC §8 "follow failure: logged, no user message": the log is the end of the failure's handling (FollowButton's
  // catch), so a message it showed would be there by then.
  const logged = page.waitForEvent('console', (m) => m.type() === 'warning' && m.text().startsWith('Follow failed'));
  await follow.click();
  await logged;
  expect(posted).toBe(1);
  await expect(follow).toBeEnabled();
  expect(await page.evaluate(() => (window as unknown as { __toasts?: string[] }).__toasts ?? [])).toEqual([]);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.getByText('Database unavailable')).toHaveCount(0);
});

test("the player's queue loads its next page when its end comes within 100 px @phone", async ({ page, request, context, baseURL }) => {
  await acceptCookies(context, baseURL);
  const channel = (await channels(request, 20)).find((c) => c.numberOfVideos > 60)!;
  const { videos } = (await (await request.get(`/api/search/channels/${encodeURIComponent(channel.externalId)}/videos?limit=1`)).json()) as { videos: { externalId: string }[] };
  await page.goto(`/watch?v=${videos[0]!.externalId}`);
  const queue = page.locator('.upnext-list > li:not([aria-hidden])');
  // The queue draws what its scroller shows and a little more (decision 027), not the whole first page of 48.
  await expect(queue.first()).toBeVisible();
  // Drawn until its end is more than SPEC §9's 100 px below what scrolls it: then no more.
  await expect.poll(() => nearPerObserver(page.locator('.upnext-sentinel'), '0px 0px 100px 0px', 'scroller')).toBe(false);
  expect(await queue.count()).toBeLessThan(48);
  // Scroll the queue's end into view (its own scroller beside the desktop player, the player sheet on a phone), frame
  // after frame as someone scrolling on would; no click. A batch pushes the end past the 100 px margin, so the rest of
  // the page is drawn as the end keeps coming near, then the next page is asked for. (In the page: Playwright's own
  // scrolling waits for the end to hold still, and records each step, a second or more a batch on a loaded machine.)
  const drawn = await page.locator('.upnext-sentinel').evaluate(async (end) => {
    const count = () => end.parentElement!.querySelectorAll(':scope > li:not([aria-hidden])').length;
    const deadline = performance.now() + 20_000;
    while (count() <= 48 && performance.now() < deadline) {
      end.scrollIntoView({ block: 'end' });
      await new Promise((frame) => requestAnimationFrame(frame));
    }
    return count();
  });
  expect(drawn).toBeGreaterThan(48);
});
