import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import axe from 'axe-core';

/**
 * axe's script, run only where the page has no axe yet. AxeBuilder's legacy mode evaluates the script twice in every
 * check; a page that stays loaded across checks (the sweep's routes, a test's several checks) then defines axe once
 * instead of twice a check (decisions/051).
 */
const AXE_ONCE = `if (typeof window.axe === 'undefined') {\n${axe.source}\n}`;

/**
 * axe's critical and serious findings on the page as it is (or on `include`, a selector), one line each, and its
 * `heading-order` findings whatever their impact (moderate): a heading that skips a level leaves a screen reader's
 * outline of the page with a hole (issue 31).
 *
 * axe runs in the page (AxeBuilder's legacy mode). Its default way across frames ends each check by opening a blank
 * page to merge the frames' results: measured on the 2-core machine, that was half of every check's time (the axe
 * sweep alone spent minutes on it), for frames no route has. What legacy mode gives up is looking inside a
 * cross-origin frame; a frame axe could not look inside is listed as a finding, so such a page cannot pass unchecked.
 */
export async function seriousViolations(page: Page, include?: string): Promise<string[]> {
  // resultTypes: only violations are kept whole; passes, incomplete and inapplicable keep one node each (a rule that found
  // a frame it could not enter is still listed), which spares axe a CSS selector for every node that passed (axe's
  // "Performance" guidance; decisions/050).
  const builder = new AxeBuilder({ page, axeSource: AXE_ONCE }).setLegacyMode(true).options({ resultTypes: ['violations'] });
  if (include) builder.include(include);
  const { violations, incomplete } = await builder.analyze();
  const targets = (nodes: { target: unknown[] }[]) => nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ');
  const found = violations.filter((v) => v.impact === 'critical' || v.impact === 'serious' || v.id === 'heading-order').map((v) => `${v.id} (${v.impact}): ${targets(v.nodes)}`);
  const untested = incomplete.find((r) => r.id === 'frame-tested');
  if (untested) found.push(`frame-tested: axe could not look inside ${targets(untested.nodes)}`);
  return found;
}

/** axe on the page as it is: nothing critical or serious. */
export async function expectAccessible(page: Page, where: string) {
  expect(await seriousViolations(page), where).toEqual([]);
}

/** Nothing sticks out sideways: at 375 px a page that scrolls horizontally looks broken. */
export async function expectNoSidewaysScroll(page: Page, where: string) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth), where).toBeLessThanOrEqual(page.viewportSize()!.width);
}
