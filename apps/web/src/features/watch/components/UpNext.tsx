import { Trans, useLingui } from '@lingui/react/macro';
import { memo } from 'react';
import type { Video } from '@sift/contracts';
import { durationLabel, formatDuration } from '../../../lib/format';
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
  if (!item && queue.videos.length <= 1) return null;
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
