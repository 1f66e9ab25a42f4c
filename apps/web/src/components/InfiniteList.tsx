import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { Fragment, useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
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
  /**
   * Puts `label` before the list as an h2 that only screen readers say: for a page whose cards' titles are h3 and
   * whose list has no visible heading of its own (axe heading-order).
   */
  heading?: boolean;
}

/**
 * Items drawn in one task. A page of 50 cards drawn at once held a phone's main thread for over half a second
 * (Lighthouse's mobile CPU, issue 18). Cards are drawn a batch per task, and only while the end of what is drawn is
 * within the trigger distance of the screen: a phone draws the batches its first screen and the 1,800 px below it
 * need, not all 50 cards of a page nobody has scrolled yet (decision 027). Two a task since issue 32: a batch of four
 * and its layout were each 20-45 ms of a slow phone's tasks after the first paint (decision 057).
 */
export const REVEAL_BATCH = 2;

/**
 * How many of a short row's `upTo` items to draw: a batch at once, one more batch a task after, until all are drawn.
 * For rows whose items are all near the screen (a channel strip's first tiles): the data's task draws what a phone
 * shows, and a wider screen has the rest a few tasks later (issue 32: eight tiles with the data were one of the list
 * pages' longest tasks after the first paint).
 */
export function useDrawnByTasks(upTo: number): number {
  const [drawn, setDrawn] = useState(REVEAL_BATCH);
  useEffect(() => {
    if (drawn >= upTo) return;
    const timer = setTimeout(() => setDrawn((d) => d + REVEAL_BATCH), 0);
    return () => clearTimeout(timer);
  }, [drawn, upTo]);
  return Math.min(drawn, upTo);
}

/** What `useRevealed` gives a list: how many items to draw, where its observer reports, and the keyboard's way on. */
export interface Revealed {
  /** How many of the items to draw now. */
  shown: number;
  /** The observer's report: is the end of the drawn items within the trigger distance? */
  reportNear: (near: boolean) => void;
  /** Draw the next batch now ("Load more" while some are undrawn). */
  revealMore: () => void;
}

/**
 * How many of `count` items to draw: a batch at first, then one more batch for each fresh report that the end of
 * the drawn items is near (within the trigger distance). A report counts once: the batch it draws moves the end, and
 * the observer the list re-creates for the new end reports again after the next paint. Counting a report twice drew
 * many cheap batches before that report came, down past the trigger distance (a whole page of 50, seen in CI).
 * What is drawn stays drawn (a refetch that puts a new video on top must not shorten the page under someone scrolled
 * down it); a list that empties (a new filter loading) starts again from its first batch. Without
 * IntersectionObserver the end always counts as near: every batch is drawn, a task apart. Shared with the player's
 * queue (features/watch UpNext), which draws at least down to the video playing (`atLeast`).
 * A report is kept in a ref, not state: as state, each batch drew the whole list three times (the batch, the report
 * cleared for its new end, the new report), each a task of a phone's main thread (issue 32); now once.
 */
export function useRevealed(count: number, atLeast = 0): Revealed {
  const observes = typeof IntersectionObserver !== 'undefined';
  const [revealed, setRevealed] = useState(REVEAL_BATCH);
  const shown = Math.min(count, Math.max(revealed, atLeast));
  const near = useRef(!observes);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef({ shown, count });
  latest.current = { shown, count };
  // The next batch, a task from now (so that input is answered between batches), once.
  const schedule = useCallback(() => {
    if (timer.current !== undefined) return;
    timer.current = setTimeout(() => {
      timer.current = undefined;
      const { shown: now, count: total } = latest.current;
      if (near.current && now < total) setRevealed(now + REVEAL_BATCH);
    }, 0);
  }, []);
  useEffect(() => () => clearTimeout(timer.current), []);
  // A new end needs a new report (before the paint, so no report about the old end is taken for the new one).
  useLayoutEffect(() => {
    if (observes) near.current = false;
  }, [shown, observes]);
  useEffect(() => {
    if (count === 0 && revealed !== REVEAL_BATCH) setRevealed(REVEAL_BATCH);
  }, [count, revealed]);
  // More items while the end is near (the next page came, or no observer): the next batch.
  useEffect(() => {
    if (near.current && shown < count) schedule();
  }, [shown, count, schedule]);
  const reportNear = useCallback(
    (isNear: boolean) => {
      near.current = isNear;
      if (isNear && latest.current.shown < latest.current.count) schedule();
    },
    [schedule],
  );
  return { shown, reportNear, revealMore: () => setRevealed(shown + REVEAL_BATCH) };
}

