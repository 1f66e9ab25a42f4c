import { expect, test } from '@playwright/test';

// Issue 19: the language switch of the user menu, for a visitor. The web catalogues are translated later (the texts
// stay English until then); what is checked here is the switch itself: the language is applied without a reload,
// its catalogue is a chunk of its own loaded on demand, and the choice survives a reload.
test('a visitor switches the language from the menu; it applies at once and is remembered', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  const catalogue = page.waitForResponse((r) => /\/assets\/messages-[\w-]+\.js$/.test(r.url()));

  await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click();
  const deutsch = page.getByRole('menuitemradio', { name: 'Deutsch' });
  await expect(page.getByRole('menuitemradio', { name: 'English' })).toHaveAttribute('aria-checked', 'true');
  await expect(deutsch).toHaveAttribute('lang', 'de');
  await deutsch.click();
  await catalogue;
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');

  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click();
  await expect(page.getByRole('menuitemradio', { name: 'Deutsch' })).toHaveAttribute('aria-checked', 'true');
});
