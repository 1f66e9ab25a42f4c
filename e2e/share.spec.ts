import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectAccessible } from './support/a11y';
import { acceptCookies, apiLogin, createUser, expectToast, recordToasts } from './support/accounts';
import { playablePair } from './support/player-catalog';

/**
 * Share (issue 18; SPEC §2 "Modals", §3 share rules, §5, §9) at 1280 px (a modal) and 375 px (a bottom sheet): the
 * networks, most recently used first, each in a 626×436 popup on its share address with the item's link; Copy link;
 * a private item explained; the dialog closing with its popup and on a path change. There is no internet here: the
 * networks' hosts answer a blank page of the test's own.
 */

test.describe.configure({ timeout: 120_000 });

const NETWORK_HOSTS = /^https:\/\/(www\.facebook\.com|www\.linkedin\.com|t\.me|x\.com|api\.whatsapp\.com)\//;
const NAMES = ['Facebook', 'LinkedIn', 'Telegram', 'X', 'WhatsApp'];

interface Made {
  publicSift: { hash: string; name: string };
  privateSift: { hash: string; name: string };
  playlist: { id: number; name: string };
  uuid: string;
  ownerName: string;
  /** The owner's session token. */
  token: string;
}

/** A member with a public and a private sift and a public playlist, made through the real API. */
async function makeItems(request: APIRequestContext, testInfo: Parameters<typeof createUser>[1], channelExternalId: string, videoExternalId: string): Promise<Made> {
  const user = await createUser(request, testInfo, { onboarded: true, tag: 'share', firstName: 'Shari', lastName: 'Sharer' });
  const token = await apiLogin(request, user);
  const headers = { authorization: `Bearer ${token}` };
  const tag = `${testInfo.project.name} ${Date.now().toString(36)}`;
  const sift = async (name: string, isPublic: boolean) => {
    const res = await request.post('/api/sifts', { headers, data: { name, public: isPublic, channels: [{ externalId: channelExternalId }] } });
    expect(res.status(), await res.text()).toBe(201);
    return { hash: ((await res.json()) as { hash: string }).hash, name };
  };
  const playlistRes = await request.post('/api/playlists', { headers, data: { name: `Shared list ${tag}` } });
  expect(playlistRes.status()).toBe(201);
  const playlist = (await playlistRes.json()) as { id: number; name: string };
  expect((await request.post(`/api/playlists/${playlist.id}/videos`, { headers, data: { externalId: videoExternalId } })).status()).toBe(201);
  expect((await request.post(`/api/playlists/${playlist.id}/public`, { headers })).status()).toBe(200);
  const me = (await (await request.get('/api/users', { headers })).json()) as { uuid: string };
  return {
    publicSift: await sift(`Shared sift ${tag}`, true),
    privateSift: await sift(`Secret sift ${tag}`, false),
    playlist: { id: playlist.id, name: playlist.name },
    uuid: me.uuid,
    ownerName: 'Shari Sharer',
    token,
  };
}

