import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { acceptCookies, apiLogin, createUser, expectToast, logInWithForm, recordToasts } from './support/accounts';

/**
 * Follows, the personal feed and e-mail frequency (issue 7), at 1280 px and 375 px, through the built app on the
 * real server: a visitor follows a channel (login, then the follow is replayed), chooses the frequency in the
 * success modal, sees the channel's videos in /feed, follows a sift from its page, filters the feed by a
 * subscription (and clears the filter from the message bar), changes the frequency and unfollows from the profile.
 */

test.describe.configure({ timeout: 120_000 });

interface ChannelItem {
  externalId: string;
  name: string;
}

async function twoChannels(request: APIRequestContext): Promise<[ChannelItem, ChannelItem]> {
  const res = await request.get('/api/public/v01/channel/search?limit=2');
  const items = ((await res.json()) as { items: ChannelItem[] }).items;
  return [items[0]!, items[1]!];
}

async function firstVideoTitle(request: APIRequestContext, channel: ChannelItem): Promise<string> {
  const res = await request.get(`/api/search/channels/${channel.externalId}/videos`);
  return ((await res.json()) as { videos: { title: string }[] }).videos[0]!.title;
}

const feedTitles = (page: Page) => page.getByRole('feed').getByRole('article').locator('.vcard-title');

test('a visitor follows a channel through login, picks the frequency, and sees it in the feed and profile', async ({ page, request, context, baseURL }, testInfo) => {
  await acceptCookies(context, baseURL);
  await recordToasts(page);
  const user = await createUser(request, testInfo, { tag: 'follow', onboarded: true });
  const [channel] = await twoChannels(request);
  const newest = await firstVideoTitle(request, channel);

  await page.goto(`/channel/${channel.externalId}`);
  await page.getByRole('button', { name: `Follow ${channel.name}` }).first().click();
  await expect(page).toHaveURL(/\/login/);
  await logInWithForm(page, user);
  await expect(page).toHaveURL(new RegExp(`/channel/${channel.externalId}`));

  // The replayed follow opens the success modal after 500 ms, with the frequency choice (weekly by default).
  const modal = page.getByRole('dialog', { name: `You follow ${channel.name}` });
  await expect(modal).toBeVisible();
  await expect(modal.getByRole('radio', { name: 'Weekly digest' })).toBeChecked();
  await modal.getByRole('radio', { name: 'Daily digest' }).check();
  await expectToast(page, 'E-mail: daily digest');
  await modal.getByRole('button', { name: 'Close' }).last().click();
  await expect(page.getByRole('button', { name: `Following ${channel.name}` }).first()).toHaveAttribute('aria-haspopup', 'menu');

  await page.goto('/feed');
  await expect(page.getByRole('heading', { name: 'My feed', level: 1 })).toBeVisible();
  await expect(feedTitles(page).first()).toHaveText(newest);
  await expect(page.getByRole('group', { name: 'Show videos from' }).getByRole('button', { name: channel.name })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath(`feed-${testInfo.project.name}.png`), fullPage: false });

  await page.goto('/profile');
  const select = page.getByLabel(`E-mail for ${channel.name}`);
  await expect(select).toHaveValue('DAILY');
  await select.selectOption('WEEKLY');
  await expectToast(page, `E-mail for ${channel.name}: weekly digest`);
  await page.getByRole('heading', { name: 'Subscriptions' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath(`profile-${testInfo.project.name}.png`), fullPage: false });
  // The multiSubscribe modal (showModal, and where an unfollow that met a 401 comes back after login).
  await page.goto('/ec/multiSubscribe');
  const manage = page.getByRole('dialog', { name: 'Subscriptions' });
  await expect(manage.getByLabel(`E-mail for ${channel.name}`)).toHaveValue('WEEKLY');
  await manage.getByRole('button', { name: 'Close' }).last().click();

  await page.goto('/profile');
  await page.getByRole('button', { name: `Unfollow ${channel.name}` }).click();
  await expectToast(page, `Unfollowed ${channel.name}`);
  await expect(page.getByText('You follow no channels or sifts yet.')).toBeVisible();
});

test('a member follows a sift from its page and filters the feed by subscription', async ({ page, request, context, baseURL }, testInfo) => {
  await acceptCookies(context, baseURL);
  const owner = await createUser(request, testInfo, { tag: 'owner', onboarded: true });
  const member = await createUser(request, testInfo, { tag: 'reader', onboarded: true });
  const [a, b] = await twoChannels(request);
  const ownerToken = await apiLogin(request, owner);
  const created = await request.post('/api/sifts', {
    headers: { authorization: `Bearer ${ownerToken}` },
    data: { name: `Sift of ${b.name}`, public: true, channels: [{ externalId: b.externalId }] },
  });
  expect(created.status(), await created.text()).toBe(201);
  const sift = (await created.json()) as { hash: string; name: string };
  const memberToken = await apiLogin(request, member);
  const followed = await request.post('/api/subscriptions', { headers: { authorization: `Bearer ${memberToken}` }, data: { externalId: a.externalId } });
  expect(followed.status()).toBe(201);

  await page.goto(`/login?redirect=${encodeURIComponent(`/sifts/${sift.hash}`)}`);
  await logInWithForm(page, member);
  await expect(page).toHaveURL(new RegExp(`/sifts/${sift.hash}`));
  await page.getByRole('button', { name: `Follow ${sift.name}` }).click();
  const modal = page.getByRole('dialog', { name: `You follow ${sift.name}` });
  await expect(modal).toBeVisible();
  await modal.getByRole('button', { name: 'Close' }).last().click();

  await page.goto('/feed');
  const chips = page.getByRole('group', { name: 'Show videos from' });
  await expect(chips.getByRole('button', { name: new RegExp(sift.name) })).toBeVisible();
  const siftFirst = await firstVideoTitle(request, b);
  const channelFirst = await firstVideoTitle(request, a);
  await expect(feedTitles(page).filter({ hasText: siftFirst }).first()).toBeVisible();

  // Only the sift: the channel's videos leave, and the message bar offers the full results.
  await chips.getByRole('button', { name: new RegExp(sift.name) }).click();
  await expect(chips.getByRole('button', { name: new RegExp(sift.name) })).toHaveAttribute('aria-pressed', 'true');
  await expect(page).toHaveURL(/subs=/);
  await expect(feedTitles(page).filter({ hasText: channelFirst })).toHaveCount(0);
  const bar = page.getByRole('button', { name: /There are additional results outside your active filters/ });
  await expect(bar).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath(`feed-filtered-${testInfo.project.name}.png`), fullPage: false });
  await bar.click();
  await expect(page).not.toHaveURL(/subs=/);
  await expect(chips.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');
});
