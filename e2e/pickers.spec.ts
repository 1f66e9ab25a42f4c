import { expect, test, type APIRequestContext, type Locator } from '@playwright/test';
import { acceptCookies, apiLogin, createUser, expectToast, logInWithForm, recordToasts } from './support/accounts';

/**
 * The two list pickers of SPEC §2 "Desktop popups" (one shared component, components/ListPicker), at 1280 px and
 * 375 px (a bottom sheet there): Add to playlist from a video card, Add to Sift from the channel page. Each: the New
 * button, the "Find …" filter (applied on Enter, its clear button only while there is text), a name is needed to
 * create, creating one adds to it, choosing one from the list adds to it. Screenshots of both pickers go to the
 * test's output folder.
 */

test.describe.configure({ timeout: 90_000 });

interface Channel {
  externalId: string;
  name: string;
}

async function firstChannel(request: APIRequestContext): Promise<Channel> {
  const res = await request.get('/api/public/v01/channel/search?limit=1');
  return ((await res.json()) as { items: Channel[] }).items[0]!;
}

async function firstVideoTitle(request: APIRequestContext, channel: Channel): Promise<{ externalId: string; title: string }> {
  const res = await request.get(`/api/search/channels/${channel.externalId}/videos?limit=1`);
  return ((await res.json()) as { videos: { externalId: string; title: string }[] }).videos[0]!;
}

interface PickerCase {
  kind: string;
  open: () => Promise<Locator>;
  names: [string, string];
  texts: { newButton: string; nameLabel: string; missing: string; filter: string; list: string };
  /** What a row says with none and with one added. */
  counts: [string, string];
  submitWithEnter: boolean;
  /** Which of the names to choose from the list. */
  choose: 0 | 1;
  /** The member's own, as [name, count] pairs, from the API. */
  mine: () => Promise<(readonly [string, number])[]>;
}

/** The names in the picker's list, in order. */
const listed = (picker: Locator, list: string) => picker.getByRole('list', { name: list }).getByRole('button').locator('span:first-child');

async function checkFilter(picker: Locator, filterLabel: string, list: string, names: [string, string]) {
  await expect(listed(picker, list)).toHaveText(names);
  const filter = picker.getByRole('textbox', { name: filterLabel });
  await expect(picker.getByRole('button', { name: 'Clear filter' })).toHaveCount(0);
  await filter.fill(names[1]);
  // Applied on Enter (or blur), not on every keystroke.
  await expect(listed(picker, list)).toHaveText(names);
  await filter.press('Enter');
  await expect(listed(picker, list)).toHaveText([names[1]]);
  await picker.getByRole('button', { name: 'Clear filter' }).click();
  await expect(filter).toHaveValue('');
  await expect(listed(picker, list)).toHaveText(names);
  await expect(picker.getByRole('button', { name: 'Clear filter' })).toHaveCount(0);
  await filter.fill('no such name at all');
  await filter.press('Enter');
  await expect(picker.getByRole('list', { name: list })).toContainText('No results.');
  await picker.getByRole('button', { name: 'Clear filter' }).click();
  await expect(listed(picker, list)).toHaveText(names);
}

