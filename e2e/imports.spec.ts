import { expect, test } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import fs from 'node:fs';
import { expectAccessible, expectNoSidewaysScroll } from './support/a11y';
import { acceptCookies, chooseFromMenu, createUser, logInWithForm } from './support/accounts';
import { demoChannels } from './support/player-catalog';

/**
 * Imports and exports (issue 16), at 1280 px and 375 px on the demo catalog: a new member imports a Takeout
 * subscriptions.csv from the onboarding's import step and watches it finish; a member brings FreeTube playlists in
 * from the Import page, finds them among their playlists, and downloads "Everything (ZIP)" from the profile.
 */

// bypassCSP: the app's policy would refuse the axe script the accessibility checks inject.
test.use({ bypassCSP: true });
test.describe.configure({ timeout: 120_000 });

const quoted = (text: string) => `"${text.replace(/"/g, '""')}"`;

test('a new member imports a Takeout subscriptions.csv from the onboarding and sees what was followed and skipped @phone', async ({ page, request, context, baseURL }, testInfo) => {
  await acceptCookies(context, baseURL);
  const [first, second] = await demoChannels(request, 2);
  const gone = `UC${'q'.repeat(22)}`;
  // Takeout's header is in the account's language; this one is German, with Windows line ends and a BOM.
  const csv =
    '\ufeffKanal-ID,Kanal-URL,Kanaltitel\r\n' +
    [first!, second!, { externalId: gone, name: 'A channel that is gone' }]
      .map((c) => `${c.externalId},http://www.youtube.com/channel/${c.externalId},${quoted(c.name)}`)
      .join('\r\n') +
    '\r\n';
  const user = await createUser(request, testInfo, { tag: 'import-onboarding' });
  await page.goto('/login');
  await logInWithForm(page, user);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/youtubeImport');
  await expect(page.getByRole('heading', { name: 'Import from YouTube', level: 1 })).toBeVisible();

  const importer = page.getByRole('region', { name: 'Import from a file' });
  await importer.getByLabel('File to import').setInputFiles({ name: 'Abos.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await importer.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(importer.getByText('Followed 2 channels.')).toBeVisible();
  await expect(importer.getByRole('progressbar', { name: 'Import progress' })).toHaveAttribute('aria-valuenow', '100');
  await expect(importer.getByText('Google Takeout (CSV) file imported')).toBeVisible();
  const skipped = importer.getByText('1 item skipped');
  await skipped.click();
  await expect(importer.getByText(gone)).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath(`import-onboarding-${testInfo.project.name}.png`), fullPage: true });
  await expectAccessible(page, 'onboarding import');
  await expectNoSidewaysScroll(page, 'onboarding import');

  // The follows are there at once: the tour's next step counts them (issue 31), and the profile lists them.
  await page.getByRole('link', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/followChannels/);
  await expect(page.locator('.followed-count')).toHaveText('You follow 2 channels');
  await page.goto('/profile');
  for (const c of [first!, second!]) await expect(page.getByRole('link', { name: c.name }).first()).toBeVisible();
});

test('a member imports FreeTube playlists from the Import page and downloads everything from the profile @phone', async ({ page, request, context, baseURL }, testInfo) => {
  await acceptCookies(context, baseURL);
  const [channel] = await demoChannels(request, 1);
  const uploads = await request.get(`/api/search/channels/${channel!.externalId}/videos?limit=3`);
  const videos = ((await uploads.json()) as { videos: Array<{ externalId: string; title: string }> }).videos;
  const entry = (v: { externalId: string; title: string }) => ({ videoId: v.externalId, title: v.title, author: channel!.name, authorId: channel!.externalId, lengthSeconds: 60, timeAdded: 1_700_000_000_000 });
  const playlistsDb =
    [
      { playlistName: 'Saved for the weekend', protected: false, videos: [entry(videos[2]!), entry(videos[0]!)], _id: 'ft-1' },
      { playlistName: 'Watch Later', protected: true, videos: [entry(videos[1]!)], _id: 'watchLater' },
    ]
      .map((p) => JSON.stringify(p))
      .join('\n') + '\n';
  const user = await createUser(request, testInfo, { tag: 'import-page', onboarded: true });
  await page.goto('/login');
  await logInWithForm(page, user);
  await expect(page).not.toHaveURL(/\/login/);
  await chooseFromMenu(page, 'Import from Youtube');
  await expect(page).toHaveURL(/\/importYoutubeChannels/);
  await expect(page.getByRole('heading', { name: 'Import', level: 1 })).toBeVisible();

  const importer = page.getByRole('region', { name: 'Import from a file' });
  await importer.getByLabel('File to import').setInputFiles({ name: 'playlists.db', mimeType: 'application/octet-stream', buffer: Buffer.from(playlistsDb) });
  await importer.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(importer.getByText('Made 1 playlist and added 3 videos to playlists.')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath(`import-page-${testInfo.project.name}.png`), fullPage: true });
  await expectAccessible(page, 'import page');
  await expectNoSidewaysScroll(page, 'import page');

  await importer.getByRole('link', { name: 'My playlists' }).click();
  await expect(page).toHaveURL(/\/playlists$/);
  await page.getByRole('link', { name: /Saved for the weekend/ }).first().click();
  const listed = page.getByRole('main').getByRole('article');
  await expect(listed.first()).toContainText(videos[2]!.title);
  await expect(listed.nth(1)).toContainText(videos[0]!.title);

  // Everything out again: the profile's "Your data".
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Everything (ZIP)' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath(`your-data-${testInfo.project.name}.png`) });
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Everything (ZIP)' }).click();
  const file = await (await download).path();
  const document = JSON.parse(strFromU8(unzipSync(new Uint8Array(fs.readFileSync(file)))['sift-export.json']!)) as {
    playlists: Array<{ name: string; watchLater: boolean; videos: Array<{ externalId: string }> }>;
  };
  expect(document.playlists.find((p) => p.name === 'Saved for the weekend')?.videos.map((v) => v.externalId)).toEqual([videos[2]!.externalId, videos[0]!.externalId]);
  expect(document.playlists.find((p) => p.watchLater)?.videos.map((v) => v.externalId)).toEqual([videos[1]!.externalId]);
});
