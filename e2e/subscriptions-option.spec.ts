import { expect, test, type Page } from '@playwright/test';
import { acceptCookies, actionMenuLabels, apiLogin, createUser, logInWithForm } from './support/accounts';

/**
 * SPEC §5 "The follow option shows only when the subscription option is enabled" (issue 7), at 1280 px and 375 px:
 * the server says whether it is in GET /api/auth/config (SUBSCRIPTIONS_ENABLED) and in each page. The e2e server has
 * it on; the "off" case answers both with `subscriptionsEnabled: false` (the server's own refusal is an API
 * test: apps/server/test/subscriptions-disabled.api.test.ts). On: Follow on the channel page, in its menu and on the
 * sift page. Off: none of them, no subscriptions list on the profile, and the subscription API is never called.
 */

test.describe.configure({ timeout: 120_000 });

async function aPublicSift(page: Page, token: string, channel: { externalId: string; name: string }) {
  const created = await page.request.post('/api/sifts', {
    headers: { authorization: `Bearer ${token}` },
    data: { name: `Option sift ${Date.now().toString(36)}`, public: true, channels: [{ externalId: channel.externalId }] },
  });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()) as { hash: string; name: string };
}

for (const enabled of [true, false]) {
  test(`with the subscription option ${enabled ? 'on' : 'off'}, Follow controls ${enabled ? 'show' : 'are hidden'}`, async ({ page, request, context, baseURL }, testInfo) => {
    await acceptCookies(context, baseURL);
    const user = await createUser(request, testInfo, { tag: `option-${enabled}`, onboarded: true });
    const channels = (await (await request.get('/api/public/v01/channel/search?limit=1')).json()) as { items: { externalId: string; name: string }[] };
    const channel = channels.items[0]!;
    // Someone else's sift: its owner is not offered to follow their own (decisions/048).
    const owner = await createUser(request, testInfo, { tag: `option-owner-${enabled}`, onboarded: true });
    const sift = await aPublicSift(page, await apiLogin(request, owner), channel);

    const real = (await (await request.get('/api/auth/config')).json()) as Record<string, unknown>;
    expect(real.subscriptionsEnabled).toBe(true); // the e2e server has the option on (the default)
    // The server says it twice: in each page (a JSON island the app reads first, decision 057) and in the call the app
    // makes when a page has none. Both are answered with the option as this test wants it.
    const configured = { ...real, subscriptionsEnabled: enabled };
    let configAnswered = false;
    await page.route('**/api/auth/config', async (route) => {
      configAnswered = true;
      // A navigation may cancel the call meanwhile: nothing to answer then.
      await route.fulfill({ json: configured }).catch(() => {});
    });
    await page.route(
      (url) => !/^\/(api|assets|media)\//.test(url.pathname),
      async (route) => {
        if (route.request().resourceType() !== 'document') return route.fallback();
        const response = await route.fetch();
        const html = await response.text();
        const island = /(<script type="application\/json" id="sift-auth-config">)[^<]*(<\/script>)/;
        expect(html).toMatch(island);
        configAnswered = true;
        const { 'content-encoding': _encoding, 'content-length': _length, ...headers } = response.headers();
        await route.fulfill({ response, headers, body: html.replace(island, `$1${JSON.stringify(configured)}$2`) });
      },
    );
    const subscriptionCalls: string[] = [];
    page.on('request', (r) => {
      if (/\/api\/(subscriptions|sifts\/[^/]+\/follows)/.test(new URL(r.url()).pathname)) subscriptionCalls.push(`${r.method()} ${r.url()}`);
    });

    await page.goto(`/login?redirect=${encodeURIComponent(`/channel/${channel.externalId}`)}`);
    await logInWithForm(page, user);
    await expect(page.getByRole('heading', { name: channel.name, level: 1 })).toBeVisible();
    await expect.poll(() => configAnswered).toBe(true);

    // The channel page: its Follow button and the Follow entry of its menu (a bottom sheet on mobile).
    const followChannel = page.getByRole('button', { name: `Follow ${channel.name}` });
    const items = await actionMenuLabels(page, channel.name);
    expect(items).toContain('Add to Sift');
    if (enabled) {
      await expect(followChannel.first()).toBeVisible();
      expect(items).toContain('Follow');
    } else {
      await expect(followChannel).toHaveCount(0);
      expect(items).not.toContain('Follow');
      expect(items).not.toContain('Unfollow');
    }

    // The sift page: Play all, and Follow beside it only with the option on.
    await page.goto(`/sifts/${sift.hash}`);
    await expect(page.getByRole('heading', { name: sift.name, level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Play all' })).toBeVisible();
    await expect(page.getByRole('button', { name: `Follow ${sift.name}` })).toHaveCount(enabled ? 1 : 0);

    // Channel cards (search results for the channel's name): no Follow on them either.
    await page.goto(`/search/main?st=${encodeURIComponent(channel.name)}`);
    await expect(page.getByRole('button', { name: `More actions for ${channel.name}` }).first()).toBeVisible();
    if (enabled) await expect(page.getByRole('button', { name: /^(Follow|Unfollow) / }).first()).toBeVisible();
    else await expect(page.getByRole('button', { name: /^(Follow|Unfollow) / })).toHaveCount(0);

    // The profile lists subscriptions only with the option on.
    await page.goto('/profile');
    await expect(page.getByRole('heading', { name: 'Subscriptions' })).toHaveCount(enabled ? 1 : 0);
    await page.screenshot({ path: testInfo.outputPath(`profile-option-${enabled}-${testInfo.project.name}.png`), fullPage: true });
    if (!enabled) expect(subscriptionCalls).toEqual([]);
    else expect(subscriptionCalls.length).toBeGreaterThan(0);
  });
}
