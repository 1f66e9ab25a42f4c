import { expect, test, type Page } from '@playwright/test';
import { acceptCookies, apiLogin, createUser } from './support/accounts';
import { englishOnlyTexts } from './support/catalogues';

// Issue 19: the language switch of the user menu, for a visitor: the language is applied without a reload, its
// catalogue is a chunk of its own loaded on demand, and the choice survives a reload.
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
  await expect(page.getByRole('banner').getByRole('button', { name: 'Menü', exact: true })).toBeVisible();

  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  // The app now speaks German: the menu's button says so too.
  await page.getByRole('banner').getByRole('button', { name: 'Menü', exact: true }).click();
  await expect(page.getByRole('menuitemradio', { name: 'Deutsch' })).toHaveAttribute('aria-checked', 'true');
});

// ---- every visible text in the member's language (issue 19: "see every visible text of five routes change") ----

/**
 * What a person sees on the page as text: each visible text node, whole, and the visible elements' labels and
 * placeholders (what a screen reader says), and the document's title.
 */
async function visibleTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out = new Set<string>([document.title]);
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      const parent = node.parentElement;
      // Examples of what people type (keywords in <em>, commands in <code>) are not texts to translate.
      if (text && parent && parent.checkVisibility() && !parent.closest('em, code, kbd')) out.add(text);
    }
    for (const el of document.body.querySelectorAll<HTMLElement>('[aria-label], [placeholder], [title], img[alt]')) {
      if (!el.checkVisibility()) continue;
      for (const name of ['aria-label', 'placeholder', 'title', 'alt']) {
        const value = el.getAttribute(name)?.trim();
        if (value) out.add(value);
      }
    }
    return [...out];
  });
}

const ROUTES = ['/', '/sifts', '/search/main?st=cooking', '/about', '/profile', '/playlists'];

for (const locale of ['de', 'es', 'fr', 'pt-BR'] as const) {
  test(`in ${locale}, no text of the app's own is left in English on ${ROUTES.length} routes`, async ({ page, request, context, baseURL }, testInfo) => {
    test.setTimeout(120_000);
    await acceptCookies(context, baseURL);
    const user = await createUser(request, testInfo, { onboarded: true, tag: `lang-${locale}` });
    const token = await apiLogin(request, user);
    await page.addInitScript(
      ([t, l]) => {
        localStorage.setItem('sift.token', JSON.stringify(t));
        localStorage.setItem('sift.locale', JSON.stringify(l));
      },
      [token, locale] as const,
    );
    const english = englishOnlyTexts(locale);
    for (const route of ROUTES) {
      await page.goto(route);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await expect(page.getByRole('main')).toBeVisible();
      await page.waitForLoadState('networkidle');
      const left = (await visibleTexts(page)).filter((text) => english.has(text));
      expect(left, `English left on ${route} in ${locale}`).toEqual([]);
    }
  });
}
