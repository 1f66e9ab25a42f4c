import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import { useQueryClient } from '@tanstack/react-query';
import type { Video } from '@sift/contracts';
import { AppLink } from '../../../components/AppLink';
import { Avatar } from '../../../components/Cards';
import { useModal, usePortalSafeId } from '../../../components/dialog';
import { isApiError } from '../../../lib/api';
import { formatNumber, formatRelativeTime } from '../../../lib/format';
import { useIsDesktop, useLatest, useNow } from '../../../lib/hooks';
import { paths, to } from '../../../lib/paths';
import { CAPTION_LANGUAGE } from '../../../player/constants';
import { controlsModel, keyCommand, type KeyCommand, type Swipe } from '../../../player/controls';
import type { ChangeReason } from '../../../player/engine';
import type { QueueSource } from '../../../player/queue';
import { usePlayerSelect, usePlayerSnapshot } from '../../../player/react';
import { videoTitle } from '../../../player/types';
import { useVideo, videoKeys } from '../api/queries';
import { channelQueue, playerEngine } from '../player';
import '../player.css';
import { PlayerIcon } from './icons';
import { LeaveModal } from './LeaveModal';
import { PlayerHint } from './PlayerHint';
import { PlayerMenu, type PlayerMenuHandlers } from './PlayerMenus';
import { PlayerSurface, type PlayerSurfaceProps } from './PlayerSurface';
import { ShortcutsHelp } from './ShortcutsHelp';
import { UpNext } from './UpNext';

export interface WatchOverlayProps {
  /** The URL's `v`: the video asked for. */
  videoId: string;
  /** 'max': the video modal (on /watch, or restored in place). 'mini': the bar at the bottom while browsing. */
  mode: 'max' | 'mini';
  pathname: string;
  /** How `v` last changed: a person's navigation ('user') or a rewrite they did not ask for ('background'). */
  changeReason: Exclude<ChangeReason, 'auto'>;
  loggedIn: boolean;
  /** Player-menu actions of later issues (add to playlist, share, …). */
  menuHandlers?: PlayerMenuHandlers;
  /** The list the URL asks to play from (`p` playlist, `s` sift); absent: the video's channel (or what plays). */
  queue?: QueueSource<Video> | null;
  /** The engine moved on by itself (autoplay, next): mirror its video into `v`. */
  onVideoChange: (externalId: string) => void;
  onClose: () => void;
  onMinimise: () => void;
  onRestore: () => void;
}

const NO_HANDLERS: PlayerMenuHandlers = {};

/**
 * The current video: one element tree for every mode, so the provider player keeps playing when the person
 * minimises, restores, goes fullscreen or into cinema mode — only classes and roles change. It binds the URL's
 * `v` to the engine both ways: a new `v` opens that video (its channel as the queue, SPEC §3 type channel), and
 * the engine's own moves (autoplay, next) are written back into `v` (SPEC §2: v is mirrored into the URL).
 */
