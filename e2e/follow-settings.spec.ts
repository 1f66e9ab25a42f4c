import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectAccessible } from './support/a11y';
import { acceptCookies, apiLogin, createUser, expectToast, logInWithForm, recordToasts, type TestUser } from './support/accounts';
import { demoChannels } from './support/player-catalog';

/**
 * Issue 31, defects 3 and 5. "Following" opens the follow settings in place — the e-mail frequency (SPEC §4's four)
 * and Unfollow, whose toast keeps an Undo that follows again as before — on the channel page, channel cards and the
 * sift page (a dropdown at 1280 px, a bottom sheet at 375 px). And the sift editor keeps its live count in view on a
 * phone, where the preview stands far above the fields.
 */

test.describe.configure({ timeout: 120_000 });

/** The member's subscription of a channel or sift, as the server has it. */
async function frequencyOf(request: APIRequestContext, user: TestUser, name: string): Promise<string | undefined> {
  const token = await apiLogin(request, user);
  const res = await request.get('/api/subscriptions', { headers: { authorization: `Bearer ${token}` } });
  const items = ((await res.json()) as { items: { frequency: string; target: { name: string } }[] }).items;
  return items.find((s) => s.target.name === name)?.frequency;
}

const followingButton = (page: Page, name: string) => page.getByRole('button', { name: `Following ${name}` }).first();
const followButton = (page: Page, name: string) => page.getByRole('button', { name: `Follow ${name}`, exact: true }).first();
const settingsMenu = (page: Page, name: string) => page.getByRole('menu', { name: `Follow settings for ${name}` });
const frequency = (page: Page, name: string, label: string) => settingsMenu(page, name).getByRole('menuitemradio', { name: label });

/** Follows from the page's Follow button (one click) and closes the success modal. */
async function follow(page: Page, name: string) {
  await followButton(page, name).click();
  const modal = page.getByRole('dialog', { name: `You follow ${name}` });
  await expect(modal).toBeVisible();
  await modal.getByRole('button', { name: 'Close' }).last().click();
  await expect(followingButton(page, name)).toBeVisible();
}

/** Chooses a frequency in the follow settings; it is saved at once and said. */
async function chooseFrequency(page: Page, name: string, label: string, notice: string) {
  await followingButton(page, name).click();
  await expect(settingsMenu(page, name).getByRole('group', { name: 'Tell me about new videos by e-mail' })).toBeVisible();
  await frequency(page, name, label).click();
  await expect(settingsMenu(page, name)).toBeHidden();
  await expectToast(page, notice);
}

/** Unfollow from the settings, then Undo in its toast: following again. */
async function unfollowThenUndo(page: Page, name: string, shot?: string) {
  await followingButton(page, name).click();
  await settingsMenu(page, name).getByRole('menuitem', { name: 'Unfollow' }).click();
  await expect(followButton(page, name)).toBeVisible();
  const toast = page.getByRole('status').filter({ hasText: `Unfollowed ${name}` });
  // Held while the pointer is on it (a busy machine may take longer than the toast's 6 s to look).
  await toast.getByRole('button', { name: 'Undo' }).hover();
  if (shot) await page.screenshot({ path: shot });
  await toast.getByRole('button', { name: 'Undo' }).click();
  await expect(followingButton(page, name)).toBeVisible();
  await expectToast(page, `Following ${name}`);
}

