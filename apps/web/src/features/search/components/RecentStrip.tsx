import { Trans } from '@lingui/react/macro';
import { useId } from 'react';
import { AppLink } from '../../../components/AppLink';
import { Icon } from '../../../components/Icon';
import { paths } from '../../../lib/paths';
import { itemPath } from '../links';
import type { RecentEntry } from '../recent';

/** How many of the newest entries the search page shows; /search/recent has them all. */
const RECENT_STRIP_MAX = 4;

/**
 * The search page's recent searches (issue 31): a labelled list under the heading — what the person opened from their
 * searches, newest first, and a link to all of them — rather than a button beside the sort, which it was taken for.
 * Nothing is shown while there is nothing to list, so a search never answers "No recent searches".
 */
export function RecentStrip({ entries }: { entries: readonly RecentEntry[] }) {
  const headingId = useId();
  if (entries.length === 0) return null;
  return (
    <section className="search-recent" aria-labelledby={headingId}>
      <h2 id={headingId} className="search-recent-title">
        <Icon name="history" size={18} />
        <Trans>Recent searches</Trans>
      </h2>
      <ul className="search-recent-list">
        {entries.slice(0, RECENT_STRIP_MAX).map((entry) => (
          <li key={`${entry.type}:${entry.id}:${entry.externalId}`}>
            <AppLink to={itemPath(entry)} className="chip search-recent-chip" dropV={entry.type === 'video'} title={entry.name}>
              <span className="chip-label">{entry.name}</span>
            </AppLink>
          </li>
        ))}
      </ul>
      <AppLink to={paths.searchRecent} className="search-recent-all">
        <Trans comment="Link to the page of all recent searches; only screen readers hear the last two words">
          See all<span className="sr-only"> recent searches</span>
        </Trans>
      </AppLink>
    </section>
  );
}
