import { expect, test, type Locator, type Page, type Request } from '@playwright/test';
import { expectNoSidewaysScroll, seriousViolations } from './support/a11y';
import { playablePair } from './support/player-catalog';

/**
 * Analytics with consent (issue 18, decisions/020): nothing goes to /api/analytics/events before the cookie notice is
 * accepted; after it, page views and plays do, to Sift's own server and nowhere else.
 */
test.describe.configure({ timeout: 90_000 });

interface SentEvent {
  name: string;
  path: string;
  props?: Record<string, unknown>;
}

/** Every analytics batch the page sends (fetch or beacon), and every request that leaves for another host. */
function watchRequests(page: Page, baseURL: string) {
  const batches: { request: Request; events: SentEvent[]; visitorId: string }[] = [];
  const foreign: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.origin !== new URL(baseURL).origin && !url.protocol.startsWith('data') && !url.protocol.startsWith('blob')) foreign.push(request.url());
    if (url.pathname !== '/api/analytics/events') return;
    const body = JSON.parse(request.postData() ?? '{}') as { events?: SentEvent[]; visitorId?: string };
    batches.push({ request, events: body.events ?? [], visitorId: body.visitorId ?? '' });
  });
  const events = () => batches.flatMap((b) => b.events);
  return { batches, foreign, events };
}

const dialog = (page: Page) => page.getByRole('dialog', { name: /./ }).filter({ has: page.locator('.watch-media') });
const currentTime = (page: Page) => dialog(page).locator('video').evaluate((el: HTMLVideoElement) => el.currentTime);

/**
 * Queued events go out 2 s after the first (ANALYTICS_FLUSH_MS, a timer of the page's): the page's clock is Playwright's,
 * flowing as usual, and to show that nothing was sent the test moves it past those 2 s instead of waiting them.
 */
const pastTheFlushWait = (page: Page) => page.clock.runFor(3_000);

test('nothing is sent before the cookie consent; after it, a page view and a play are', async ({ page, baseURL }) => {
  await page.clock.install();
  const sent = watchRequests(page, baseURL!);
  const { video, next } = await playablePair(page.request);

  // Before consent: a video plays and the visitor moves around, yet no event leaves and no identity is stored.
  await page.goto(`/watch?v=${video.externalId}`);
  await expect(dialog(page).getByRole('heading', { name: video.title })).toBeVisible({ timeout: 20_000 });
  await expect.poll(() => currentTime(page), { timeout: 15_000 }).toBeGreaterThan(0.5);
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1, name: 'About Sift' })).toBeVisible();
  await pastTheFlushWait(page);
  expect(sent.batches).toHaveLength(0);
  expect(await page.evaluate(() => localStorage.getItem('sift.analytics_id'))).toBeNull();

  // Accepting counts the page the visitor is on.
  const consent = page.getByRole('region', { name: 'Cookie consent' });
  const accepted = page.waitForResponse((r) => r.url().endsWith('/api/analytics/events'));
  await consent.getByRole('button', { name: 'Accept' }).click();
  await expect(consent).toHaveCount(0);
  expect((await accepted).status()).toBe(202);
  expect(sent.events()).toEqual([expect.objectContaining({ name: 'eca_page_view', path: '/about' })]);

  // A video opened from now on is a page view and a play, from the same browser identity.
  await page.goto(`/watch?v=${next.externalId}`);
  await expect(dialog(page).getByRole('heading', { name: next.title })).toBeVisible({ timeout: 20_000 });
  // The play is counted when the player reports it playing; a busy machine may take a while to start the clip.
  await expect
    .poll(() => sent.events().map((e) => e.name), { timeout: 30_000 })
    .toEqual(['eca_page_view', 'eca_page_view', 'eca_play']);
  const play = sent.events().find((e) => e.name === 'eca_play')!;
  expect(play).toMatchObject({ path: '/watch', props: { videoId: next.externalId } });
  const identities = new Set(sent.batches.map((b) => b.visitorId));
  expect(identities.size).toBe(1);
  expect(await page.evaluate(() => localStorage.getItem('sift.analytics_id'))).toBe(JSON.stringify([...identities][0]));
  for (const batch of sent.batches) expect((await batch.request.response())?.status()).toBe(202);

  // No third-party tracker: every request of the visit stayed on Sift's own origin.
  expect(sent.foreign).toEqual([]);
});

