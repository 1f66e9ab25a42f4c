import type { Video } from '@sift/contracts';
import type { PreferenceStore } from '../../lib/storage';
import { createStore } from '../../lib/store';
import type { PlayerEngine } from '../../player/engine';
import type { PlayerVideo } from '../../player/types';
import { PlayerState } from '../../player/constants';

/**
 * Watching, remembered (issue 30): where each video was left, saved while it plays and read back when it starts
 * again. A member's positions go to the server (`PUT /api/me/history/{externalId}`), which keeps them across devices
 * and hands them back on every video card (`position`); a visitor's stay in this browser (the last 200 videos) and
 * are never sent. The rules of "watched" are the server's too (decisions/039); the client applies the same ones so a
 * visitor's store and a member's just-saved position agree with what the server will say.
 */

/** Saved this often while a video plays (and on pause, on leaving it, and when the page is hidden or closed). */
export const SAVE_EVERY_MS = 10_000;
/**
 * A video counts as watched within its last 30 s or past 95 % of it, whichever comes first, but never before its middle
 * (a short clip is not watched as it starts): the server's rule (modules/history/watched-rule.ts, decisions/039).
 */
export const WATCHED_TAIL_SECONDS = 30;
export const WATCHED_SHARE = 0.95;
/** Positions this close to the start are not worth resuming from. */
export const RESUME_FROM_SECONDS = 5;
/** How many videos a visitor's browser remembers. */
export const LOCAL_PROGRESS_LIMIT = 200;

/** How long "Resumed at 12:34 · Start over" shows. */
export const RESUME_NOTICE_MS = 6_000;

/** The video that last started from a saved position, and from where ("Resumed at 12:34 · Start over"). */
export const resumed = createStore<{ externalId: string; seconds: number } | null>(null);

export function isWatchedAt(position: number, duration: number): boolean {
  if (!(duration > 0)) return false;
  return position >= Math.max(duration / 2, Math.min(duration - WATCHED_TAIL_SECONDS, duration * WATCHED_SHARE));
}

/** Where to start a video left at `position`: there, unless it was watched (then from the start) or barely begun. */
export function resumePoint(position: number | null | undefined, duration: number): number | undefined {
  if (position === null || position === undefined || !Number.isFinite(position) || position < RESUME_FROM_SECONDS) return undefined;
  if (isWatchedAt(position, duration)) return undefined;
  return Math.floor(position);
}

/** What the rules need of a video (a card from the server carries its `position` for a member). */
export type ProgressVideo = Pick<Video, 'externalId' | 'durationSeconds' | 'liveStatus'> & { position?: number | null };

export interface SavedPosition {
  position: number;
  duration: number;
}

type Entry = [externalId: string, position: number, duration: number];

const isEntry = (v: unknown): v is Entry =>
  Array.isArray(v) && v.length === 3 && typeof v[0] === 'string' && v[0].length <= 64 && Number.isFinite(v[1]) && Number.isFinite(v[2]);

/**
 * The positions this browser knows: a visitor's, kept in local storage (most recent last, at most
 * LOCAL_PROGRESS_LIMIT), and, for a member, what this tab saved since it opened (newer than the cards it holds).
 */
export class LocalProgress {
  private readonly session = new Map<string, SavedPosition>();

  constructor(private readonly prefs: Pick<PreferenceStore, 'get' | 'set'>) {}

  get(externalId: string, member: boolean): SavedPosition | undefined {
    const seen = this.session.get(externalId);
    if (seen || member) return seen;
    const entry = this.entries().find((e) => e[0] === externalId);
    return entry && { position: entry[1], duration: entry[2] };
  }

  put(externalId: string, saved: SavedPosition, member: boolean): void {
    this.session.set(externalId, saved);
    if (member) return;
    const kept = this.entries().filter((e) => e[0] !== externalId);
    kept.push([externalId, Math.floor(saved.position), Math.floor(saved.duration)]);
    this.prefs.set('watch_progress', kept.slice(-LOCAL_PROGRESS_LIMIT));
  }

