import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { onboardingStore, refreshUserData } from '../../features/account';
import { track } from '../../lib/analytics';
import { globalError } from '../../lib/api';
import { watchBackground } from '../../lib/url';
import { ONBOARDING_PATHS, paths } from '../../lib/paths';

/**
 * What happens on every path change (SPEC §2): the error message clears, user data is refetched (once more when
 * it still carries the placeholder creation date), leaving the onboarding routes completes a started onboarding
 * (SPEC §4), scroll resets to the top and focus moves to the new page for screen-reader and keyboard users.
 *
 * Opening, minimising and closing the video modal keeps the page behind it where it was (/watch shows the page it
 * was opened over, the Dashboard when none): jumping to the top would lose the reader's place.
 */
export function RouteEffects() {
  const { pathname, state } = useLocation();
  const qc = useQueryClient();
  const previous = useRef<string | null>(null);
  // The page on screen: /watch opened over a page shows that page (lib/url.ts watchBackground), else the Dashboard.
  const shown = pathname === paths.watch ? (watchBackground(state)?.pathname ?? paths.home) : pathname;
  const previousShown = useRef<string | null>(shown);

  // Every page shown, the first included (sent only after cookie consent: lib/analytics).
  useEffect(() => track('eca_page_view'), [pathname]);

  useEffect(() => {
    const from = previous.current;
    previous.current = pathname;
    if (from === null || from === pathname) return;
    globalError.set(null);
    onboardingStore.dispatch({ type: 'navigate', onboardingRoute: ONBOARDING_PATHS.includes(pathname) });
    void refreshUserData(qc).catch(() => {
      // SPEC §8: a user-data fetch failure is logged, with no message for the user (the query logs it).
    });
    const shownBefore = previousShown.current;
    previousShown.current = shown;
    if (shownBefore === shown) return;
    window.scrollTo(0, 0);
    const main = document.getElementById('main');
    if (main && !main.contains(document.activeElement)) main.focus({ preventScroll: true });
    // `shown` follows `pathname`: only a path change counts.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname, qc]);

  return null;
}