export function WatchOverlay(props: WatchOverlayProps) {
  const { videoId, mode, pathname, changeReason, loggedIn, menuHandlers = NO_HANDLERS, queue = null, onClose, onMinimise, onRestore } = props;
  const { t } = useLingui();
  const qc = useQueryClient();
  const engine = playerEngine(qc);
  // Only what this component draws itself: the controls, the queue, the player's menu and the mini bar subscribe to
  // their own parts (decision 059), so a change of the player's state redraws them, not the title, the details and the
  // modal. The video the URL names is drawn from its query; the engine's only when it is another one (it moved on by
  // itself, or has not opened the URL's yet), so opening the URL's video after the first paint redraws nothing here.
  const other = usePlayerSelect(engine, (s) => (s.video && s.video.externalId !== videoId ? s.video : null));
  const view = usePlayerSelect(engine, (s) => s.view);
  const leave = usePlayerSelect(engine, (s) => s.leave);
  const desktop = useIsDesktop();
  const now = useNow();
  const { data: requested, isError, error } = useVideo(videoId);
  const dialogRef = useRef<HTMLDivElement>(null);
  const moreRef = useRef<HTMLDivElement>(null);
  const titleId = usePortalSafeId('watch');
  const max = mode === 'max';
  const [help, setHelp] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const [hintDone, setHintDone] = useState(false);
  // Escape closes the modal, which minimises the player; in fullscreen it only leaves fullscreen (issue 31).
  useModal(dialogRef, max, () => (engine.getSnapshot().view.fullscreen ? leaveFullscreen() : onMinimise()));

  // ---- URL ⇄ engine --------------------------------------------------------------------------------------------
  useEffect(() => {
    if (!requested) return;
    const current = engine.getSnapshot().video;
    if (current?.externalId === requested.externalId) {
      // A refetch of the video playing (or the URL catching up with the engine): refresh, never restart.
      engine.open({ ...requested, itemId: current.itemId }, queue, 'background');
      return;
    }
    engine.open(requested, queue ?? channelQueue(requested), changeReason);
  }, [engine, requested, changeReason, queue]);

  const urlV = useLatest(videoId);
  const onVideoChange = useLatest(props.onVideoChange);
  const lastSeen = useRef<string | null>(engine.getSnapshot().video?.externalId ?? null);
  useEffect(
    () =>
      engine.subscribe(() => {
        const current = engine.getSnapshot().video;
        const id = current?.externalId ?? null;
        if (id === lastSeen.current) return;
        const previous = lastSeen.current;
        lastSeen.current = id;
        // Mirror only moves the engine made from the video the URL names; when the person has already asked
        // for another one (loading), their choice wins.
        if (!current || id === urlV.current || previous !== urlV.current) return;
        qc.setQueryData(videoKeys.detail(current.externalId), current);
        onVideoChange.current(current.externalId);
      }),
    [engine, qc, urlV, onVideoChange],
  );

  // Closing the player (no `v` any more) stops everything, fullscreen included.
  useEffect(
    () => () => {
      engine.close();
      if (document.fullscreenElement) void document.exitFullscreen().catch(() => {});
    },
    [engine],
  );

  // SPEC §2: at / and /search the current item is cleared — a playlist or sift gives way to the video's channel.
  // (/watch ↔ / is the same Dashboard: minimising the video modal keeps what it plays from.)
  const previousPath = useRef(pathname);
  useEffect(() => {
    const from = previousPath.current;
    previousPath.current = pathname;
    if (from === pathname || from === paths.watch) return;
    if (pathname !== paths.home && !pathname.startsWith(paths.search)) return;
    const s = engine.getSnapshot();
    if (s.video && s.item && s.item.type !== 'channel') engine.setSource(channelQueue(s.video));
  }, [engine, pathname]);

  // ---- modes ---------------------------------------------------------------------------------------------------
  useEffect(() => {
    engine.setView({ minimised: !max });
    if (!max) {
      engine.setView({ fullscreen: false, cinema: false });
      if (document.fullscreenElement) void document.exitFullscreen().catch(() => {});
    }
  }, [engine, max]);

  useEffect(() => {
    const sync = () => engine.setView({ fullscreen: !!document.fullscreenElement });
    document.addEventListener('fullscreenchange', sync);
    return () => document.removeEventListener('fullscreenchange', sync);
  }, [engine]);

  function leaveFullscreen() {
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => {});
    engine.setView({ fullscreen: false });
  }

  const toggleFullscreen = () => {
    if (engine.getSnapshot().view.fullscreen) {
      leaveFullscreen();
      return;
    }
    // The whole page goes fullscreen and the player fills it: menus and dialogs (portals) stay visible.
    const root = document.documentElement;
    if (!root.requestFullscreen) {
      engine.setView({ fullscreen: true }); // e.g. iPhone Safari: fill the window instead
      return;
    }
    root
      .requestFullscreen({ navigationUI: 'hide' })
      .then(() => {
        engine.setView({ fullscreen: true });
        const orientation = screen.orientation as ScreenOrientation & { lock?: (o: string) => Promise<void> };
        if (!desktop) orientation?.lock?.('landscape').catch(() => {});
      })
      .catch(() => engine.setView({ fullscreen: true }));
  };

  const showMore = () => {
    setHintDone(true);
    moreRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };

  const onSwipe = (swipe: Swipe) => {
    if (!max) {
      if (swipe === 'up') onRestore();
      return;
    }
    if (swipe === 'down') onMinimise();
    else if (swipe === 'up') showMore();
    else if (swipe === 'left') void engine.next();
    else engine.previous();
  };

  // ---- keyboard ------------------------------------------------------------------------------------------------
  const run = (cmd: KeyCommand) => {
    const s = engine.getSnapshot();
    switch (cmd.type) {
      case 'toggle-play':
        if (controlsModel(s).playDisabled) return;
        setAnnouncement(controlsModel(s).playIcon === 'pause' ? t`Paused` : t`Playing`);
        engine.togglePlay();
        break;
      case 'seek':
        engine.seekBy(cmd.by);
      {
        const seconds = Math.abs(cmd.by);
        setAnnouncement(cmd.by < 0 ? t`Back ${seconds} seconds` : t`Forward ${seconds} seconds`);
      }
        break;
      case 'seek-percent':
        engine.seekToPercent(cmd.percent);
        break;
      case 'volume':
        engine.setVolume(s.volume + cmd.by);
      {
        const volume = engine.getSnapshot().volume;
        setAnnouncement(t`Volume ${volume}%`);
      }
        break;
      case 'mute':
        engine.toggleMute();
        setAnnouncement(s.muted ? t`Unmuted` : t`Muted`);
        break;
      case 'fullscreen':
        toggleFullscreen();
        break;
      case 'cinema':
        engine.setView({ cinema: !s.view.cinema });
        setAnnouncement(s.view.cinema ? t`Cinema mode off` : t`Cinema mode on`);
        break;
      case 'captions':
        if (!s.captionsAvailable) setAnnouncement(t`No captions for this video`);
        else {
          engine.setCaptions(s.captions ? null : CAPTION_LANGUAGE);
          setAnnouncement(s.captions ? t`Captions off` : t`Captions on`);
        }
        break;
      case 'next':
        void engine.next();
        break;
      case 'previous':
        engine.previous();
        break;
      case 'help':
        setHelp(true);
        break;
    }
    engine.activity();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    // Keys from menus and dialogs portalled elsewhere are theirs, and so are those a control inside has handled (the
    // settings' arrow keys move between its entries, not the volume).
    if (!max || e.defaultPrevented || !(e.target instanceof Element) || !dialogRef.current?.contains(e.target)) return;
    const el = e.target as HTMLElement;
    const cmd = keyCommand({
      key: e.key,
      shiftKey: e.shiftKey,
      ctrlKey: e.ctrlKey,
      altKey: e.altKey,
      metaKey: e.metaKey,
      target: { tagName: el.tagName, type: (el as HTMLInputElement).type, role: el.getAttribute('role'), isContentEditable: el.isContentEditable },
    });
    if (!cmd) return;
    e.preventDefault();
    run(cmd);
  };

  // ---- render --------------------------------------------------------------------------------------------------
  const shown: Video | undefined = other ?? requested;
  const title = shown ? videoTitle(shown) : isError ? t`Video unavailable` : t`Loading video…`;
  const placeholder = isError ? (
    <p className="pl-message">{isApiError(error) && error.status === 404 ? t`Video not found.` : t`The video could not be loaded.`}</p>
  ) : (
    <span className="spinner" aria-hidden="true" />
  );
  // Abbreviated as on every card (issue 31: one form of a count per language, "5,2 Mio." not beside "803.803").
  const views = shown ? formatNumber(shown.numberOfViews, true) : '';
  const likes = shown ? formatNumber(shown.numberOfLikes, true) : '';
  const classes = ['watch', `watch--${mode}`];
  if (max && view.cinema) classes.push('watch--cinema');
  if (max && view.fullscreen) classes.push('watch--fullscreen');

  return createPortal(
    <>
      <div
        className={
          max
            ? `backdrop backdrop--watch${view.cinema ? ' backdrop--cinema' : ''}${view.fullscreen ? ' backdrop--fullscreen' : ''}`
            : 'mini-host'
        }
        onClick={max ? onMinimise : undefined}
        onScroll={max && !hintDone ? (e) => e.currentTarget.scrollTop > 24 && setHintDone(true) : undefined}
      >
        <div
          ref={dialogRef}
          className={classes.join(' ')}
          role={max ? 'dialog' : 'region'}
          aria-modal={max ? true : undefined}
          aria-labelledby={max ? titleId : undefined}
          aria-label={max ? undefined : t`Minimised player: ${title}`}
          tabIndex={-1}
          onKeyDown={onKeyDown}
          onClick={(e) => {
            e.stopPropagation();
            if (!max && !(e.target as Element).closest('button, a')) onRestore();
          }}
        >
          {max ? (
            <div className="watch-bar">
              <h2 id={titleId} className="watch-title" title={title}>
                {title}
              </h2>
              <div className="watch-actions">
                {desktop && (
                  <button type="button" className="icon-btn" aria-label={t`Keyboard shortcuts`} onClick={() => setHelp(true)}>
                    <PlayerIcon name="keyboard" />
                  </button>
                )}
                <button type="button" className="icon-btn" aria-label={t`Minimise player`} onClick={onMinimise}>
                  <PlayerIcon name="minimise" />
                </button>
                <button type="button" className="icon-btn" aria-label={t`Close player`} onClick={onClose}>
                  <PlayerIcon name="close" />
                </button>
              </div>
            </div>
          ) : null}
          <div
            className="watch-media"
            role={max ? 'group' : undefined}
            aria-label={max ? t`Video player` : undefined}
            aria-describedby={max ? `${titleId}-keys` : undefined}
            tabIndex={max ? 0 : -1}
            data-autofocus={max ? true : undefined}
          >
            <LivePlayerSurface
              engine={engine}
              mode={mode}
              desktop={desktop}
              onToggleFullscreen={toggleFullscreen}
              onSwipe={onSwipe}
              onHelp={() => setHelp(true)}
              placeholder={placeholder}
              poster={shown?.thumbnail}
            />
          </div>
          {max && !desktop && !hintDone ? (
            <button type="button" className="swipe-hint" onClick={showMore}>
              <PlayerIcon name="up" size={18} />
              <Trans>Swipe up for more</Trans>
            </button>
          ) : null}
          {max && !desktop && <PlayerHint desktop={false} />}
          {max ? (
            <div className="watch-info" ref={moreRef}>
              {shown && (
                <>
                  <div className="watch-info-head">
                    <AppLink to={to.channel(shown.channelExternalId)} className="watch-channel-link">
                      <Avatar src={shown.channelThumbnail} size={40} name={shown.channelName} />
                      <span>{shown.channelName}</span>
                    </AppLink>
                    <LivePlayerMenu loggedIn={loggedIn} handlers={menuHandlers} />
                  </div>
                  <p className="vcard-meta">
                    {shown.liveStatus === 'LIVE' && <span className="live-dot"><Trans>Live now</Trans></span>}
                    <span>
                      <Trans>{views} views</Trans>
                    </span>
                    <span>
                      <Trans>{likes} likes</Trans>
                    </span>
                    <time dateTime={shown.publishedAt}>{formatRelativeTime(shown.publishedAt, now)}</time>
                  </p>
                  {shown.description && <p className="watch-desc">{shown.description}</p>}
                </>
              )}
            </div>
          ) : (
            <div className="mini-bar">
              {/* Named by what it shows, after "Expand player:" (axe label-content-name-mismatch). */}
              <button type="button" className="mini-open" onClick={onRestore}>
                <span className="sr-only">
                  <Trans>Expand player:</Trans>{' '}
                </span>
                <span className="mini-title">{title}</span>
                {shown && <span className="mini-channel">{shown.channelName}</span>}
              </button>
              <MiniActions onClose={onClose} />
            </div>
          )}
          {max ? <LiveUpNext /> : null}
          <p id={`${titleId}-keys`} className="sr-only">
            {max ? t`Space or K plays and pauses, arrow keys seek 5 seconds, question mark lists all keys.` : ''}
          </p>
          <div className="sr-only" role="status" aria-live="polite">
            {announcement}
          </div>
        </div>
      </div>
      {leave && (
        <LeaveModal
          key={`${leave.video.externalId}:${leave.automatic}`}
          leave={leave}
          onAccept={(dontShow) => engine.acceptLeave(dontShow)}
          onCancel={(dontShow) => engine.cancelLeave(dontShow)}
        />
      )}
      {help && <ShortcutsHelp onClose={() => setHelp(false)} />}
    </>,
    document.body,
  );
}

