import { Trans, useLingui } from '@lingui/react/macro';
import { useLayoutEffect, useRef, useState, type CSSProperties, type KeyboardEvent, type PointerEvent as ReactPointerEvent, type ReactNode } from 'react';
import type { Video } from '@sift/contracts';
import { PlayerState, SEEK_STEP_S } from '../../../player/constants';
import { classifySwipe, controlsModel, timeModel, type Swipe } from '../../../player/controls';
import type { PlayerEngine, PlayerSnapshot } from '../../../player/engine';
import { externalVideoUrl, playerThumbnail, serviceName } from '../../../player/links';
import { usePlayerTime } from '../../../player/react';
import { CaptionsMenu, SettingsMenu, SpeedMenu } from './PlayerMenus';
import { PlayerIcon } from './icons';
import { PlayerHint } from './PlayerHint';
import { ResumeNotice } from './ResumeNotice';

type Snap = PlayerSnapshot<Video>;

export interface PlayerSurfaceProps {
  engine: PlayerEngine<Video>;
  snap: Snap;
  mode: 'max' | 'mini';
  desktop: boolean;
  onToggleFullscreen: () => void;
  onSwipe: (swipe: Swipe) => void;
  onHelp: () => void;
  /** Shown while no video is current yet (loading, not found). */
  placeholder?: ReactNode;
  /**
   * The thumbnail of the video about to play, drawn under the provider's player until that is ready (it then shows the
   * same picture as its poster): the first paint of a page that opens a video has its picture (the page's largest
   * paint), not a black box while the provider starts (decision 030). The server preloads it with the page.
   */
  poster?: string;
}

const isControl = (target: EventTarget | null) =>
  target instanceof Element && !!target.closest('button, input, a, .dropdown, .hint');

/**
 * The video area: the element the engine gives to the provider player (React renders nothing inside it), the
 * thumbnail card when the video cannot play here, and the controls. Mouse: click plays/pauses, double-click
 * toggles fullscreen. Touch: a tap shows the controls, a double-tap seeks ±5 s by half (SPEC §4), swipes go to
 * the caller.
 */
export function PlayerSurface({ engine, snap, mode, desktop, onToggleFullscreen, onSwipe, onHelp, placeholder, poster }: PlayerSurfaceProps) {
  const { t } = useLingui();
  const hostRef = useRef<HTMLDivElement>(null);
  const pointer = useRef<{ x: number; y: number; t: number; onControl: boolean } | null>(null);
  const lastPointer = useRef<string>('mouse');
  const [flash, setFlash] = useState<{ dir: 'back' | 'forward'; key: number } | null>(null);

  useLayoutEffect(() => {
    const host = hostRef.current!;
    engine.attach(host);
    return () => engine.detach(host);
  }, [engine]);

  const max = mode === 'max';
  const video = snap.video;
  const showCard = !!video && (snap.blocked || snap.status === 'unavailable');
  const waiting = !!video && !showCard && (snap.status === 'creating' || snap.state === PlayerState.BUFFERING);

  const onPointerDown = (e: ReactPointerEvent<HTMLDivElement>) => {
    lastPointer.current = e.pointerType;
    // Gestures that start on a control (dragging the seek slider) are the control's, never swipes.
    pointer.current = { x: e.clientX, y: e.clientY, t: e.timeStamp, onControl: isControl(e.target) };
  };
  const onPointerUp = (e: ReactPointerEvent<HTMLDivElement>) => {
    const start = pointer.current;
    pointer.current = null;
    if (!start || start.onControl || e.pointerType === 'mouse') return;
    const swipe = classifySwipe(e.clientX - start.x, e.clientY - start.y, e.timeStamp - start.t);
    if (swipe) {
      onSwipe(swipe);
      return;
    }
    if (!max || isControl(e.target) || showCard) return;
    const rect = e.currentTarget.getBoundingClientRect();
    const done = engine.tap(e.clientX - rect.left, rect.width);
    if (done) setFlash({ dir: done, key: e.timeStamp });
  };

  return (
    <div
      className={`pl-surface${max ? '' : ' pl-surface--mini'}${snap.controlsVisible || !max ? '' : ' pl-surface--idle'}`}
      onPointerDown={onPointerDown}
      onPointerUp={onPointerUp}
      onPointerCancel={() => (pointer.current = null)}
      onPointerMove={(e) => e.pointerType === 'mouse' && engine.activity()}
      onClick={(e) => {
        if (!max || lastPointer.current !== 'mouse' || isControl(e.target) || showCard) return;
        engine.togglePlay();
        engine.activity();
      }}
      onDoubleClick={(e) => {
        if (!max || lastPointer.current !== 'mouse' || isControl(e.target) || showCard) return;
        onToggleFullscreen();
      }}
    >
      {poster && snap.status !== 'ready' && <img className="pl-poster" src={poster} alt="" fetchPriority="high" />}
      <div ref={hostRef} className="pl-host" />
      {!video && <div className="pl-placeholder">{placeholder}</div>}
      {showCard && video && <VideoCard engine={engine} snap={snap} video={video} desktop={desktop} compact={!max} />}
      {waiting && <span className="spinner pl-spinner" aria-hidden="true" />}
      {flash && (
        <span key={flash.key} className={`pl-flash pl-flash--${flash.dir}`} aria-hidden="true">
          {flash.dir === 'back' ? t`−${SEEK_STEP_S} s` : t`+${SEEK_STEP_S} s`}
        </span>
      )}
      {max && video && !showCard && (
        <Controls engine={engine} snap={snap} desktop={desktop} onToggleFullscreen={onToggleFullscreen} onHelp={onHelp} />
      )}
      {max && video && showCard && <CardControls engine={engine} snap={snap} />}
      {max && video && !showCard && <ResumeNotice engine={engine} video={video} />}
    </div>
  );
}

