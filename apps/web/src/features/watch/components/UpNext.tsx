import { Trans, useLingui } from '@lingui/react/macro';
import { memo, useEffect, useRef } from 'react';
import type { Video } from '@sift/contracts';
import { AREA_TRIGGER_PX } from '../../../lib/config';
import { durationLabel, formatDuration } from '../../../lib/format';
import { useLatest } from '../../../lib/hooks';
import type { PlayerEngine } from '../../../player/engine';
import type { QueueSnapshot } from '../../../player/queue';
import type { CurrentItem } from '../../../player/types';
import { sameVideo, videoTitle } from '../../../player/types';

export interface UpNextProps {
  engine: PlayerEngine<Video>;
  queue: QueueSnapshot<Video>;
  item: CurrentItem | null;
  current: Video | null;
}

/**
 * The queue under the player ("Swipe up for more"): the current item's videos; choosing one plays it. Memoised:
 * the progress tick re-renders the player twice a second, the list only changes with the queue or the video.
 */
export const UpNext = memo(function UpNext({ engine, queue, item, current }: UpNextProps) {
  const { t } = useLingui();
  const sentinel = useRef<HTMLLIElement>(null);
  const loadMore = useLatest(() => void engine.loadMore());
  const canLoad = !queue.complete && !queue.loading && !queue.error;
  const shown = !!item || queue.videos.length > 1;

  // SPEC §9 "Infinite scroll trigger: 100 px in one area": the next page loads when the end of the queue comes within
  // 100 px of the bottom of what scrolls it (the list itself beside the desktop player, the player sheet on a phone).
  // Re-observed when the count changes: an end still inside the margin after a page came gets no new event.
  useEffect(() => {
    const el = sentinel.current;
    if (!el || !canLoad || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && loadMore.current(), {
      root: scrollParent(el),
      rootMargin: `0px 0px ${AREA_TRIGGER_PX}px 0px`,
    });
    io.observe(el);
    return () => io.disconnect();
  }, [canLoad, shown, queue.videos.length, loadMore]);

  if (!shown) return null;
  const itemName = item?.name;
  const heading = item ? (item.type === 'channel' ? t`More from ${itemName}` : t`Playing from ${itemName}`) : t`Up next`;
  return (
    <section className="upnext" aria-labelledby="upnext-title">
      <h3 id="upnext-title" className="upnext-title">
        {heading}
      </h3>
      <ol className="upnext-list">
        {queue.videos.map((v, i) => {
          const isCurrent = sameVideo(v, current);
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
      {!queue.complete && (
        <button type="button" className="btn btn-secondary upnext-more" disabled={queue.loading} onClick={() => void engine.loadMore()}>
          {queue.loading ? t`Loading…` : t`Load more`}
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