/** The networks answer a blank page; every window.open is recorded with its features. */
async function preparePage(page: Page, baseURL: string | undefined) {
  await acceptCookies(page.context(), baseURL);
  await recordToasts(page);
  await page.context().route(NETWORK_HOSTS, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Shared</title><p>Shared</p>' }));
  await page.addInitScript(() => {
    const opened: string[][] = [];
    (window as unknown as { __opens: string[][] }).__opens = opened;
    const open = window.open.bind(window);
    window.open = (...args: Parameters<Window['open']>) => {
      opened.push(args.map(String));
      return open(...args);
    };
  });
}

const shareDialog = (page: Page, title: string) => page.getByRole('dialog', { name: title });
const networkLinks = (page: Page, title: string) => shareDialog(page, title).getByRole('list', { name: 'Share on' }).getByRole('link');
/** The networks' names in the order shown (a link's text also holds its badge's letter). */
const networkNames = (page: Page, title: string) => networkLinks(page, title).locator('.share-name');

async function fromMenu(page: Page, button: string, item: string) {
  await page.getByRole('button', { name: button, exact: true }).first().click();
  await page.getByRole('menuitem', { name: item }).click();
}

/** The item's public address inside the network's share address: `param` of the popup's URL. */
function sharedAddress(popupUrl: string, param: string): string | null {
  return new URL(popupUrl).searchParams.get(param);
}

test('a sift: the networks in order, a 626×436 popup with its link, the last used first next time, Copy link @phone', async ({ page, context, baseURL, request }, testInfo) => {
  const { video } = await playablePair(request);
  const made = await makeItems(request, testInfo, video.channelExternalId, video.externalId);
  await preparePage(page, baseURL);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  const address = `${baseURL}/sifts/${made.publicSift.hash}`;

  await page.goto(`/sifts/${made.publicSift.hash}`);
  await expect(page.getByRole('heading', { level: 1, name: made.publicSift.name })).toBeVisible();
  await fromMenu(page, `More actions for ${made.publicSift.name}`, 'Share sift');
  const dialog = shareDialog(page, 'Share sift');
  await expect(dialog).toBeVisible();
  await expect(networkNames(page, 'Share sift')).toHaveText(NAMES);
  await expect(dialog.getByLabel('Link')).toHaveValue(address);
  await expectAccessible(page, 'share dialog open');
  await page.screenshot({ path: testInfo.outputPath(`share-sift-${testInfo.project.name}.png`) });
  // No sideways scroll with the sheet open at 375 px.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);

  // Telegram: a 626×436 popup on t.me's share address carrying the sift's address and name.
  const [popup] = await Promise.all([page.waitForEvent('popup'), networkLinks(page, 'Share sift').filter({ hasText: 'Telegram' }).click()]);
  await popup.waitForLoadState();
  expect(popup.url()).toMatch(/^https:\/\/t\.me\/share\/url\?/);
  expect(sharedAddress(popup.url(), 'url')).toBe(address);
  expect(sharedAddress(popup.url(), 'text')).toBe(made.publicSift.name);
  const features = await page.evaluate(() => (window as unknown as { __opens: string[][] }).__opens.at(-1)![2]!);
  expect(features).toContain('width=626');
  expect(features).toContain('height=436');
  // A window of that size on a desktop; an emulated phone (as a real one) shows every page at its own size.
  if (!testInfo.project.use.isMobile) expect(await popup.evaluate(() => [window.innerWidth, window.innerHeight])).toEqual([626, 436]);
  await expect(dialog.getByRole('status')).toHaveText('Sharing on Telegram. This closes when its window does.');

  // Closing the popup ends the dialog (checked every 500 ms).
  await popup.close();
  await expect(dialog).toBeHidden();

  // Telegram comes first now, here and on any other item.
  await fromMenu(page, `More actions for ${made.publicSift.name}`, 'Share sift');
  await expect(networkNames(page, 'Share sift')).toHaveText(['Telegram', 'Facebook', 'LinkedIn', 'X', 'WhatsApp']);
  // Another network moves ahead of it.
  const [whatsapp] = await Promise.all([page.waitForEvent('popup'), networkLinks(page, 'Share sift').filter({ hasText: 'WhatsApp' }).click()]);
  expect(sharedAddress(whatsapp.url(), 'text')).toBe(`${made.publicSift.name} ${address}`);
  await whatsapp.close();
  await expect(shareDialog(page, 'Share sift')).toBeHidden();
  await page.reload();
  await fromMenu(page, `More actions for ${made.publicSift.name}`, 'Share sift');
  await expect(networkNames(page, 'Share sift')).toHaveText(['WhatsApp', 'Telegram', 'Facebook', 'LinkedIn', 'X']);

  // Copy link: the address on the clipboard, SPEC §8's toast, the dialog closed.
  await shareDialog(page, 'Share sift').getByRole('button', { name: 'Copy link' }).click();
  await expectToast(page, 'Link copied to clipboard');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);
  await expect(shareDialog(page, 'Share sift')).toBeHidden();

  // What a chat shows for the link: the server's card tags for the sift.
  const html = await (await request.get(`/sifts/${made.publicSift.hash}`)).text();
  expect(html).toContain(`<meta property="og:title" content="${made.publicSift.name}" />`);
  expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
});

