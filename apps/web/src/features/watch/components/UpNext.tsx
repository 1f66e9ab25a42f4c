import { Trans, useLingui } from '@lingui/react/macro';
import { memo, useEffect, useRef } from 'react';
import type { Video } from '@sift/contracts';
import { observeEnd, useRevealed } from '../../../components/InfiniteList';
import { AREA_TRIGGER_PX } from '../../../lib/config';
import { durationLabel, formatDuration } from '../../../lib/format';
import { useLatest } from '../../../lib/hooks';
import type { PlayerEngine } from '../../../player/engine';
import type { QueueSnapshot } from '../../../player/queue';
import type { CurrentItem } from '../../../player/types';
import { videoTitle } from '../../../player/types';

export interface UpNextProps {
  engine: PlayerEngine<Video>;
  queue: QueueSnapshot<Video>;
  item: CurrentItem | null;
  /** Where the current video stands in the queue (the engine's `index`: a playlist entry found by its video alone too), or -1. */
  currentAt: number;
}

/**
 * The queue under the player ("Swipe up for more"): the current item's videos; choosing one plays it. Memoised:
 * the player re-renders on each of its changes, the list only changes with the queue or the video. Drawn as the feeds
 * are (decisions 027, 030): a batch per report that its end is near, so a page of 48 is not one long task when a
 * video opens; always down to the video playing.
 */
export const UpNext = memo(function UpNext({ engine, queue, item, currentAt }: UpNextProps) {
  const { t } = useLingui();
  const sentinel = useRef<HTMLLIElement>(null);
  const loadMore = useLatest(() => void engine.loadMore());
  const { shown: drawn, reportNear, revealMore } = useRevealed(queue.videos.length, currentAt + 1);
  const allDrawn = drawn === queue.videos.length;
  const canLoad = !queue.complete && !queue.loading && !queue.error && allDrawn;
  const shown = !!item || queue.videos.length > 1;

  // SPEC §9 "Infinite scroll trigger: 100 px in one area": the next page loads when the end of the queue comes within
  // 100 px of the bottom of what scrolls it (the list itself beside the desktop player, the player sheet on a phone).
  // Re-observed when the count changes: an end still inside the margin after a batch or a page came gets no new event.
  useEffect(() => {
    const el = sentinel.current;
    if (!el || typeof IntersectionObserver === 'undefined') return;
    return observeEnd(el, { root: scrollParent(el), rootMargin: `0px 0px ${AREA_TRIGGER_PX}px 0px` }, (hit) => {
      reportNear(hit);
      if (hit && canLoad) loadMore.current();
    });
  }, [canLoad, shown, drawn, loadMore, reportNear]);

  if (!shown) return null;
  const itemName = item?.name;
  const heading = item ? (item.type === 'channel' ? t`More from ${itemName}` : t`Playing from ${itemName}`) : t`Up next`;
  return (
    <section className="upnext" aria-labelledby="upnext-title">
      <h3 id="upnext-title" className="upnext-title">
        {heading}
      </h3>
      <ol className="upnext-list">
        {queue.videos.slice(0, drawn).map((v, i) => {
          const isCurrent = i === currentAt;
          return (
            <li key={`${v.externalId}#${v.itemId ?? ''}`}>
              <button
                type="button"
                className="upnext-item"
                aria-current={isCurrent ? 'true' : undefined}
                onClick={() => engine.playVideo(v)}
              >
                <span className="upnext-pos" aria-hidden="true">
                  {isCurrent ? '▶' : i + 1}
                </span>
                <span className="upnext-thumb">
                  <img src={v.thumbnail} alt="" loading="lazy" decoding="async" width={120} height={68} />
                  {/* Read after the title, in words (issue 18: "100:45Croissants…" ran position, time and title together). */}
                  <span className="badge" aria-hidden="true">
                    {v.liveStatus === 'LIVE' ? t({ message: 'LIVE', context: 'badge' }) : formatDuration(v.durationSeconds)}
                  </span>
                </span>
                <span className="upnext-text">
                  <span className="upnext-name">{videoTitle(v)}</span>
                  <span className="sr-only">, </span>
                  <span className="upnext-meta">
                    {v.channelName}
                    {!v.embeddable && ` · ${t`plays on the video service`}`}
                  </span>
                  <span className="sr-only">, {v.liveStatus === 'LIVE' ? t({ message: 'live', context: 'spoken after a video title' }) : durationLabel(v.durationSeconds)}</span>
                </span>
              </button>
            </li>
          );
        })}
        <li ref={sentinel} className="upnext-sentinel" aria-hidden="true" />
      </ol>
      {queue.error && <p className="upnext-status">
          <Trans>Error returning results.</Trans>
        </p>}
      {(!queue.complete || !allDrawn) && (
        <button type="button" className="btn btn-secondary upnext-more" disabled={allDrawn && queue.loading} onClick={allDrawn ? () => void engine.loadMore() : revealMore}>
          {allDrawn && queue.loading ? t`Loading…` : t`Load more`}
        </button>
      )}
    </section>
  );
});

/** The nearest ancestor that scrolls vertically (the observer's root, so that its margin counts there); else the viewport. */
function scrollParent(el: HTMLElement): HTMLElement | null {
  for (let node = el.parentElement; node; node = node.parentElement) {
    const { overflowY } = getComputedStyle(node);
    if (overflowY === 'auto' || overflowY === 'scroll') return node;
  }
  return null;
}
