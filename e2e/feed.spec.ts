import { expect, test, type APIRequestContext } from '@playwright/test';
import { acceptCookies, apiLogin, createUser, logInWithForm } from './support/accounts';

/**
 * The feed pages' `sid` (issue 7, SPEC §2), at 1280 px and 375 px, through the built app on the real server:
 * `/feed?sid=…` and `/feed/myfeed?sid=…` need login, then start that sift in the player with the sift as the queue
 * (as "Play all" does: "Next video" goes to the sift's second video); a 403 on the sift goes to the auth-check
 * address with action showVideo.
 */

test.describe.configure({ timeout: 120_000 });

interface FeedVideo {
  externalId: string;
  title: string;
}

/** A public sift of one demo channel (made by its owner through the API), with at least two videos. */
async function aPublicSift(request: APIRequestContext, testInfo: Parameters<typeof createUser>[1]) {
  const owner = await createUser(request, testInfo, { tag: 'sid-owner', onboarded: true });
  const channels = (await (await request.get('/api/public/v01/channel/search?limit=3')).json()) as { items: { externalId: string; name: string }[] };
  const channel = channels.items[2]!;
  const token = await apiLogin(request, owner);
  const created = await request.post('/api/sifts', {
    headers: { authorization: `Bearer ${token}` },
    data: { name: `Sid sift ${testInfo.project.name} ${Date.now().toString(36)}`, public: true, channels: [{ externalId: channel.externalId }] },
  });
  expect(created.status(), await created.text()).toBe(201);
  const sift = (await created.json()) as { id: number; hash: string; name: string };
  let videos: FeedVideo[] = [];
  await expect
    .poll(async () => {
      videos = ((await (await request.get(`/api/sifts/${sift.hash}/videos`)).json()) as { videos: FeedVideo[] }).videos;
      return videos.length;
    })
    .toBeGreaterThan(1);
  return { sift, videos };
}

const vParam = (url: string) => new URL(url).searchParams.get('v');

test('/feed?sid= asks a visitor to log in, then plays the sift with the sift as the queue', async ({ page, request, context, baseURL }, testInfo) => {
  await acceptCookies(context, baseURL);
  const { sift, videos } = await aPublicSift(request, testInfo);
  const member = await createUser(request, testInfo, { tag: 'sid-member', onboarded: true });

  await page.goto(`/feed?sid=${sift.hash}`);
  await expect(page).toHaveURL(`/login?redirect=${encodeURIComponent(`/feed?sid=${sift.hash}`)}`);
  await logInWithForm(page, member);

  // Back on the feed, the sift plays from its newest video, `s` naming it as the queue; `sid` is gone.
  await expect.poll(() => vParam(page.url())).toBe(videos[0]!.externalId);
  const url = new URL(page.url());
  expect(url.pathname).toBe('/feed');
  expect(url.searchParams.get('s')).toBe(sift.hash);
  expect(url.searchParams.has('sid')).toBe(false);
  const player = page.getByRole('region', { name: `Minimised player: ${videos[0]!.title}` });
  await expect(player).toBeVisible();
  await expect(page.getByRole('heading', { name: 'My feed', level: 1 })).toBeVisible();
  // This member follows nothing yet: the empty feed says where to find things to follow.
  await expect(page.getByRole('link', { name: 'Search channels and sifts' })).toHaveAttribute('href', /\/search/);
  await page.screenshot({ path: testInfo.outputPath(`feed-sid-${testInfo.project.name}.png`), fullPage: false });

  // The queue is the sift: "Next video" goes to its second video.
  await player.getByRole('button', { name: 'Next video' }).click();
  await expect.poll(() => vParam(page.url())).toBe(videos[1]!.externalId);
  await expect(page.getByRole('region', { name: `Minimised player: ${videos[1]!.title}` })).toBeVisible();
});

test('/feed/myfeed?sid= takes the sift id too and stays on /feed/myfeed', async ({ page, request, context, baseURL }, testInfo) => {
  await acceptCookies(context, baseURL);
  const { sift, videos } = await aPublicSift(request, testInfo);
  const member = await createUser(request, testInfo, { tag: 'sid-myfeed', onboarded: true });
  await page.goto(`/login?redirect=${encodeURIComponent(`/feed/myfeed?sid=${sift.id}`)}`);
  await logInWithForm(page, member);
  await expect.poll(() => vParam(page.url())).toBe(videos[0]!.externalId);
  const url = new URL(page.url());
  expect(url.pathname).toBe('/feed/myfeed');
  expect(url.searchParams.get('s')).toBe(sift.hash);
});

test('a 403 on the sift of sid goes to the auth-check address with action showVideo', async ({ page, request, context, baseURL }, testInfo) => {
  await acceptCookies(context, baseURL);
  const member = await createUser(request, testInfo, { tag: 'sid-403', onboarded: true });
  await page.route('**/api/sifts/forbidden-sift', (route) =>
    route.fulfill({ status: 403, contentType: 'application/json', body: JSON.stringify({ statusCode: 403, code: 'FORBIDDEN', message: 'Not yours.' }) }),
  );
  await page.goto(`/login?redirect=${encodeURIComponent('/feed?sid=forbidden-sift')}`);
  await logInWithForm(page, member);
  await expect(page).toHaveURL(`/login?redirect=${encodeURIComponent('/feed?sid=forbidden-sift')}&action=showVideo`);
});

test('a member reaches My feed from the sidebar or, on a phone, the footer; Playlists and Create new from the menu @phone', async ({ page, context, baseURL, request }, testInfo) => {
  const user = await createUser(request, testInfo, { tag: 'nav-feed', onboarded: true });
  await acceptCookies(context, baseURL);
  await page.goto('/login');
  await logInWithForm(page, user);
  await expect(page.getByRole('banner')).toContainText('Hi, Grace');
  const phone = testInfo.project.name === 'mobile';
  const nav = page.getByRole('navigation', { name: phone ? 'Footer' : 'Main' });
  await nav.getByRole('link', { name: 'My feed' }).click();
  await expect(page).toHaveURL(/\/feed$/);
  await expect(nav.getByRole('link', { name: 'My feed' })).toHaveAttribute('aria-current', 'page');
  await page.screenshot({ path: testInfo.outputPath('feed-nav.png') });

  await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'Create new' })).toBeVisible();
  await page.getByRole('menuitem', { name: 'Playlists' }).click();
  await expect(page).toHaveURL(/\/playlists$/);
});