/** The video area with the whole snapshot: it draws the controls, which follow every change of the player's state. */
function LivePlayerSurface(props: Omit<PlayerSurfaceProps, 'snap'>) {
  const snap = usePlayerSnapshot(props.engine);
  return <PlayerSurface {...props} snap={snap} />;
}

/** SPEC §2's player menu, for the engine's current video and item (a playlist entry's item id included). */
function LivePlayerMenu(props: { loggedIn: boolean; handlers: PlayerMenuHandlers }) {
  const engine = playerEngine();
  const video = usePlayerSelect(engine, (s) => s.video);
  const item = usePlayerSelect(engine, (s) => s.item);
  return <PlayerMenu video={video} item={item} {...props} />;
}

/** The queue under the player, drawn again when the queue or the current video's place in it changes. */
function LiveUpNext() {
  const engine = playerEngine();
  const queue = usePlayerSelect(engine, (s) => s.queue);
  const item = usePlayerSelect(engine, (s) => s.item);
  const index = usePlayerSelect(engine, (s) => s.index);
  return <UpNext engine={engine} queue={queue} item={item} currentAt={index} />;
}

/** The minimised player's play, next and close buttons. */
function MiniActions({ onClose }: { onClose: () => void }) {
  const { t } = useLingui();
  const engine = playerEngine();
  const m = controlsModel(usePlayerSnapshot(engine));
  return (
    <div className="mini-actions">
      <button type="button" className="icon-btn" aria-label={m.playLabel} disabled={m.playDisabled} onClick={() => engine.togglePlay()}>
        <PlayerIcon name={m.playIcon} />
      </button>
      <button type="button" className="icon-btn" aria-label={t`Next video`} disabled={m.nextDisabled} onClick={() => void engine.next()}>
        <PlayerIcon name="next" />
      </button>
      <button type="button" className="icon-btn" aria-label={t`Close player`} onClick={onClose}>
        <PlayerIcon name="close" />
      </button>
    </div>
  );
}