/** SPEC §2: a non-embeddable video shows a thumbnail card instead of the player; clicking it opens the leave modal. */
function VideoCard({ engine, snap, video, desktop, compact }: { engine: PlayerEngine<Video>; snap: Snap; video: Video; desktop: boolean; compact: boolean }) {
  const { t } = useLingui();
  const service = serviceName(video);
  const url = externalVideoUrl(video);
  const unavailable = !snap.blocked;
  return (
    <div
      className={`pl-card${compact ? ' pl-card--compact' : ''}`}
      onClick={(e) => {
        if (compact || unavailable || (e.target as Element).closest('a, button')) return;
        engine.openLeavePrompt();
      }}
    >
      <img src={playerThumbnail(video, desktop)} alt="" />
      {!compact && (
        <div className="pl-card-text">
          <p className="pl-card-title">
            <Trans>This video can't be played here.</Trans>
          </p>
          <p>{unavailable ? t`The ${service} player could not be loaded.` : t`It plays on ${service}.`}</p>
          {unavailable ? (
            url && (
              <a className="btn btn-primary" href={url} target="_blank" rel="noopener noreferrer">
                <Trans>
                  Open on {service}
                  <span className="sr-only"> (opens in a new tab)</span>
                </Trans>
              </a>
            )
          ) : (
            <button type="button" className="btn btn-primary" onClick={() => engine.openLeavePrompt()}>
              <Trans>Open on {service}…</Trans>
            </button>
          )}
          {snap.advanceAt !== null && snap.hasNext && <NextIn at={snap.advanceAt} />}
        </div>
      )}
    </div>
  );
}

function NextIn({ at }: { at: number }) {
  const [left, setLeft] = useState(() => Math.max(0, Math.ceil((at - Date.now()) / 1000)));
  useLayoutEffect(() => {
    const t = setInterval(() => setLeft(Math.max(0, Math.ceil((at - Date.now()) / 1000))), 250);
    return () => clearInterval(t);
  }, [at]);
  return (
    <p className="pl-card-next">
      <Trans>Next video in {left} s</Trans>
    </p>
  );
}

