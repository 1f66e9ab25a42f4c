import { expect, test as base, type APIRequestContext, type Page, type WorkerInfo } from '@playwright/test';
import { acceptCookies, apiLogin, createUser } from './support/accounts';
import { seriousViolations } from './support/a11y';

/**
 * axe over every route of SPEC §2, at 1280 and 375 px, as a visitor and as a member, and with the menus, sheets
 * and the player open (issue 18 "Accessibility"): no critical and no serious violation anywhere. Each test
 * gathers every finding before it fails, so one run lists them all.
 */

interface Fixture {
  token: string;
  uuid: string;
  playlistId: number;
  siftHash: string;
  channel: string;
  video: string;
}

async function makeFixture(request: APIRequestContext, workerInfo: WorkerInfo): Promise<Fixture> {
  const user = await createUser(request, workerInfo, { onboarded: true, tag: 'axe' });
  const token = await apiLogin(request, user);
  const headers = { authorization: `Bearer ${token}` };
  const post = async <T>(url: string, data: unknown) => {
    const res = await request.post(url, { headers, data });
    expect(res.ok(), await res.text()).toBe(true);
    return (await res.json()) as T;
  };
  const { videos } = (await (await request.get('/api/feeds/public?limit=3')).json()) as { videos: { externalId: string; channelExternalId: string }[] };
  const playlist = await post<{ id: number }>('/api/playlists', { name: 'Axe playlist' });
  for (const v of videos) await post(`/api/playlists/${playlist.id}/videos`, { externalId: v.externalId });
  const made = await request.post(`/api/playlists/${playlist.id}/public`, { headers });
  expect(made.ok(), await made.text()).toBe(true);
  const sift = await post<{ hash: string }>('/api/sifts', { name: 'Axe sift', public: true, channels: [{ externalId: videos[0]!.channelExternalId }] });
  // Issue 30: a watched video and a started one, so /history, the cards' marks and Continue watching are swept too.
  const watched = await request.post(`/api/me/history/${videos[0]!.externalId}/watched`, { headers });
  expect(watched.ok(), await watched.text()).toBe(true);
  const started = await request.put(`/api/me/history/${videos[1]!.externalId}`, { headers, data: { position: 60, duration: 600 } });
  expect(started.ok(), await started.text()).toBe(true);
  const me = (await (await request.get('/api/users', { headers })).json()) as { uuid: string };
  return { token, uuid: me.uuid, playlistId: playlist.id, siftHash: sift.hash, channel: videos[0]!.channelExternalId, video: videos[0]!.externalId };
}

/**
 * One member and their items per worker, made through the API: the checks only look at them, so the tests of a
 * worker share them instead of each signing up (a captcha and a password hash each) and making its own.
 */
const test = base.extend<object, { f: Fixture }>({
  f: [
    async ({ playwright }, use, workerInfo) => {
      const request = await playwright.request.newContext({ baseURL: workerInfo.project.use.baseURL });
      await use(await makeFixture(request, workerInfo));
      await request.dispose();
    },
    { scope: 'worker' },
  ],
});

// bypassCSP: the app's policy would refuse the axe script the checks inject.
test.use({ bypassCSP: true });
test.describe.configure({ timeout: 240_000 });

const loggedIn = (page: Page, token: string) => page.addInitScript((t) => localStorage.setItem('sift.token', JSON.stringify(t)), token);

class Findings {
  readonly list: string[] = [];
  async check(page: Page, where: string) {
    for (const finding of await seriousViolations(page)) this.list.push(`${where} · ${finding}`);
  }
}

/**
 * The page has drawn what it loads: no list or region still busy (or 5 s have passed), and the browser has painted
 * what the last answer brought (two animation frames: React commits before the next paint).
 */
/**
 * Opens a route inside the loaded app as its own links do (a history entry React Router follows; decisions/051):
 * the app's modules stay loaded from one route to the next instead of loading again for each, which is most of a
 * page load's time here. A test's first route is a full page load.
 */
async function open(page: Page, route: string) {
  if (!page.url().startsWith('http')) {
    await page.goto(route);
    return;
  }
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, route);
}

async function settle(page: Page) {
  await expect(page.locator('#main, main').first()).toBeAttached();
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"], .page-loading'), undefined, { timeout: 5_000 }).catch(() => undefined);
  await page.evaluate(() => new Promise((painted) => requestAnimationFrame(() => requestAnimationFrame(painted))));
}