test('consent is withdrawn from the privacy page: the identity goes, nothing more is sent, the notice is back', async ({ page, baseURL }) => {
  await page.clock.install();
  const sent = watchRequests(page, baseURL!);
  await page.goto('/privacy');
  await expect(page.getByText('You have not accepted the cookie notice, so nothing is sent.')).toBeVisible();
  const consent = page.getByRole('region', { name: 'Cookie consent' });
  await consent.getByRole('button', { name: 'Accept' }).click();
  await expect.poll(() => sent.events().length).toBe(1);
  expect(await page.evaluate(() => localStorage.getItem('sift.analytics_id'))).not.toBeNull();

  // The privacy page now says so, and withdrawing is one click, by keyboard too.
  await expect(page.getByText('You accepted the cookie notice, so this browser sends usage statistics.')).toBeVisible();
  const withdraw = page.getByRole('button', { name: 'Withdraw consent' });
  await withdraw.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Consent withdrawn: nothing more is sent, and this browser’s random identifier is deleted.')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('sift.analytics_id'))).toBeNull();
  expect(await page.evaluate(() => document.cookie)).not.toContain('sift_cookie_consent=true');
  await expect(consent).toBeVisible();

  // Moving on sends nothing.
  await page.getByRole('link', { name: 'Terms of Use' }).first().click();
  await expect(page).toHaveURL(/\/terms$/);
  await pastTheFlushWait(page);
  expect(sent.events()).toHaveLength(1);
});

/** Whether a tap anywhere along the middle of `control` reaches it, as the page stands (nothing drawn over it). */
const reachable = (control: Locator) =>
  control.evaluate((el) => {
    const box = el.getBoundingClientRect();
    return [0.1, 0.5, 0.9].every((at) => {
      const hit = document.elementFromPoint(box.left + box.width * at, box.top + box.height / 2);
      return !!hit && el.contains(hit);
    });
  });

/** Scrolls to the page's end (and waits until it is there). */
/** Scrolled to the page's end, and still there once the page has drawn what scrolling shows (it may grow). */
async function scrollToEnd(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(async () => {
        window.scrollTo(0, document.documentElement.scrollHeight);
        await new Promise((painted) => requestAnimationFrame(() => requestAnimationFrame(painted)));
        return Math.ceil(window.scrollY + window.innerHeight) >= document.documentElement.scrollHeight;
      }),
    )
    .toBe(true);
}

test('the cookie bar covers no button, at the page’s end too; Decline keeps analytics off and the bar away @phone', async ({ page, baseURL }) => {
  await page.clock.install();
  const sent = watchRequests(page, baseURL!);
  await page.goto('/login');
  const consent = page.getByRole('region', { name: 'Cookie consent' });
  const logIn = page.getByRole('form', { name: 'Log in' }).getByRole('button', { name: 'Log in' });
  const createAnAccount = page.getByRole('link', { name: 'Create an account' });
  const backToTop = page.getByRole('button', { name: 'Back to top' });
  await expect(logIn).toBeVisible();
  await expect(consent).toBeVisible();

  // Scrolled to the end, with the bar showing: the primary controls are above it, and a tap reaches them.
  await scrollToEnd(page);
  await expect(consent).toBeInViewport();
  expect(await reachable(logIn)).toBe(true);
  expect(await reachable(createAnAccount)).toBe(true);
  // What floats at the bottom stands above the bar.
  if (await backToTop.isVisible()) expect(await reachable(backToTop)).toBe(true);
  expect(await seriousViolations(page, '.consent')).toEqual([]);
  await expectNoSidewaysScroll(page, '/login with the cookie bar');
  await logIn.click();
  await expect(page.getByText('Enter your e-mail address.')).toBeVisible();

  // The same on the sign-up page.
  await createAnAccount.click();
  await expect(page).toHaveURL(/\/signup$/);
  const createAccount = page.getByRole('button', { name: 'Create account' });
  await expect(createAccount).toBeVisible();
  await scrollToEnd(page);
  await expect(consent).toBeInViewport();
  expect(await reachable(createAccount)).toBe(true);

  // Decline: the bar goes, and nothing is counted from then on.
  await consent.getByRole('button', { name: 'Decline' }).click();
  await expect(consent).toHaveCount(0);
  expect(await page.evaluate(() => document.cookie)).toContain('sift_cookie_consent=false');
  await page.getByRole('main').getByRole('link', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await pastTheFlushWait(page);
  expect(sent.batches).toHaveLength(0);

  // It stays away after a reload, and the privacy page says where things stand.
  await page.goto('/privacy');
  await expect(page.getByText('You declined the cookie notice, so nothing is sent.')).toBeVisible();
  await page.reload();
  await expect(page.getByText('You declined the cookie notice, so nothing is sent.')).toBeVisible();
  await expect(consent).toHaveCount(0);
  await pastTheFlushWait(page);
  expect(sent.batches).toHaveLength(0);
  expect(await page.evaluate(() => localStorage.getItem('sift.analytics_id'))).toBeNull();
});
