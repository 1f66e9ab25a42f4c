import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useLingui as useLinguiMacro } from '@lingui/react/macro';
import { useLocation } from 'react-router';
import { AppLink } from '../../components/AppLink';
import { Icon, type IconName } from '../../components/Icon';
import { paths, to } from '../../lib/paths';

interface NavEntry {
  label: MessageDescriptor;
  to: string;
  icon: IconName;
  /** Also current for these path prefixes. */
  match?: string[];
}

const HOME: NavEntry = { label: msg`Home`, to: to.home(), icon: 'home', match: [paths.watch] };
/** The member's feed: what the channels and sifts they follow published (SPEC's lists leave it out; decision 063). */
const FEED: NavEntry = { label: msg`My feed`, to: paths.feed, icon: 'list', match: [paths.feed] };
const SEARCH: NavEntry = { label: msg`Search`, to: paths.search, icon: 'search', match: [paths.search] };
const WATCH_LATER: NavEntry = { label: msg`Watch later`, to: to.watchLater(), icon: 'clock' };
const HISTORY: NavEntry = { label: msg`History`, to: paths.history, icon: 'history' };
/** /sifts: a member's sifts and Explore; a visitor's Explore (issue 31). A sift's page counts as in it. */
const SIFTS: NavEntry = { label: msg`Sifts`, to: paths.sifts, icon: 'sift', match: [paths.sifts] };

function isCurrent(entry: NavEntry, pathname: string): boolean {
  if (pathname === entry.to) return true;
  return !!entry.match?.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}

function NavLinks({ entries, className }: { entries: NavEntry[]; className: string }) {
  const { pathname } = useLocation();
  const { i18n } = useLingui();
  return (
    <ul className={className}>
      {entries.map((e) => (
        <li key={e.to}>
          <AppLink to={e.to} className="nav-item" aria-current={isCurrent(e, pathname) ? 'page' : undefined} title={i18n._(e.label)}>
            <Icon name={e.icon} />
            <span className="nav-label">{i18n._(e.label)}</span>
          </AppLink>
        </li>
      ))}
    </ul>
  );
}

/**
 * Desktop sidebar (SPEC §2): Home, Search, and when logged in My feed, Create new, Sifts, Playlists, Watch later,
 * History, Import; a visitor gets Sifts too (Explore, issue 31).
 */
export function Sidebar({ open, loggedIn }: { open: boolean; loggedIn: boolean }) {
  const { t } = useLinguiMacro();
  const entries: NavEntry[] = loggedIn ? [HOME, FEED, SEARCH] : [HOME, SEARCH, SIFTS];
  if (loggedIn) {
    entries.push(
      { label: msg`Create new`, to: paths.create, icon: 'plus', match: [paths.create] },
      SIFTS,
      { label: msg`Playlists`, to: paths.playlists, icon: 'playlist' },
      WATCH_LATER,
      HISTORY,
      { label: msg`Import`, to: paths.importYoutubeChannels, icon: 'import' },
    );
  }
  return (
    <nav id="sidebar" className={`sidebar${open ? '' : ' sidebar--collapsed'}`} aria-label={t`Main`}>
      <NavLinks entries={entries} className="sidebar-list" />
    </nav>
  );
}

/**
 * Mobile footer (< 992 px): Home, Search, Sifts (issue 31), and when logged in My feed, Watch later and History
 * (Playlists and Create new are in the header's menu there, decision 063).
 */
export function MobileFooter({ loggedIn }: { loggedIn: boolean }) {
  const { t } = useLinguiMacro();
  const entries = loggedIn ? [HOME, FEED, SEARCH, SIFTS, WATCH_LATER, HISTORY] : [HOME, SEARCH, SIFTS];
  return (
    <nav className="mobile-footer" aria-label={t`Footer`}>
      <NavLinks entries={entries} className="mobile-footer-list" />
    </nav>
  );
}
