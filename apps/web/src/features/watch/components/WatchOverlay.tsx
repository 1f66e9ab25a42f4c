import { useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import type { Video } from '@sift/contracts';
import { to } from '../../../lib/paths';
import { AppLink } from '../../../components/AppLink';
import { Avatar } from '../../../components/Cards';
import { Icon } from '../../../components/Icon';
import { useModal } from '../../../components/dialog';
import { isApiError } from '../../../lib/api';
import { formatNumber, formatRelativeTime } from '../../../lib/format';
import { useNow } from '../../../lib/hooks';
import { PlainPlayer } from '../../../player/PlainPlayer';
import { useVideo } from '../api/queries';

export interface WatchOverlayProps {
  videoId: string;
  /** 'max': the video modal over the Dashboard (/watch). 'mini': a bar at the bottom while browsing. */
  mode: 'max' | 'mini';
  onClose: () => void;
  onMinimise: () => void;
  onExpand: () => void;
}

/**
 * The current video (`v`). One element tree serves both modes, so the <video> keeps playing when the reader
 * minimises it and browses on; only classes and roles change.
 */
export function WatchOverlay({ videoId, mode, onClose, onMinimise, onExpand }: WatchOverlayProps) {
  const { data: video, isPending, isError, error } = useVideo(videoId);
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const max = mode === 'max';
  const now = useNow();
  useModal(ref, max, onClose);

  const title = video?.title || video?.name || (isPending ? 'Loading video…' : 'Video unavailable');
  let player;
  if (video) player = <Player video={video} />;
  else if (isError)
    player = (
      <div className="player-message">
        {isApiError(error) && error.status === 404 ? 'Video not found.' : 'The video could not be loaded.'}
      </div>
    );
  else player = <div className="player-message" aria-hidden="true" />;

  return createPortal(
    <div className={max ? 'backdrop backdrop--watch' : 'mini-host'} onClick={max ? onClose : undefined}>
      <div
        ref={ref}
        className={`watch watch--${mode}`}
        role={max ? 'dialog' : 'region'}
        aria-modal={max ? true : undefined}
        aria-labelledby={titleId}
        tabIndex={-1}
        onClick={(e) => e.stopPropagation()}
      >
        <div className="watch-bar">
          <h2 id={titleId} className="watch-title" title={title}>
            {title}
          </h2>
          <div className="watch-actions">
            {max ? (
              <button type="button" className="icon-btn" aria-label="Minimise player" onClick={onMinimise}>
                <Icon name="minimise" />
              </button>
            ) : (
              <button type="button" className="icon-btn" aria-label="Expand player" onClick={onExpand}>
                <Icon name="expand" />
              </button>
            )}
            <button type="button" className="icon-btn" aria-label="Close player" onClick={onClose} data-autofocus>
              <Icon name="close" />
            </button>
          </div>
        </div>
        <div className="watch-media">{player}</div>
        {video && (
          <div className="watch-info">
            <div className="watch-channel">
              <AppLink to={to.channel(video.channelExternalId)} className="watch-channel-link">
                <Avatar src={video.channelThumbnail} size={40} />
                <span>{video.channelName}</span>
              </AppLink>
            </div>
            <p className="vcard-meta">
              {video.liveStatus === 'LIVE' && <span className="live-dot">Live now</span>}
              <span>{formatNumber(video.numberOfViews)} views</span>
              <span>{formatNumber(video.numberOfLikes)} likes</span>
              <time dateTime={video.publishedAt}>{formatRelativeTime(video.publishedAt, now)}</time>
            </p>
            {video.description && <p className="watch-desc">{video.description}</p>}
          </div>
        )}
      </div>
    </div>,
    document.body,
  );
}

function Player({ video }: { video: Video }) {
  const title = video.title || video.name;
  if (!video.embeddable || !video.mediaUrl) return <NotEmbeddable video={video} />;
  return <PlainPlayer key={video.externalId} src={video.mediaUrl} poster={video.thumbnail} label={`Video player: ${title}`} />;
}

/** SPEC §2: a non-embeddable video shows a thumbnail card instead of the player. */
function NotEmbeddable({ video }: { video: Video }) {
  const external = video.provider === 'youtube' ? `https://www.youtube.com/watch?v=${encodeURIComponent(video.externalId)}` : null;
  return (
    <div className="not-embeddable">
      <img src={video.thumbnail} alt="" />
      <div className="not-embeddable-text">
        <p>This video can't be played here. It plays on the video service.</p>
        {external && (
          <a className="btn btn-primary" href={external} target="_blank" rel="noopener noreferrer">
            Watch on YouTube<span className="sr-only"> (opens in a new tab)</span>
          </a>
        )}
      </div>
    </div>
  );
}
