import { Trans, useLingui } from '@lingui/react/macro';
import { useId, type MouseEvent } from 'react';
import type { Channel, SearchItem } from '@sift/contracts';
import { ChannelTile, VideoCard } from '../../../components/Cards';
import { InfiniteList, pagingOf, useDrawnByTasks } from '../../../components/InfiniteList';
import { useNow } from '../../../lib/hooks';
import { useSearch } from '../api/queries';
import { useLeavingSearchResets } from '../leave';
import { resultKey } from '../merge';
import { useRecentSearches } from '../recent';
import { SCOPES, useSearchFilters, type SearchScope } from '../state';
import { itemPath } from '../links';
import { OutsideFiltersBar, ScopeTabs, SortMenu } from './Filters';
import { RecentStrip } from './RecentStrip';
import { ResultCard } from './ResultCards';
import { SearchHeading } from './SearchHeading';
import './search.css';

export interface SearchPageProps {
  /** The search text (`st`); empty lists the newest and most followed (SPEC §5). */
  text: string;
  /** The logged-in person's uuid: their private items are found, and their recent searches kept apart. */
  userUuid: string | null;
}

/**
 * /search and /search/main?st=: the type tabs, the sort menu, channels for the query, every result in one
 * infinite list, and the message bar when the type filter hides results. Opening a result remembers it in the
 * recent searches of the current scope.
 */
export function SearchPage({ text, userUuid }: SearchPageProps) {
  const { t } = useLingui();
  useLeavingSearchResets();
  const [filters, setFilters] = useSearchFilters();
  const panelId = useId();
  const now = useNow();
  const search = useSearch({ q: text, type: filters.type, sort: filters.sort, viewer: userUuid });
  const recent = useRecentSearches(userUuid, filters.type);
  const first = search.first;
  const label = text ? t`Search results` : t`Newest and most popular`;
  // Channels for the query sit above the All list (without a query it starts with those same channels); the Videos
  // tab lists videos only (issue 31).
  const showChannels = filters.type === 'all' && !!text && !!first?.recommendedChannels.length;

  const remember = (item: SearchItem) => (e: MouseEvent) => {
    // Only opening the result itself counts, not its channel or owner link.
    const href = (e.target as Element).closest('a')?.getAttribute('href');
    if (href && href.startsWith(itemPath(item))) recent.add(item, text);
  };

  return (
    <section className="page search-page" aria-labelledby="page-title">
      <SearchHeading text={text} />
      <RecentStrip entries={recent.entries} />
      {first?.moreOutsideFilters && <OutsideFiltersBar onClear={() => setFilters({ type: 'all', sort: '' })} />}
      <div className="search-toolbar">
        <ScopeTabs scopes={SCOPES} value={filters.type} onChange={(type: SearchScope) => setFilters({ type })} panelId={panelId} />
        <div className="search-toolbar-end">
          <SortMenu value={filters.sort} onChange={(sort) => setFilters({ sort })} />
        </div>
      </div>

      <section id={panelId} role="tabpanel" aria-labelledby={`${panelId}-tab-${filters.type}`} className="section">
        {/* The strip arrives with the first page, above its list: drawn above the waiting list, it pushed the list's
            placeholder down (a layout shift of 0.066 at 1280 px). So it is inside the panel, whose top stays, and the
            list with results is a new element (its key), not the waiting one moved. */}
        {showChannels && first && !(text && first.recommendedChannelsPopular) && (
          <ChannelStripSection
            channels={first.recommendedChannels}
            title={first.recommendedChannelsPopular ? t`Popular channels` : t`Channels`}
            label={first.recommendedChannelsPopular ? t`Popular channels` : t`Channel results`}
          />
        )}
        <InfiniteList
          key={search.items.length > 0 ? 'results' : 'waiting'}
          label={label}
          heading
          items={search.items}
          getKey={resultKey}
          renderItem={(item, position) => (
            <div className="search-result" onClickCapture={remember(item)}>
              <ResultCard item={item} position={position} now={now} />
            </div>
          )}
          {...pagingOf(search)}
        />
      </section>

      {/* When nothing matched, something to watch instead: popular channels and videos, after "No results." */}
      {showChannels && first && text && first.recommendedChannelsPopular && (
        <ChannelStripSection channels={first.recommendedChannels} title={t`Popular channels`} label={t`Popular channels`} />
      )}
      {first && first.recommended.length > 0 && (
        <section className="section" aria-labelledby={`${panelId}-recommended`}>
          <div className="section-head">
            <h2 id={`${panelId}-recommended`}>
              <Trans>Popular videos</Trans>
            </h2>
          </div>
          <div className="ilist ilist--grid">
            <div role="feed" aria-label={t`Popular videos`} aria-busy={false} className="ilist-items">
              {first.recommended.map((item) =>
                item.type === 'video' ? <VideoCard key={resultKey(item)} video={item} now={now} /> : <ResultCard key={resultKey(item)} item={item} />,
              )}
            </div>
          </div>
        </section>
      )}
    </section>
  );
}

/** Channels for the query: their tiles two a task (`useDrawnByTasks`), so the results' task draws what a phone shows. */
function ChannelStripSection({ channels, title, label }: { channels: Channel[]; title: string; label: string }) {
  const headingId = useId();
  const drawn = useDrawnByTasks(channels.length);
  return (
    <section className="section" aria-labelledby={headingId}>
      <div className="section-head">
        <h2 id={headingId}>{title}</h2>
      </div>
      <div role="feed" aria-label={label} aria-busy={false} className="strip">
        {channels.slice(0, drawn).map((c) => (
          <ChannelTile key={c.externalId} channel={c} />
        ))}
      </div>
    </section>
  );
}
