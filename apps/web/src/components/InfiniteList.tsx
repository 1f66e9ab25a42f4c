import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { Fragment, useEffect, useRef, useState, type ReactNode } from 'react';
import { LIST_TRIGGER_PX } from '../lib/config';
import { useLatest } from '../lib/hooks';

/** SPEC §2's end-of-list texts (message descriptors: render with `i18n._`). */
export const LIST_TEXTS = {
  empty: msg`No results.`,
  end: msg`No more results.`,
  error: msg`Error returning results.`,
};

export interface ItemPosition {
  /** 1-based position for aria-posinset. */
  posinset: number;
  /** aria-setsize: the total when known, else -1 (more may come). */
  setsize: number;
}

export interface InfiniteListProps<T> {
  /** Accessible name of the feed, e.g. "Latest videos". */
  label: string;
  items: readonly T[];
  getKey: (item: T) => string;
  /** Render one item; it should be an <article> carrying the given position (ARIA feed pattern). */
  renderItem: (item: T, position: ItemPosition) => ReactNode;
  /** True until the first page has arrived. */
  loading: boolean;
  /** The last load failed. */
  error: boolean;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  onRetry?: () => void;
  /** Distance in px below the viewport at which the next page loads (SPEC §9: 1800 in the list area). */
  triggerDistance?: number;
  layout?: 'list' | 'grid';
  className?: string;
}

/**
 * Items drawn in one task. A page of 50 cards drawn at once held a phone's main thread for over half a second
 * (Lighthouse's mobile CPU, issue 18); a phone's first screen shows two or three cards, and on a desktop the next
 * batches follow within a frame. The rest are drawn in the tasks that follow, a batch each, so taps and scrolling are
 * answered in between.
 */
export const REVEAL_BATCH = 4;

/**
 * How many of `count` items to draw now: a batch at first and one more batch per task until all are drawn. What is
 * drawn stays drawn (a refetch that puts a new video on top must not shorten the page under someone scrolled down);
 * a list that empties (a new filter loading) starts again from its first batch.
 */
function useRevealed(count: number): number {
  const [revealed, setRevealed] = useState(REVEAL_BATCH);
  const shown = Math.min(count, revealed);
  useEffect(() => {
    if (count === 0) {
      if (revealed !== REVEAL_BATCH) setRevealed(REVEAL_BATCH);
      return;
    }
    if (shown >= count) return;
    const timer = setTimeout(() => setRevealed(shown + REVEAL_BATCH), 0);
    return () => clearTimeout(timer);
  }, [shown, count, revealed]);
  return shown;
}

/** What InfiniteList needs of a TanStack infinite query (the fields it reads, so any page shape fits). */
interface PagedQuery {
  data: unknown;
  isPending: boolean;
  isError: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
  refetch: () => Promise<unknown>;
}

/**
 * InfiniteList's loading props from an infinite query, for `{...pagingOf(query)}`: a retry after a failed first
 * page fetches it again, after a later page the next one.
 */
export function pagingOf(query: PagedQuery): Pick<InfiniteListProps<unknown>, 'loading' | 'error' | 'hasMore' | 'loadingMore' | 'onLoadMore' | 'onRetry'> {
  return {
    loading: query.isPending,
    error: query.isError,
    hasMore: query.hasNextPage,
    loadingMore: query.isFetchingNextPage,
    onLoadMore: () => void query.fetchNextPage(),
    onRetry: () => void (query.data ? query.fetchNextPage() : query.refetch()),
  };
}

/**
 * A feed that loads its next page when the sentinel below it comes within `triggerDistance` of the viewport.
 * The end-of-list texts are SPEC §2's: "No results.", "No more results.", "Error returning results.".
 * A "Load more" button backs up the observer for keyboard users and browsers without IntersectionObserver.
 */
export function InfiniteList<T>(props: InfiniteListProps<T>) {
  const {
    label,
    items,
    getKey,
    renderItem,
    loading,
    error,
    hasMore,
    loadingMore,
    onLoadMore,
    onRetry,
    triggerDistance = LIST_TRIGGER_PX,
    layout = 'list',
    className,
  } = props;
  const { i18n } = useLingui();
  const sentinel = useRef<HTMLDivElement>(null);
  const shown = useRevealed(items.length);
  // While items are still being drawn the sentinel sits too high: it would ask for a page nobody scrolled to.
  const canLoad = hasMore && !loading && !loadingMore && !error && shown === items.length;
  const loadRef = useLatest(onLoadMore);

  useEffect(() => {
    const el = sentinel.current;
    if (!el || !canLoad || typeof IntersectionObserver === 'undefined') return;
    // Re-created whenever the item count changes: a sentinel that stays inside the margin after a page
    // arrives gets no new intersection event, but a fresh observer reports its current state at once.
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) loadRef.current();
      },
      { rootMargin: `0px 0px ${triggerDistance}px 0px` },
    );
    io.observe(el);
    return () => io.disconnect();
  }, [canLoad, shown, triggerDistance, loadRef]);

  const complete = !hasMore && !loading && !error;
  const setsize = complete ? items.length : -1;

  let status: ReactNode = null;
  if (error) {
    status = (
      <>
        <span>{i18n._(LIST_TEXTS.error)}</span>
        {onRetry && (
          <button type="button" className="btn btn-secondary" onClick={onRetry}>
            <Trans>Try again</Trans>
          </button>
        )}
      </>
    );
  } else if (loadingMore) {
    status = (
      <span className="spinner-line">
        <span className="spinner" aria-hidden="true" />
        <Trans>Loading…</Trans>
      </span>
    );
  } else if (loading) {
    // The first page: the live region says it, a placeholder shows it (below).
    status = (
      <span className="sr-only">
        <Trans>Loading…</Trans>
      </span>
    );
  } else if (complete) {
    status = <span>{i18n._(items.length === 0 ? LIST_TEXTS.empty : LIST_TEXTS.end)}</span>;
  } else if (hasMore) {
    status = (
      <button type="button" className="btn btn-secondary" onClick={onLoadMore}>
        <Trans>Load more</Trans>
      </button>
    );
  }

  // A feed holds articles (axe aria-required-children): an empty list is a plain box; the status says "No results."
  const feed = items.length > 0 || loading;
  const firstLoad = loading && items.length === 0 && !error;
  return (
    <div className={`ilist ilist--${layout}${className ? ` ${className}` : ''}`}>
      <div
        role={feed ? 'feed' : undefined}
        aria-label={feed ? label : undefined}
        aria-busy={loading || loadingMore}
        className="ilist-items"
      >
        {items.slice(0, shown).map((item, i) => (
          <Fragment key={getKey(item)}>{renderItem(item, { posinset: i + 1, setsize })}</Fragment>
        ))}
      </div>
      {firstLoad && (
        // Shown where the first page will be and removed when it comes (issue 18: the status line under the list,
        // seen while it waited, moved off screen when 50 cards arrived: a layout shift of 0.06 on every list page).
        // The status region stays empty meanwhile, so it has no box that could shift.
        <div className="ilist-status" aria-hidden="true">
          <span className="spinner-line">
            <span className="spinner" />
            <Trans>Loading…</Trans>
          </span>
        </div>
      )}
      <div ref={sentinel} className="ilist-sentinel" aria-hidden="true" />
      <div className={`ilist-status${firstLoad ? ' ilist-status--waiting' : ''}`} role="status">
        {status}
      </div>
    </div>
  );
}
