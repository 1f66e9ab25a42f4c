import { useLingui } from '@lingui/react/macro';
import { useLocation } from 'react-router';
import { AppLink, useAppNavigate } from '../../components/AppLink';
import { Icon } from '../../components/Icon';
import { Menu, type MenuEntry } from '../../components/Menu';
import { useNotify } from '../../components/Notifications';
import { SearchField } from '../../components/SearchField';
import { useLogout, useSession } from '../../features/account';
import { useSearchSubmit } from '../../features/search/submit';
import { APP_NAME, SOCIAL_LINKS } from '../../lib/config';
import { useShowTipsAgain } from '../../lib/hints';
import { usePreference } from '../../lib/hooks';
import { useHistoryNavigation } from '../history';
import { useLanguageMenu } from './language';
import { paths, to } from '../../lib/paths';

export function Logo() {
  return (
    <svg className="logo-mark" width="28" height="28" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="var(--accent)" />
      <path d="M8 9h16l-6 7v6l-4 2v-8z" fill="var(--on-accent)" />
    </svg>
  );
}

export function Header() {
  const history = useHistoryNavigation();
  const navigate = useAppNavigate();
  const location = useLocation();
  const session = useSession();
  const logout = useLogout();
  const submitSearch = useSearchSubmit();
  const [sideOpen, setSideOpen] = usePreference('sidemenu_opened');
  const onSearch = location.pathname === paths.search || location.pathname === paths.searchMain;
  const st = onSearch ? (new URLSearchParams(location.search).get('st') ?? '') : '';
  const { t } = useLingui();
  const languages = useLanguageMenu();
  const notify = useNotify();
  const showTipsAgain = useShowTipsAgain();
  const firstName = session.firstName;
  const year = new Date().getFullYear();

  const items: MenuEntry[] = session.isLoggedIn
    ? [
        { kind: 'link', label: t`Profile`, to: paths.profile, icon: 'user' },
        // The phone's footer has no room for these (decision 063); the sidebar has them too.
        { kind: 'link', label: t`Playlists`, to: paths.playlists, icon: 'playlist' },
        { kind: 'link', label: t`Create new`, to: paths.create, icon: 'plus' },
        { kind: 'link', label: t`Import from Youtube`, to: paths.importYoutubeChannels, icon: 'import' },
        { kind: 'action', label: t`Logout`, icon: 'logout', onSelect: () => void logout().then(() => navigate(to.home())) },
      ]
    : [
        { kind: 'link', label: t`Login`, to: paths.login, icon: 'user' },
        { kind: 'link', label: t`Sign Up`, to: paths.signup, icon: 'plus' },
      ];
  items.push({ kind: 'separator' });
  // SPEC §3 `recheck_tooltips`: the first-run tips put away come back (lib/hints.ts), offered once one has been.
  if (showTipsAgain)
    items.push({
      kind: 'action',
      label: t`Show tips again`,
      onSelect: () => {
        showTipsAgain();
        notify(t`Tips will show again on the player and the sift editor`);
      },
    });
  items.push(
    { kind: 'link', label: t`Contact Us`, to: paths.contact },
    { kind: 'link', label: t`Privacy Policy`, to: paths.privacy },
    { kind: 'link', label: t`Terms of Use`, to: paths.terms },
    { kind: 'separator' },
    ...SOCIAL_LINKS.map((s): MenuEntry => ({ kind: 'external', label: s.name, href: s.url })),
    // The language switch, for visitors and members alike (issue 19).
    { kind: 'separator' },
    ...languages,
  );

  return (
    <header className="header">
      <div className="header-start">
        <button
          type="button"
          className="icon-btn desktop-only"
          aria-label={sideOpen ? t`Hide sidebar` : t`Show sidebar`}
          aria-expanded={sideOpen}
          aria-controls="sidebar"
          onClick={() => setSideOpen(!sideOpen)}
        >
          <Icon name="menu" />
        </button>
        <button
          type="button"
          className="icon-btn"
          aria-label={t`Go back`}
          disabled={!history.canGoBack}
          onClick={history.back}
        >
          <Icon name="back" />
        </button>
        <button
          type="button"
          className="icon-btn"
          aria-label={t`Go forward`}
          disabled={!history.canGoForward}
          onClick={history.forward}
        >
          <Icon name="forward" />
        </button>
        <AppLink to={to.home()} className="logo" aria-label={t`${APP_NAME} home`}>
          <Logo />
          <span className="logo-text">{APP_NAME}</span>
        </AppLink>
      </div>
      <SearchField className="header-search" value={st} onSubmit={(text) => void submitSearch(text)} />
      <div className="header-end">
        <p className="welcome">{session.isLoggedIn ? t`Hi, ${firstName}` : t`Welcome to ${APP_NAME}`}</p>
        <Menu
          label={t`Menu`}
          button={session.isLoggedIn && session.user?.picture ? <img className="avatar" src={session.user.picture} alt="" width={32} height={32} /> : <Icon name="user" />}
          items={items}
          footnote={<p className="copyright">{t`© ${year} ${APP_NAME}. All rights reserved.`}</p>}
        />
      </div>
    </header>
  );
}
