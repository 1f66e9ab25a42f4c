import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type ReactNode } from 'react';
import { AppLink } from './AppLink';
import { FilterField } from './FilterField';
import { Icon } from './Icon';
import { InfiniteList, type ItemPosition } from './InfiniteList';
import { Menu } from './Menu';
import './collections.css';

/** The sorts of the /playlists and /sifts lists. */
export type CollectionSort = '' | 'created' | 'videos' | 'alpha';

/** SPEC §9 "Sort options" (message descriptors: render with `i18n._`). */
export const SORT_LABELS: Record<CollectionSort, MessageDescriptor> = {
  '': msg({ message: 'Relevance', context: 'sort' }),
  created: msg({ message: 'Recently created', context: 'sort' }),
  videos: msg({ message: 'Num of videos', context: 'sort' }),
  alpha: msg({ message: 'Alphabetical', context: 'sort' }),
};

/** The list's query: mine or followed, a sort and a name filter. */
export interface CollectionQuery {
  following: boolean;
  sort: CollectionSort;
  q: string;
}

/** SPEC §5: the list filter starts at following=false when logged in, else following=true. */
export function useCollectionQuery(loggedIn: boolean) {
  const [query, setQuery] = useState<CollectionQuery>(() => ({ following: !loggedIn, sort: '', q: '' }));
  const change = (part: Partial<CollectionQuery>) => setQuery((now) => ({ ...now, ...part }));
  return [query, change] as const;
}

export interface CollectionsPageProps<T> {
  /** "Playlists". */
  title: string;
  /** The New button: where it goes and what it says ("New playlist"). */
  create: { to: string; label: string };
  /** The lower-case plural for labels: "playlists" gives "Which playlists", "Sort playlists", "Your playlists". */
  plural: string;
  /** "Find playlist". */
  filterLabel: string;
  query: CollectionQuery;
  onQuery: (part: Partial<CollectionQuery>) => void;
  /** Mine / Following are offered (to a member); a visitor's list is the public one. */
  canChoose: boolean;
  /** More chips after Mine and Following (Watch later). */
  moreChoices?: ReactNode;
  list: {
    items: T[];
    isPending: boolean;
    isError: boolean;
    hasNextPage?: boolean;
    isFetchingNextPage: boolean;
    fetchNextPage: () => unknown;
    refetch: () => unknown;
  };
  getKey: (item: T) => string;
  renderItem: (item: T, position: ItemPosition) => ReactNode;
  /**
   * Shown instead of the name filter, the sort menu and the list: another view beside Mine and Following, chosen
   * through `moreChoices` (Explore on /sifts), or a visitor's whole page. Mine and Following are then not pressed.
   */
  alternate?: ReactNode;
}

/** /playlists and /sifts: the title with a New button, Mine / Following, the name filter, the sort menu, the grid. */
export function CollectionsPage<T>({
  title,
  create,
  plural,
  filterLabel,
  query,
  onQuery,
  canChoose,
  moreChoices,
  list,
  getKey,
  renderItem,
  alternate,
}: CollectionsPageProps<T>) {
  const { t, i18n } = useLingui();
  // Put together from the caller's words ("Playlists", "playlists"): the comments tell translators what fills them.
  const label = query.following
    ? t({ message: `${title} you follow`, comment: 'title: the page title, e.g. "Playlists" or "Sifts"' })
    : t({ message: `Your ${plural}`, comment: 'plural: a lower-case plural, e.g. "playlists" or "sifts"' });
  const sort = i18n._(SORT_LABELS[query.sort]);
  return (
    <section className="page" aria-labelledby="page-title">
      <div className="section-head">
        <h1 id="page-title" className="page-title" tabIndex={-1}>
          {title}
        </h1>
        <AppLink to={create.to} className="btn btn-primary">
          <Icon name="plus" size={20} /> {create.label}
        </AppLink>
      </div>
      {(canChoose || !alternate) && (
        <div className="collections-toolbar">
          {canChoose && (
            <div role="group" aria-label={t({ message: `Which ${plural}`, comment: 'plural: a lower-case plural, e.g. "playlists" or "sifts"' })} className="seg">
              <button type="button" aria-pressed={!alternate && !query.following} className="chip" onClick={() => onQuery({ following: false })}>
                <Trans comment="Filter chip: the lists I made">Mine</Trans>
              </button>
              <button type="button" aria-pressed={!alternate && query.following} className="chip" onClick={() => onQuery({ following: true })}>
                <Trans comment="Filter chip: the lists I follow">Following</Trans>
              </button>
              {moreChoices}
            </div>
          )}
          {!alternate && (
            <>
              <FilterField label={filterLabel} onApply={(q) => onQuery({ q })} />
              <Menu
                // Named as it reads (axe label-content-name-mismatch).
                label={t`Sort: ${sort}`}
                title={t({ message: 'Sort', context: 'verb' })}
                buttonClassName="btn btn-secondary"
                button={<Trans>Sort: {sort}</Trans>}
                items={(Object.keys(SORT_LABELS) as CollectionSort[]).map((key) => ({
                  kind: 'radio',
                  label: i18n._(SORT_LABELS[key]),
                  checked: query.sort === key,
                  onSelect: () => onQuery({ sort: key }),
                }))}
              />
            </>
          )}
        </div>
      )}
      {/* The cards' names are h3s: the list has its h2 (axe heading-order), said by screen readers only. */}
      {alternate ?? (
        <InfiniteList
          label={label}
          heading
          layout="grid"
          items={list.items}
          getKey={getKey}
          renderItem={renderItem}
          loading={list.isPending}
          error={list.isError}
          hasMore={!!list.hasNextPage}
          loadingMore={list.isFetchingNextPage}
          onLoadMore={() => void list.fetchNextPage()}
          onRetry={() => void list.refetch()}
        />
      )}
    </section>
  );
}