test('a video, a channel, a playlist and a profile each share their own address; the dialog closes on a path change', async ({ page, baseURL, request }, testInfo) => {
  const { video } = await playablePair(request);
  const made = await makeItems(request, testInfo, video.channelExternalId, video.externalId);
  await preparePage(page, baseURL);

  /** Opens Facebook from the dialog: its popup carries `path` on this site. */
  const expectShares = async (title: string, path: string) => {
    await expect(shareDialog(page, title)).toBeVisible();
    const [popup] = await Promise.all([page.waitForEvent('popup'), networkLinks(page, title).filter({ hasText: 'Facebook' }).click()]);
    expect(popup.url()).toMatch(/^https:\/\/www\.facebook\.com\/sharer\/sharer\.php\?u=/);
    expect(sharedAddress(popup.url(), 'u')).toBe(`${baseURL}${path}`);
    await popup.close();
    await expect(shareDialog(page, title)).toBeHidden();
  };

  // The player's menu: Share video.
  await page.goto(`/watch?v=${video.externalId}`);
  const player = page.getByRole('dialog').filter({ has: page.locator('.watch-media') });
  await expect(player).toBeVisible();
  await player.getByRole('button', { name: 'More actions' }).click();
  // By keyboard, as a person at the keyboard would: End reaches the menu's last item. (Again until it does: on a
  // loaded machine the key can come before the opening sheet has taken the focus.)
  const shareVideo = page.getByRole('menuitem', { name: 'Share video' });
  await expect(shareVideo).toBeAttached();
  await expect(async () => {
    await page.keyboard.press('End');
    await expect(shareVideo).toBeFocused({ timeout: 1_000 });
  }).toPass();
  await page.keyboard.press('Enter');
  await expectAccessible(page, 'share video over the player');
  await expectShares('Share video', `/watch?v=${video.externalId}`);

  // The channel page's menu: Share channel.
  await page.goto(`/channel/${video.channelExternalId}`);
  await fromMenu(page, `More actions for ${video.channelName}`, 'Share channel');
  await expectShares('Share channel', `/channel/${video.channelExternalId}`);

  // The playlist page's actions: Share.
  await page.goto(`/playlists/${made.playlist.id}`);
  await fromMenu(page, `More actions for ${made.playlist.name}`, 'Share');
  await expectShares('Share playlist', `/playlists/${made.playlist.id}`);

  // A person's profile: Share.
  await page.goto(`/user-profile/${made.uuid}`);
  await expect(page.getByRole('heading', { level: 1, name: made.ownerName })).toBeVisible();
  await page.getByRole('button', { name: 'Share', exact: true }).click();
  await expect(shareDialog(page, 'Share profile').getByLabel('Link')).toHaveValue(`${baseURL}/user-profile/${made.uuid}`);
  await expectShares('Share profile', `/user-profile/${made.uuid}`);

  // SPEC §2 "On every path change … modals close": back to the playlist with the dialog open.
  await page.getByRole('button', { name: 'Share', exact: true }).click();
  await expect(shareDialog(page, 'Share profile')).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: made.playlist.name })).toBeVisible();
  await expect(shareDialog(page, 'Share profile')).toBeHidden();
});

test('a private sift cannot be shared: the dialog says why, offers no network, and its owner may make it public there @phone', async ({ page, baseURL, request }, testInfo) => {
  const { video } = await playablePair(request);
  const made = await makeItems(request, testInfo, video.channelExternalId, video.externalId);
  await preparePage(page, baseURL);
  // Only its owner sees a private sift: the page starts with the owner's session (lib/storage's token preference).
  await page.addInitScript((token) => localStorage.setItem('sift.token', JSON.stringify(token)), made.token);

  await page.goto(`/sifts/${made.privateSift.hash}`);
  await expect(page.getByRole('heading', { level: 1, name: made.privateSift.name })).toBeVisible();
  await fromMenu(page, `More actions for ${made.privateSift.name}`, 'Share sift');
  const dialog = shareDialog(page, 'Share sift');
  await expect(dialog.getByText('Sharing needs the item to be public.', { exact: true })).toBeVisible();
  await expect(dialog.getByRole('link')).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Copy link' })).toHaveCount(0);
  await expectAccessible(page, 'share dialog of a private sift');
  await page.screenshot({ path: testInfo.outputPath(`share-private-${testInfo.project.name}.png`) });
  await dialog.getByRole('button', { name: 'Close' }).last().click();
  await expect(dialog).toBeHidden();
  expect(await page.evaluate(() => (window as unknown as { __opens: string[][] }).__opens)).toEqual([]);
  // A visitor does not see it yet.
  expect((await request.get(`/api/sifts/${made.privateSift.hash}`)).status()).toBe(404);

  // Its owner makes it public from the dialog, which goes on to the networks and the link.
  await fromMenu(page, `More actions for ${made.privateSift.name}`, 'Share sift');
  await dialog.getByRole('button', { name: 'Make public and share' }).click();
  await expectToast(page, 'This sift is now public');
  await expect(networkNames(page, 'Share sift')).toHaveText(NAMES);
  // Focus went on to the first network, not to the page behind the dialog.
  await expect(networkLinks(page, 'Share sift').first()).toBeFocused();
  await expect(dialog.getByRole('textbox', { name: 'Link' })).toHaveValue(`${baseURL}/sifts/${made.privateSift.hash}`);
  await expectAccessible(page, 'share dialog of a sift just made public');
  await page.screenshot({ path: testInfo.outputPath(`share-made-public-${testInfo.project.name}.png`) });
  expect((await request.get(`/api/sifts/${made.privateSift.hash}`)).status()).toBe(200);
  await dialog.getByRole('button', { name: 'Close' }).last().click();
  // The page and its menu know it too.
  await page.getByRole('button', { name: `More actions for ${made.privateSift.name}`, exact: true }).first().click();
  await expect(page.getByRole('menuitem', { name: 'Make private' })).toBeVisible();
});