const PUBLIC_ROUTES = [
  '/', '/search', '/search/main?st=wood', '/search/recent', '/create', '/create/sift', '/create/playlist', '/view-channels', '/add-channels',
  '/add-videos', '/playlists', '/sifts', '/about', '/contact', '/terms', '/privacy', '/login', '/forgot-password', '/passwordReset', '/signup',
  '/confirmRegistration', '/confirmation-expired', '/confirmation-success/a@example.com', '/email-sent/a@example.com',
  '/check-email/a@example.com', '/email-not-found/a@example.com', '/ready', '/subscription-completed', '/subscription-cancelled', '/unsubscribe', '/feed',
  '/no-such-page',
];
const MEMBER_ROUTES = [
  '/profile', '/profileEdit', '/change-password', '/importYoutubeChannels', '/importYoutubePlaylists', '/playlists/wl', '/feed/myfeed', '/history',
  // The onboarding tour (issue 31: its follow step's lists and one-tap buttons).
  '/welcome', '/youtubeImportIntro', '/youtubeImport', '/followChannels', '/siftIntro', '/siftCreate',
];
const itemRoutes = (f: Fixture) => [`/channel/${f.channel}`, `/playlists/${f.playlistId}`, `/sifts/${f.siftHash}`, `/user-profile/${f.uuid}`];
const ownerRoutes = (f: Fixture) => [`/playlists/${f.playlistId}/edit`, `/sifts/${f.siftHash}/edit`];

test.beforeEach(async ({ context, baseURL }) => {
  await acceptCookies(context, baseURL);
});

/** The routes in a few parts, so that the two workers share them. */
const PARTS = 3;
const part = <T,>(list: T[], n: number) => list.filter((_, i) => i % PARTS === n);

for (const role of ['visitor', 'member'] as const) {
  for (let n = 0; n < PARTS; n++) {
    test(`every route as a ${role} (part ${n + 1} of ${PARTS}): nothing critical or serious @phone`, async ({ page, f }) => {
      if (role === 'member') await loggedIn(page, f.token);
      const routes = role === 'member' ? [...PUBLIC_ROUTES, ...MEMBER_ROUTES, ...itemRoutes(f), ...ownerRoutes(f)] : [...PUBLIC_ROUTES, ...itemRoutes(f)];
      const findings = new Findings();
      for (const route of part(routes, n)) {
        await open(page, route);
        await settle(page);
        await findings.check(page, route);
      }
      expect(findings.list).toEqual([]);
    });
  }
}

// German makes the longest words and labels of the five languages: a member's routes once more in it, in parts.
for (let n = 0; n < PARTS; n++) {
  test(`every route in German, as a member (part ${n + 1} of ${PARTS}): nothing critical or serious @phone`, async ({ page, f }) => {
    await loggedIn(page, f.token);
    await page.addInitScript(() => localStorage.setItem('sift.locale', JSON.stringify('de')));
    const findings = new Findings();
    for (const route of part([...PUBLIC_ROUTES, ...MEMBER_ROUTES, ...itemRoutes(f), ...ownerRoutes(f)], n)) {
      await open(page, route);
      await settle(page);
      await expect(page.locator('html')).toHaveAttribute('lang', 'de');
      await findings.check(page, `${route} (de)`);
    }
    expect(findings.list).toEqual([]);
  });
}

test('menus, sheets and the player open: nothing critical or serious @phone', async ({ page, f }) => {
  await loggedIn(page, f.token);
  const findings = new Findings();
  const open = async (where: string, button: ReturnType<Page['getByRole']>) => {
    await button.first().click();
    await expect(page.getByRole('menu').first()).toBeVisible();
    await findings.check(page, where);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toHaveCount(0);
  };

  await page.goto('/');
  await settle(page);
  await open('header menu', page.getByRole('banner').getByRole('button', { name: 'Menu' }));
  await open("a card's menu", page.getByRole('button', { name: /^More actions for/ }));

  await page.goto('/search/main?st=wood');
  await settle(page);
  await open('the sort menu', page.getByRole('button', { name: /^Sort/ }));

  await page.goto(`/sifts/${f.siftHash}`);
  await settle(page);
  await open("a sift's menu", page.getByRole('button', { name: 'More actions for Axe sift' }));

  await page.goto(`/watch?v=${f.video}&p=${f.playlistId}`);
  await expect(page.getByRole('button', { name: 'Minimise player' })).toBeVisible();
  await settle(page);
  await findings.check(page, 'the player');
  await open("the player's menu", page.getByRole('dialog').getByRole('button', { name: 'More actions' }));
  await page.getByRole('button', { name: 'Minimise player' }).click();
  await expect(page.getByRole('button', { name: /^Expand player/ })).toBeVisible();
  await findings.check(page, 'the minimised player');
  expect(findings.list).toEqual([]);
});