test('Following opens the follow settings on a channel page and its cards: the frequency sticks, Unfollow has an Undo', async ({ page, request, baseURL }, testInfo) => {
  await acceptCookies(page.context(), baseURL);
  await recordToasts(page);
  const user = await createUser(request, testInfo, { tag: 'follow-settings', onboarded: true });
  const [channel] = await demoChannels(request, 1);
  const name = channel!.name;

  await page.goto(`/login?redirect=${encodeURIComponent(`/channel/${channel!.externalId}`)}`);
  await logInWithForm(page, user);
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await follow(page, name);
  await expect(followingButton(page, name)).toHaveAttribute('aria-haspopup', 'menu');

  // Weekly by default; Daily is saved at once and survives a reload.
  await followingButton(page, name).click();
  await expect(frequency(page, name, 'Weekly digest')).toBeChecked();
  await expect(settingsMenu(page, name).getByRole('menuitemradio')).toHaveText(['Immediately', 'Daily digest', 'Weekly digest', 'Never'].map((t) => new RegExp(t)));
  await page.screenshot({ path: testInfo.outputPath('channel-menu.png') });
  await expectAccessible(page, 'the open follow settings');
  await page.keyboard.press('Escape');
  await chooseFrequency(page, name, 'Daily digest', `E-mail for ${name}: daily digest`);
  await page.reload();
  await followingButton(page, name).click();
  await expect(frequency(page, name, 'Daily digest')).toBeChecked();
  await page.keyboard.press('Escape');

  // The keyboard: Enter or Space opens it on the chosen frequency, arrows move, Escape closes back to the button.
  const following = followingButton(page, name);
  await following.focus();
  await page.keyboard.press('Enter');
  await expect(frequency(page, name, 'Daily digest')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(frequency(page, name, 'Weekly digest')).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await expect(frequency(page, name, 'Immediately')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(settingsMenu(page, name)).toBeHidden();
  await expect(following).toBeFocused();
  await page.keyboard.press(' ');
  await expect(frequency(page, name, 'Daily digest')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(following).toBeFocused();

  // Unfollow, then Undo: following again, still daily.
  await unfollowThenUndo(page, name);
  expect(await frequencyOf(request, user, name)).toBe('DAILY');
  await page.reload();
  await followingButton(page, name).click();
  await expect(frequency(page, name, 'Daily digest')).toBeChecked();
  await page.keyboard.press('Escape');

  // The channel's ⋮ offers the same settings.
  await page.getByRole('button', { name: `More actions for ${name}` }).click();
  const more = page.getByRole('menu', { name: `More actions for ${name}` });
  await expect(more.getByRole('menuitemradio', { name: 'Daily digest' })).toBeChecked();
  await expect(more.getByRole('menuitem', { name: 'Unfollow' })).toBeVisible();
  await page.keyboard.press('Escape');

  // A channel card (search results): its Following opens the same settings.
  await page.goto(`/search/main?st=${encodeURIComponent(name)}`);
  await followingButton(page, name).click();
  await expect(frequency(page, name, 'Daily digest')).toBeChecked();
  await frequency(page, name, 'Never').click();
  await expectToast(page, `E-mail for ${name}: never`);
  expect(await frequencyOf(request, user, name)).toBe('NONE');
});

test('Following on a sift page opens its follow settings (a bottom sheet on a phone) @phone', async ({ page, request, baseURL, isMobile }, testInfo) => {
  await acceptCookies(page.context(), baseURL);
  await recordToasts(page);
  const owner = await createUser(request, testInfo, { tag: 'fs-owner', onboarded: true });
  const member = await createUser(request, testInfo, { tag: 'fs-member', onboarded: true });
  const [channel] = await demoChannels(request, 1);
  const ownerToken = await apiLogin(request, owner);
  const created = await request.post('/api/sifts', {
    headers: { authorization: `Bearer ${ownerToken}` },
    data: { name: `Followed ${testInfo.project.name} ${Date.now().toString(36)}`, public: true, channels: [{ externalId: channel!.externalId }] },
  });
  expect(created.status(), await created.text()).toBe(201);
  const sift = (await created.json()) as { hash: string; name: string };
  const name = sift.name;

  await page.goto(`/login?redirect=${encodeURIComponent(`/sifts/${sift.hash}`)}`);
  await logInWithForm(page, member);
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await follow(page, name);

  await followingButton(page, name).click();
  // On a phone the settings open as a bottom sheet, like the app's other menus there.
  if (isMobile) await expect(page.getByRole('dialog', { name: `Follow settings for ${name}` })).toBeVisible();
  await expect(frequency(page, name, 'Weekly digest')).toBeChecked();
  await expect(frequency(page, name, 'Weekly digest')).toBeFocused();
  await page.screenshot({ path: testInfo.outputPath('sift-menu.png') });
  await expectAccessible(page, 'the open follow settings of a sift');
  await page.keyboard.press('Escape');
  await expect(settingsMenu(page, name)).toBeHidden();
  await expect(followingButton(page, name)).toBeFocused();

  await chooseFrequency(page, name, 'Daily digest', `E-mail for ${name}: daily digest`);
  await page.reload();
  await followingButton(page, name).click();
  await expect(frequency(page, name, 'Daily digest')).toBeChecked();
  if (isMobile) await page.getByRole('dialog', { name: `Follow settings for ${name}` }).getByRole('button', { name: 'Close' }).click();
  else await page.keyboard.press('Escape');

  await unfollowThenUndo(page, name, testInfo.outputPath('sift-undo.png'));
  expect(await frequencyOf(request, member, name)).toBe('DAILY');
  await page.reload();
  await followingButton(page, name).click();
  await expect(frequency(page, name, 'Daily digest')).toBeChecked();
});

test('the sift editor keeps its live count in view while one types at the bottom of the form @phone', async ({ page, request, baseURL, isMobile }, testInfo) => {
  await acceptCookies(page.context(), baseURL);
  const user = await createUser(request, testInfo, { tag: 'fs-editor', onboarded: true });
  const picked = await demoChannels(request, 2);
  // A word in some of their titles: leaving it out changes the count.
  const titles: string[] = [];
  for (const c of picked) {
    const res = await request.get(`/api/search/channels/${c.externalId}/videos?limit=100`);
    titles.push(...((await res.json()) as { videos: { title: string }[] }).videos.map((v) => v.title.toLowerCase()));
  }
  const words = titles.flatMap((t) => [...new Set(t.match(/[a-z]{5,}/g) ?? [])]);
  const word = [...new Set(words)].find((w) => words.filter((x) => x === w).length >= 3 && words.filter((x) => x === w).length < titles.length / 2);
  expect(word, 'a word in some titles').toBeTruthy();

  await page.goto(`/login?redirect=${encodeURIComponent('/create/sift')}`);
  await logInWithForm(page, user);
  await expect(page.getByRole('heading', { name: 'Create a Sift' })).toBeVisible();
  await page.getByLabel('Name', { exact: true }).fill(`Count ${testInfo.project.name}`);
  for (const c of picked) {
    await page.getByLabel('Add channels').fill(c.name);
    await page.getByRole('button', { name: `Add ${c.name}` }).click();
  }
  // The counts the server gives for these rules, as the preview shows them.
  const counted = async (none: string[]) => {
    const res = await request.post('/api/sifts/preview', { data: { channels: picked.map((c) => c.externalId), keywords: { all: [], any: [], none } } });
    const body = (await res.json()) as { numberOfVideos: number; more: boolean };
    return `${body.numberOfVideos.toLocaleString('en-US')}${body.more ? '+' : ''} video${body.numberOfVideos === 1 ? ' matches' : 's match'}`;
  };
  const before = await counted([]);
  const after = await counted([word!]);
  expect(after).not.toBe(before);
  const previewCount = page.getByRole('complementary', { name: 'Preview' }).getByRole('status');
  await expect(previewCount).toHaveText(before);

  // The last keyword field, near the bottom of the form, far below the preview on a phone.
  const none = page.getByLabel('None of these words', { exact: true });
  await none.scrollIntoViewIfNeeded();
  await none.click();
  const line = page.locator('.sift-count-line');
  if (isMobile) {
    await expect(previewCount).not.toBeInViewport();
    await expect(line).toBeInViewport();
    await expect(line).toHaveText(`${before}·Preview`);
  } else {
    // Beside the form the preview stays in view (sticky); the line is the phone's.
    await expect(previewCount).toBeInViewport();
    await expect(line).toBeHidden();
  }
  await none.pressSequentially(word!, { delay: 30 });
  await expect(previewCount).toHaveText(after);
  if (isMobile) {
    await expect(line).toBeInViewport();
    await expect(line).toHaveText(`${after}·Preview`);
    // It covers no field: the one being typed in stays fully above it.
    const field = (await none.boundingBox())!;
    const bar = (await line.boundingBox())!;
    expect(field.y + field.height).toBeLessThanOrEqual(bar.y);
    await page.screenshot({ path: testInfo.outputPath('editor-count.png') });
    await expectAccessible(page, 'the sift editor with its count line');
    // At the end of the form it sits below the last button, covering nothing.
    await page.getByRole('button', { name: 'Create sift' }).scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const create = (await page.getByRole('button', { name: 'Create sift' }).boundingBox())!;
    expect(create.y + create.height).toBeLessThanOrEqual((await line.boundingBox())!.y);
    await page.screenshot({ path: testInfo.outputPath('editor-count-end.png') });
    // "Preview" goes up to the preview, and the line steps aside while its count shows.
    await line.getByRole('button', { name: 'Preview' }).click();
    await expect(previewCount).toBeInViewport();
    await expect(line).toBeHidden();
  } else {
    await expect(previewCount).toBeInViewport();
    await page.screenshot({ path: testInfo.outputPath('editor-count.png') });
  }
});