/**
 * Watches the end of a list (its sentinel) and tells `onReport` whether it is within the observer's margin: at once (a
 * new observer reports the current state), then at each change. Returns the cleanup. Only this observer's latest
 * entry counts: one replaced after a batch may still deliver a report it queued about the old end (a stale "not near",
 * taken as the truth, stopped a list whose end sat in range: seen in the browser tests). Used by the feeds and the
 * player's queue, with `useRevealed`.
 */
export function observeEnd(sentinel: Element, options: IntersectionObserverInit, onReport: (near: boolean) => void): () => void {
  let live = true;
  const io = new IntersectionObserver((entries) => {
    if (live) onReport(entries.at(-1)?.isIntersecting === true);
  }, options);
  io.observe(sentinel);
  return () => {
    live = false;
    io.disconnect();
  };
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
    heading = false,
  } = props;
  const { i18n } = useLingui();
  const sentinel = useRef<HTMLDivElement>(null);
  // Without IntersectionObserver everything is drawn, and the "Load more" button fetches pages.
  const { shown, reportNear, revealMore } = useRevealed(items.length);
  const allShown = shown === items.length;
  const canLoad = hasMore && !loading && !loadingMore && !error && allShown;
  const loadRef = useLatest(onLoadMore);

  useEffect(() => {
    const el = sentinel.current;
    if (!el || typeof IntersectionObserver === 'undefined') return;
    // Re-created whenever a batch or a page is drawn, or loading becomes possible: a sentinel that stays inside the
    // margin gets no new intersection event, but a fresh observer reports its current state at once. A page is asked
    // for only on such a fresh report: right after a batch is drawn, an older one may predate the batch that pushed
    // the sentinel down.
    return observeEnd(el, { rootMargin: `0px 0px ${triggerDistance}px 0px` }, (hit) => {
      reportNear(hit);
      if (hit && canLoad) loadRef.current();
    });
  }, [shown, canLoad, triggerDistance, loadRef, reportNear]);

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
  } else if (complete && allShown) {
    status = <span>{i18n._(items.length === 0 ? LIST_TEXTS.empty : LIST_TEXTS.end)}</span>;
  } else if (hasMore || !allShown) {
    // Keyboard users and browsers without IntersectionObserver: the next batch while some are undrawn, else the next page.
    // While batches are still being drawn it is out of the layout until focused (ilist-status--revealing).
    status = (
      <button type="button" className="btn btn-secondary" onClick={allShown ? onLoadMore : revealMore}>
        <Trans>Load more</Trans>
      </button>
    );
  }

  // A feed holds articles (axe aria-required-children): an empty list is a plain box; the status says "No results."
  const feed = items.length > 0 || loading;
  const firstLoad = loading && items.length === 0 && !error;
  // The cards it holds are still being drawn, a batch a task: the status line holds only the keyboard's Load more.
  const revealing = !allShown && !error && !loading && !loadingMore;
  return (
    <>
      {heading && <h2 className="sr-only">{label}</h2>}
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
        <div className={`ilist-status${firstLoad ? ' ilist-status--waiting' : ''}${revealing ? ' ilist-status--revealing' : ''}`} role="status">
          {status}
        </div>
      </div>
    </>
  );
}
