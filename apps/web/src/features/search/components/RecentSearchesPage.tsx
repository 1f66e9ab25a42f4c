import { useId } from 'react';
import { AppLink } from '../../../components/AppLink';
import { Icon } from '../../../components/Icon';
import { useDocumentTitle } from '../../../components/Page';
import { to } from '../../../lib/paths';
import { useLeavingSearchResets } from '../leave';
import { itemPath } from '../links';
import { useRecentSearches, type RecentEntry } from '../recent';
import { SCOPES, useSearchFilters } from '../state';
import { ScopeTabs } from './Filters';
import './search.css';

const TYPE_LABEL: Record<RecentEntry['type'], string> = { video: 'Video', channel: 'Channel', sift: 'Sift', playlist: 'Playlist' };

/**
 * /search/recent: what this person opened from their searches, per scope (the type tabs), newest first. Each
 * entry opens its item, searches its text again, or can be removed.
 */
export function RecentSearchesPage({ userUuid }: { userUuid: string | null }) {
  useLeavingSearchResets();
  useDocumentTitle('Recent searches');
  const [filters, setFilters] = useSearchFilters();
  const panelId = useId();
  const recent = useRecentSearches(userUuid, filters.type);
  const scopeLabel = SCOPES.find((s) => s.value === filters.type)?.label ?? 'All';

  return (
    <section className="page search-page" aria-labelledby="page-title">
      <h1 id="page-title" className="page-title" tabIndex={-1}>
        Recent searches
      </h1>
      <div className="search-toolbar">
        <ScopeTabs scopes={SCOPES} value={filters.type} onChange={(type) => setFilters({ type })} panelId={panelId} label="Recent searches type" />
        {recent.entries.length > 0 && (
          <div className="search-toolbar-end">
            <button type="button" className="btn btn-secondary" onClick={recent.clear}>
              Clear {scopeLabel === 'All' ? 'all' : scopeLabel.toLowerCase()}
            </button>
          </div>
        )}
      </div>
      <section id={panelId} role="tabpanel" aria-labelledby={`${panelId}-tab-${filters.type}`} className="section">
        {recent.entries.length === 0 ? (
          <p className="ilist-status">No recent searches.</p>
        ) : (
          <ul className="recent-list" aria-label={`Recent searches: ${scopeLabel}`}>
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
  const titleId = useId();
  const href = itemPath(entry);
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
          <span>{TYPE_LABEL[entry.type]}</span>
          {entry.q && (
            <span>
              Searched for <AppLink to={to.search(entry.q)}>“{entry.q}”</AppLink>
            </span>
          )}
        </p>
      </div>
      <button type="button" className="icon-btn" aria-label={`Remove ${entry.name} from recent searches`} onClick={onRemove}>
        <Icon name="close" size={20} />
      </button>
    </article>
  );
}