  private entries(): Entry[] {
    const stored = this.prefs.get('watch_progress');
    return Array.isArray(stored) ? stored.filter(isEntry) : [];
  }
}

export interface ProgressSink {
  /** Whether a member is logged in (their positions go to the server). */
  member(): boolean;
  /** `keepalive`: the page is going away; the request must outlive it. */
  send(externalId: string, saved: SavedPosition, options: { keepalive: boolean }): void;
}

/** The position a video should start at: what this browser saved last, else the member's card from the server. */
export function startPosition(video: ProgressVideo, local: LocalProgress, member: boolean): number | undefined {
  if (video.liveStatus === 'LIVE') return undefined;
  const saved = local.get(video.externalId, member);
  if (saved) return resumePoint(saved.position, saved.duration || video.durationSeconds);
  return member ? resumePoint(video.position, video.durationSeconds) : undefined;
}

/**
 * Saves where the engine's current video is: every SAVE_EVERY_MS while it plays, when it pauses or ends, when another
 * video takes its place, and when the page is hidden or closed (a keepalive request, which outlives the page and,
 * unlike sendBeacon, can PUT and carry the session's Authorization header). A position already saved is not sent
 * again. Live videos have no position. Returns the function that stops it.
 */
export function recordProgress<V extends PlayerVideo & ProgressVideo>(
  engine: Pick<PlayerEngine<V>, 'subscribe' | 'subscribeTime' | 'getSnapshot' | 'getTime'>,
  local: LocalProgress,
  sink: ProgressSink,
  win: Pick<Window, 'addEventListener' | 'removeEventListener'> & { document: Pick<Document, 'visibilityState'> } = window,
): () => void {
  let current: V | null = null;
  let last: SavedPosition = { position: 0, duration: 0 };
  let sent: { externalId: string; position: number } | null = null;
  let state: PlayerState = PlayerState.UNSTARTED;
  let timer: ReturnType<typeof setInterval> | undefined;

  const save = (keepalive = false) => {
    const video = current;
    if (!video || video.liveStatus === 'LIVE') return;
    const duration = last.duration || video.durationSeconds;
    const position = Math.floor(last.position);
    if (!(duration > 0) || position <= 0) return;
    if (sent && sent.externalId === video.externalId && sent.position === position) return;
    sent = { externalId: video.externalId, position };
    const saved = { position, duration: Math.floor(duration) };
    const member = sink.member();
    local.put(video.externalId, saved, member);
    if (member) sink.send(video.externalId, saved, { keepalive });
  };

  const stopTimer = () => {
    clearInterval(timer);
    timer = undefined;
  };

  const onChange = () => {
    const snap = engine.getSnapshot();
    if (snap.video?.externalId !== current?.externalId) {
      save();
      stopTimer();
      current = snap.video;
      last = { position: 0, duration: 0 };
      state = PlayerState.UNSTARTED;
    }
    if (snap.state === state) return;
    state = snap.state;
    if (state === PlayerState.PLAYING) timer ??= setInterval(() => save(), SAVE_EVERY_MS);
    else {
      stopTimer();
      if (state === PlayerState.PAUSED) save();
      if (state === PlayerState.ENDED) {
        last = { position: last.duration || current?.durationSeconds || 0, duration: last.duration || current?.durationSeconds || 0 };
        save();
      }
    }
  };

  const onTime = () => {
    if (!current) return;
    const time = engine.getTime();
    // Before the provider player reports (or after a switch), the time still reads the previous video's or 0.
    if (time.duration > 0 && time.currentTime > 0) last = { position: time.currentTime, duration: time.duration };
  };

  const onHide = () => {
    if (win.document.visibilityState === 'hidden') save(true);
  };
  const onPageHide = () => save(true);

  const unsubscribe = engine.subscribe(onChange);
  const unsubscribeTime = engine.subscribeTime(onTime);
  win.addEventListener('visibilitychange', onHide);
  win.addEventListener('pagehide', onPageHide);
  onChange();
  return () => {
    save();
    stopTimer();
    unsubscribe();
    unsubscribeTime();
    win.removeEventListener('visibilitychange', onHide);
    win.removeEventListener('pagehide', onPageHide);
  };
}
