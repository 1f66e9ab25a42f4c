import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { AppLink } from '../../../components/AppLink';
import { Icon } from '../../../components/Icon';
import { useDocumentTitle } from '../../../components/Page';
import { to } from '../../../lib/paths';
import { useLeavingSearchResets } from '../leave';
import { itemPath } from '../links';
import { useRecentSearches, type RecentEntry } from '../recent';
import { SCOPES, useSearchFilters, type SearchScope } from '../state';
import { ScopeTabs } from './Filters';
import './search.css';

const TYPE_LABEL: Record<RecentEntry['type'], MessageDescriptor> = { video: msg`Video`, channel: msg`Channel`, sift: msg`Sift`, playlist: msg`Playlist` };

/** The clear button per scope: "Clear all", "Clear channels" … */
const CLEAR_LABEL: Record<SearchScope, MessageDescriptor> = {
  all: msg`Clear all`,
  channels: msg`Clear channels`,
  videos: msg`Clear videos`,
  sifts: msg`Clear sifts`,
  playlists: msg`Clear playlists`,
};

/**
 * /search/recent: what this person opened from their searches, per scope (the type tabs), newest first. Each
 * entry opens its item, searches its text again, or can be removed.
 */
export function RecentSearchesPage({ userUuid }: { userUuid: string | null }) {
  const { t, i18n } = useLingui();
  useLeavingSearchResets();
  useDocumentTitle(t`Recent searches`);
  const [filters, setFilters] = useSearchFilters();
  const panelId = useId();
  const recent = useRecentSearches(userUuid, filters.type);
  const scopeLabel = i18n._(SCOPES.find((s) => s.value === filters.type)?.label ?? SCOPES[0]!.label);

  return (
    <section className="page search-page" aria-labelledby="page-title">
      <h1 id="page-title" className="page-title" tabIndex={-1}>
        <Trans>Recent searches</Trans>
      </h1>
      <div className="search-toolbar">
        <ScopeTabs scopes={SCOPES} value={filters.type} onChange={(type) => setFilters({ type })} panelId={panelId} label={t`Recent searches type`} />
        {recent.entries.length > 0 && (
          <div className="search-toolbar-end">
            <button type="button" className="btn btn-secondary" onClick={recent.clear}>
              {i18n._(CLEAR_LABEL[filters.type])}
            </button>
          </div>
        )}
      </div>
      <section id={panelId} role="tabpanel" aria-labelledby={`${panelId}-tab-${filters.type}`} className="section">
        {recent.entries.length === 0 ? (
          <p className="ilist-status">
            <Trans>No recent searches.</Trans>
          </p>
        ) : (
          <ul className="recent-list" aria-label={t`Recent searches: ${scopeLabel}`}>
            {recent.entries.map((entry) => (
              <li key={`${entry.type}:${entry.id}:${entry.externalId}`}>
                <RecentItem entry={entry} onRemove={() => recent.remove(entry)} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </section>
  );
}

function RecentItem({ entry, onRemove }: { entry: RecentEntry; onRemove: () => void }) {
  const { t, i18n } = useLingui();
  const titleId = useId();
  const href = itemPath(entry);
  const name = entry.name;
  const query = entry.q;
  return (
    <article className={`recent-item recent-item--${entry.type}`} aria-labelledby={titleId}>
      <AppLink to={href} className="recent-thumb" tabIndex={-1} aria-hidden="true" dropV={entry.type === 'video'}>
        {entry.thumbnail ? <img src={entry.thumbnail} alt="" loading="lazy" decoding="async" width={120} height={68} /> : <Icon name="search" />}
      </AppLink>
      <div className="recent-text">
        <h2 className="recent-title" id={titleId}>
          <AppLink to={href} dropV={entry.type === 'video'}>
            {entry.name}
          </AppLink>
        </h2>
        <p className="vcard-meta">
          <span>{i18n._(TYPE_LABEL[entry.type])}</span>
          {entry.q && (
            <span>
              <Trans>
                Searched for <AppLink to={to.search(entry.q)}>“{query}”</AppLink>
              </Trans>
            </span>
          )}
        </p>
      </div>
      <button type="button" className="icon-btn" aria-label={t`Remove ${name} from recent searches`} onClick={onRemove}>
        <Icon name="close" size={20} />
      </button>
    </article>
  );
}
