import { Trans } from '@lingui/react/macro';
import { useEffect, useLayoutEffect } from 'react';
import { useLocation } from 'react-router';
import { BackToTop } from '../../components/BackToTop';
import { LoadingBar } from '../../components/LoadingBar';
import { AccountNotices, useSession } from '../../features/account';
import { CookieConsent } from '../../features/consent';
import { MessageBar } from '../../features/messages';
import { useIsDesktop, usePreference } from '../../lib/hooks';
import { viewer } from '../../lib/hide-watched';
import { adoptMemberLocale } from '../../lib/i18n';
import { findRoute, AppRoutes } from '../routes';
import { ErrorBanner } from './ErrorBanner';
import { Header } from './Header';
import { MobileFooter, Sidebar } from './Navigation';
import { RouteEffects } from './RouteEffects';
import { UpdatePrompt } from '../update/UpdatePrompt';
import { WatchHost } from './WatchHost';

/** Header, sidebar, mobile footer and the overlays around the routed page; each route's flags decide. */
export function AppShell() {
  const location = useLocation();
  const def = findRoute(location.pathname);
  const session = useSession();
  const desktop = useIsDesktop();
  const [sideOpen] = usePreference('sidemenu_opened');
  const v = new URLSearchParams(location.search).get('v');
  const minimised = !!v && location.pathname !== '/watch';
  // SPEC §2: the mobile footer shows on routes flagged for it and while a video is minimised.
  const footer = !desktop && (def.footer || minimised);

  const side = def.header && desktop ? (sideOpen ? 'open' : 'closed') : 'none';

  // The member's language follows them (issue 19): when their user data loads (a login, a reload, another device
  // changed it), a browser without a language choice of its own switches to it.
  const memberLocale = session.user?.locale;
  useEffect(() => {
    if (memberLocale) void adoptMemberLocale(memberLocale);
  }, [memberLocale]);

  // Whose "Hide watched" switches the pages read (lib/hide-watched): the member's own, none for a visitor.
  const memberUuid = session.user?.uuid ?? null;
  useLayoutEffect(() => viewer.set(memberUuid), [memberUuid]);

  // Layout state lives on <html> so that portalled overlays (the minimised player) can read the same offsets.
  useLayoutEffect(() => {
    const root = document.documentElement.dataset;
    root.header = def.header ? '1' : '0';
    root.footer = footer ? '1' : '0';
    root.mini = minimised ? '1' : '0';
    root.side = side;
  }, [def.header, footer, minimised, side]);

  return (
    <div className="app">
      <a
        className="skip-link"
        href="#main"
        onClick={(e) => {
          e.preventDefault();
          document.getElementById('main')?.focus();
        }}
      >
        <Trans>Skip to content</Trans>
      </a>
      <RouteEffects />
      <LoadingBar />
      {def.header && <Header />}
      <div className="shell">
        {def.header && desktop && <Sidebar open={sideOpen} loggedIn={session.isLoggedIn} />}
        <main id="main" tabIndex={-1}>
          {def.header && <MessageBar />}
          <ErrorBanner />
          <AppRoutes />
          <BackToTop />
        </main>
      </div>
      {footer && <MobileFooter loggedIn={session.isLoggedIn} />}
      <WatchHost />
      <CookieConsent />
      <UpdatePrompt />
      <AccountNotices />
    </div>
  );
}