function Controls({
  engine,
  snap,
  desktop,
  onToggleFullscreen,
  onHelp,
}: {
  engine: PlayerEngine<Video>;
  snap: Snap;
  desktop: boolean;
  onToggleFullscreen: () => void;
  onHelp: () => void;
}) {
  const { t } = useLingui();
  const m = controlsModel(snap);
  const btn = 'pl-btn';
  const transport = (big: boolean) => (
    <>
      <button type="button" className={btn} aria-label={t`Previous video`} disabled={m.previousDisabled} onClick={() => engine.previous()}>
        <PlayerIcon name="previous" size={big ? 32 : 24} />
      </button>
      <button
        type="button"
        className={`${btn}${big ? ' pl-btn--big' : ''}`}
        aria-label={m.playLabel}
        disabled={m.playDisabled}
        onClick={() => {
          engine.togglePlay();
          engine.activity();
        }}
      >
        <PlayerIcon name={m.playIcon} size={big ? 44 : 24} />
      </button>
      <button type="button" className={btn} aria-label={t`Next video`} disabled={m.nextDisabled} onClick={() => void engine.next()}>
        <PlayerIcon name="next" size={big ? 32 : 24} />
      </button>
    </>
  );

  return (
    <div className="pl-controls" onFocus={() => engine.activity()} onKeyDown={() => engine.activity()}>
      {!desktop && <div className="pl-center">{transport(true)}</div>}
      <div className="pl-bottom">
        <SeekSlider engine={engine} snap={snap} />
        <div className="pl-row">
          {desktop && transport(false)}
          <button type="button" className={btn} aria-label={snap.muted ? t`Unmute` : t`Mute`} onClick={() => engine.toggleMute()}>
            <PlayerIcon name={snap.muted || snap.volume === 0 ? 'muted' : 'volume'} />
          </button>
          {desktop && (
            <input
              type="range"
              className="pl-range pl-volume"
              aria-label={t`Volume`}
              min={0}
              max={100}
              step={5}
              value={snap.muted ? 0 : snap.volume}
              aria-valuetext={snap.muted ? t`Muted` : `${snap.volume}%`}
              style={{ '--pl-fill': `${snap.muted ? 0 : snap.volume}%` } as CSSProperties}
              onChange={(e) => engine.setVolume(Number(e.currentTarget.value))}
            />
          )}
          <Clock engine={engine} />
          <span className="pl-spacer" />
          <CaptionsMenu engine={engine} snap={snap} className={btn} />
          <SpeedMenu engine={engine} snap={snap} className={btn} />
          <SettingsMenu engine={engine} snap={snap} className={btn} onHelp={onHelp} />
          {desktop && (
            <button
              type="button"
              className={btn}
              aria-label={t`Cinema mode`}
              aria-pressed={snap.view.cinema}
              onClick={() => engine.setView({ cinema: !snap.view.cinema })}
            >
              <PlayerIcon name={snap.view.cinema ? 'cinemaExit' : 'cinema'} />
            </button>
          )}
          <button
            type="button"
            className={btn}
            aria-label={snap.view.fullscreen ? t`Exit fullscreen` : t`Fullscreen`}
            onClick={onToggleFullscreen}
          >
            <PlayerIcon name={snap.view.fullscreen ? 'exitFullscreen' : 'fullscreen'} />
          </button>
        </div>
      </div>
      {/* A desktop's first-run tip, pointing at Settings: part of the controls, it hides and shows with them. */}
      {desktop && <PlayerHint desktop />}
    </div>
  );
}

/** Over the thumbnail card: previous and next stay (play is disabled: the video cannot play here). */
function CardControls({ engine, snap }: { engine: PlayerEngine<Video>; snap: Snap }) {
  const { t } = useLingui();
  const m = controlsModel(snap);
  return (
    <div className="pl-card-controls">
      <button type="button" className="pl-btn" aria-label={t`Previous video`} disabled={m.previousDisabled} onClick={() => engine.previous()}>
        <PlayerIcon name="previous" />
      </button>
      <button type="button" className="pl-btn" aria-label={t`Play`} disabled>
        <PlayerIcon name="play" />
      </button>
      <button type="button" className="pl-btn" aria-label={t`Next video`} disabled={m.nextDisabled} onClick={() => void engine.next()}>
        <PlayerIcon name="next" />
      </button>
    </div>
  );
}

/** Elapsed time and duration, drawn again as the time moves (the engine's time subscription), alone. */
function Clock({ engine }: { engine: PlayerEngine<Video> }) {
  const { elapsed, duration } = timeModel(usePlayerTime(engine));
  return (
    <span className="pl-time">
      <Trans comment="Elapsed time of the video, then its duration; the slash is only shown, 'of' only spoken">
        <span className="sr-only">Elapsed </span>
        {elapsed}
        <span aria-hidden="true"> / </span>
        <span className="sr-only"> of </span>
        {duration}
      </Trans>
    </span>
  );
}

/** SPEC §4: the seek slider maps to a percentage of the duration; its arrow keys seek 5 s like the player's. */
function SeekSlider({ engine, snap }: { engine: PlayerEngine<Video>; snap: Snap }) {
  const { t } = useLingui();
  const time = usePlayerTime(engine);
  const m = timeModel(time);
  const current = m.elapsed;
  const total = m.duration;
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    const by = { ArrowLeft: -SEEK_STEP_S, ArrowDown: -SEEK_STEP_S, ArrowRight: SEEK_STEP_S, ArrowUp: SEEK_STEP_S, PageDown: -60, PageUp: 60 }[e.key];
    if (by !== undefined) {
      e.preventDefault();
      engine.seekBy(by);
    } else if (e.key === 'Home' || e.key === 'End') {
      e.preventDefault();
      engine.seekToPercent(e.key === 'Home' ? 0 : 100);
    }
  };
  return (
    <input
      type="range"
      className="pl-range pl-seek"
      aria-label={t`Seek`}
      min={0}
      max={100}
      step={0.1}
      value={m.percent}
      disabled={snap.status !== 'ready' || time.duration <= 0}
      aria-valuetext={t`${current} of ${total}`}
      style={{ '--pl-fill': `${m.percent}%` } as CSSProperties}
      onChange={(e) => engine.seekToPercent(Number(e.currentTarget.value))}
      onKeyDown={onKeyDown}
    />
  );
}