test('the add-to-playlist and add-to-sift pickers: New, Find, create and choose @phone', async ({ page, request, baseURL }, testInfo) => {
  await acceptCookies(page.context(), baseURL);
  await recordToasts(page);
  const user = await createUser(request, testInfo, { onboarded: true, tag: 'pickers' });
  const token = await apiLogin(request, user);
  const auth = { authorization: `Bearer ${token}` };
  const tag = `${testInfo.project.name} ${Date.now().toString(36)}`;
  const channel = await firstChannel(request);
  const video = await firstVideoTitle(request, channel);

  const playlists = [`Alpha trip ${tag}`, `Beta trip ${tag}`] as [string, string];
  const sifts = [`Alpha sift ${tag}`, `Beta sift ${tag}`] as [string, string];
  for (const name of playlists) expect((await request.post('/api/playlists', { headers: auth, data: { name } })).status()).toBeLessThan(300);
  for (const name of sifts) expect((await request.post('/api/sifts', { headers: auth, data: { name } })).status()).toBeLessThan(300);

  await page.goto(`/login?redirect=${encodeURIComponent(`/channel/${channel.externalId}`)}`);
  await logInWithForm(page, user);
  await expect(page).toHaveURL(new RegExp(`/channel/${channel.externalId}`));

  const kinds: PickerCase[] = [
    {
      // Add to playlist, from a video card.
      kind: 'playlist',
      open: async () => {
        await page.getByRole('button', { name: `More actions for ${video.title}` }).first().click();
        await page.getByRole('menuitem', { name: 'Add to playlist' }).click();
        return page.getByRole('dialog', { name: 'Add to playlist' });
      },
      names: playlists,
      texts: { newButton: 'New Playlist', nameLabel: 'Playlist name', missing: 'Give the playlist a name.', filter: 'Find playlist', list: 'Your playlists' },
      counts: ['0 videos', '1 video'],
      // The created one is submitted with Enter, the other one with the Create button.
      submitWithEnter: true,
      choose: 0,
      mine: async () => {
        const res = await request.get('/api/playlists?limit=50&sort=alpha', { headers: auth });
        return ((await res.json()) as { items: { name: string; numberOfVideos: number }[] }).items.map((p) => [p.name, p.numberOfVideos] as const);
      },
    },
    {
      // Add to Sift, from the channel page's menu.
      kind: 'sift',
      open: async () => {
        await page.getByRole('button', { name: `More actions for ${channel.name}` }).first().click();
        await page.getByRole('menuitem', { name: 'Add to Sift' }).click();
        return page.getByRole('dialog', { name: 'Add to Sift' });
      },
      names: sifts,
      texts: { newButton: 'New Sift', nameLabel: 'Sift name', missing: 'Give the sift a name.', filter: 'Find sift', list: 'Your sifts' },
      counts: ['0 channels', '1 channel'],
      submitWithEnter: false,
      choose: 1,
      mine: async () => {
        const res = await request.get('/api/sifts?limit=50&sort=alpha&following=false', { headers: auth });
        return ((await res.json()) as { items: { name: string; numberOfChannels: number }[] }).items.map((s) => [s.name, s.numberOfChannels] as const);
      },
    },
  ];

  for (const { kind, open, names, texts, counts, submitWithEnter, choose, mine } of kinds) {
    let picker = await open();
    await expect(picker).toBeVisible();
    await expect(picker.getByRole('button', { name: texts.newButton })).toBeVisible();
    await expect(listed(picker, texts.list)).toHaveText(names);
    await expect(picker.getByText(counts[0]).first()).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`${kind}-picker-${testInfo.project.name}.png`) });
    await checkFilter(picker, texts.filter, texts.list, names);

    // New: a name is needed; creating adds to the new one and closes the picker.
    await picker.getByRole('button', { name: texts.newButton }).click();
    const nameField = picker.getByRole('textbox', { name: texts.nameLabel });
    await expect(nameField).toBeFocused();
    await picker.getByRole('button', { name: 'Create' }).click();
    await expect(picker.getByRole('alert')).toContainText(texts.missing);
    await page.screenshot({ path: testInfo.outputPath(`${kind}-picker-new-${testInfo.project.name}.png`) });
    const made = `Gamma ${kind} ${tag}`;
    await nameField.fill(made);
    if (submitWithEnter) await nameField.press('Enter');
    else await picker.getByRole('button', { name: 'Create' }).click();
    await expect(picker).toBeHidden();
    await expectToast(page, `Added to ${made}`);

    // Choose one from the list; the new one shows its count.
    picker = await open();
    await expect(picker.getByRole('button', { name: new RegExp(`^${made}`) })).toContainText(counts[1]);
    await picker.getByRole('button', { name: new RegExp(`^${names[choose]}`) }).click();
    await expect(picker).toBeHidden();
    await expectToast(page, `Added to ${names[choose]}`);
    expect(Object.fromEntries(await mine())).toMatchObject({ [names[choose]]: 1, [names[choose === 0 ? 1 : 0]]: 0, [made]: 1 });

    // Escape closes it without adding; so does its Close footer (SPEC §2: each sheet has one).
    picker = await open();
    await expect(picker).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(picker).toBeHidden();
    picker = await open();
    await picker.getByRole('contentinfo').getByRole('button', { name: 'Close' }).click();
    await expect(picker).toBeHidden();
  }
});

test('the playlists and sifts list pages: Mine / Following, Find and Sort', async ({ page, request, baseURL }, testInfo) => {
  await acceptCookies(page.context(), baseURL);
  const user = await createUser(request, testInfo, { onboarded: true, tag: 'lists' });
  const token = await apiLogin(request, user);
  const auth = { authorization: `Bearer ${token}` };
  const tag = `${testInfo.project.name} ${Date.now().toString(36)}`;
  const playlists = [`Beta trip ${tag}`, `Alpha trip ${tag}`] as const;
  const sifts = [`Beta sift ${tag}`, `Alpha sift ${tag}`] as const;
  for (const name of playlists) expect((await request.post('/api/playlists', { headers: auth, data: { name } })).status()).toBeLessThan(300);
  for (const name of sifts) expect((await request.post('/api/sifts', { headers: auth, data: { name } })).status()).toBeLessThan(300);

  await page.goto(`/login?redirect=${encodeURIComponent('/playlists')}`);
  await logInWithForm(page, user);
  await expect(page).not.toHaveURL(/\/login/);
  for (const [path, kind, names] of [
    ['/playlists', 'playlist', playlists],
    ['/sifts', 'sift', sifts],
  ] as const) {
    await page.goto(path);
    const titles = page.getByRole('feed', { name: `Your ${kind}s` }).getByRole('heading', { level: 3 });
    await expect(titles).toHaveText([...names].sort());
    await expect(page.getByRole('group', { name: `Which ${kind}s` }).getByRole('button', { name: 'Mine' })).toHaveAttribute('aria-pressed', 'true');
    await page.screenshot({ path: testInfo.outputPath(`${kind}s-page-${testInfo.project.name}.png`) });
    await page.getByRole('button', { name: /^Sort: / }).click();
    await page.getByRole('menuitemradio', { name: 'Alphabetical' }).click();
    await expect(titles).toHaveText([...names].sort());
    await expect(page.getByRole('button', { name: /^Sort: / })).toHaveText('Sort: Alphabetical');
    const filter = page.getByRole('textbox', { name: `Find ${kind}` });
    await filter.fill('Beta');
    await filter.press('Enter');
    await expect(titles).toHaveText([names[0]!]);
    await page.getByRole('group', { name: `Which ${kind}s` }).getByRole('button', { name: 'Following' }).click();
    // An empty list is no feed (a feed holds articles, decisions/023): it says so instead.
    await expect(titles).toHaveCount(0);
    await expect(page.getByText('No results.')).toBeVisible();
  }
});
