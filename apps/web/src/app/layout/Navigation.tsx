import { useLocation } from 'react-router';
import { AppLink } from '../../components/AppLink';
import { Icon, type IconName } from '../../components/Icon';
import { paths, to } from '../../lib/paths';

interface NavEntry {
  label: string;
  to: string;
  icon: IconName;
  /** Also current for these path prefixes. */
  match?: string[];
}

const HOME: NavEntry = { label: 'Home', to: to.home(), icon: 'home', match: [paths.watch] };
const SEARCH: NavEntry = { label: 'Search', to: paths.search, icon: 'search', match: [paths.search] };
const WATCH_LATER: NavEntry = { label: 'Watch later', to: to.watchLater(), icon: 'clock' };

function isCurrent(entry: NavEntry, pathname: string): boolean {
  if (pathname === entry.to) return true;
  return !!entry.match?.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}

function NavLinks({ entries, className }: { entries: NavEntry[]; className: string }) {
  const { pathname } = useLocation();
  return (
    <ul className={className}>
      {entries.map((e) => (
        <li key={e.to}>
          <AppLink to={e.to} className="nav-item" aria-current={isCurrent(e, pathname) ? 'page' : undefined} title={e.label}>
            <Icon name={e.icon} />
            <span className="nav-label">{e.label}</span>
          </AppLink>
        </li>
      ))}
    </ul>
  );
}

/** Desktop sidebar (SPEC §2): Home, Search, and when logged in Create new, Sifts, Playlists, Watch later, Import. */
export function Sidebar({ open, loggedIn }: { open: boolean; loggedIn: boolean }) {
  const entries: NavEntry[] = [HOME, SEARCH];
  if (loggedIn) {
    entries.push(
      { label: 'Create new', to: paths.create, icon: 'plus', match: [paths.create] },
      { label: 'Sifts', to: paths.sifts, icon: 'sift' },
      { label: 'Playlists', to: paths.playlists, icon: 'playlist' },
      WATCH_LATER,
      { label: 'Import', to: paths.importYoutubeChannels, icon: 'import' },
    );
  }
  return (
    <nav id="sidebar" className={`sidebar${open ? '' : ' sidebar--collapsed'}`} aria-label="Main">
      <NavLinks entries={entries} className="sidebar-list" />
    </nav>
  );
}

/** Mobile footer (< 992 px): Home, Search, and when logged in Watch later. */
export function MobileFooter({ loggedIn }: { loggedIn: boolean }) {
  const entries = loggedIn ? [HOME, SEARCH, WATCH_LATER] : [HOME, SEARCH];
  return (
    <nav className="mobile-footer" aria-label="Footer">
      <NavLinks entries={entries} className="mobile-footer-list" />
    </nav>
  );
}
