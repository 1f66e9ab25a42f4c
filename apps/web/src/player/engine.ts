import type { PreferenceStore } from '../lib/storage';
import type { AdapterEvents, AdapterFactory, PlayerAdapter } from './adapter';
import {
  CAPTION_LANGUAGE,
  CONTROLS_HIDE_MS,
  CREATE_DELAY_MS,
  CREATE_RETRY_MS,
  DEFAULT_PLAYBACK_RATE,
  DOUBLE_TAP_MS,
  FETCH_MORE_WITHIN,
  LEAVE_MODAL_MS,
  NON_EMBEDDABLE_AUTOPLAY_MS,
  PlayerError,
  PlayerState,
  PROGRESS_TICK_MS,
  SEEK_STEP_S,
  STANDARD_PLAYBACK_RATES,
} from './constants';
import { Queue, singleVideoSource, type QueueSnapshot, type QueueSource } from './queue';
import { autoplayPreference, sameVideo, type CurrentItem, type CurrentItemType, type PlayerVideo } from './types';

/**
 * The player engine: the current video and its queue, the provider player's lifecycle, the timers of SPEC §9 and
 * the rules of SPEC §4, with no UI framework. A thin binding (react.ts) renders its snapshot; adapters
 * (adapters/*) play. It never learns which adapter plays: it asks `adapters(video)` for one.
 */

/**
 * Why the current video would change. SPEC §4: "The current video may be changed only when the player is not
 * PLAYING or PAUSED". The reason is that a provider player swapped under a running video glitches and, worse,
 * that the person loses what they are watching. So:
 * - 'user': an explicit choice (a link, next/previous, a list item). The running video is stopped first, then the
 *   switch happens: the person asked for it.
 * - 'auto': the engine's own moves (autoplay on end, the non-embeddable timers, error → next). Refused while a
 *   video plays or is paused: a late timer must not override what the person has started since.
 * - 'background': data that arrived on its own (a refetch, a URL rewritten by someone else). Deferred while
 *   PLAYING, PAUSED or BUFFERING and applied when the running video ends, so nothing is yanked.
 */
export type ChangeReason = 'user' | 'auto' | 'background';

/** Lifecycle of the provider player for the current video. */
export type PlayerStatus =
  /** No video, or one that cannot be played here (the thumbnail card shows). */
  | 'idle'
  /** Waiting the creation delay, or retrying while the provider's interface is not ready. */
  | 'creating'
  | 'ready'
  /** The provider's interface never loaded: the thumbnail card offers the video service instead. */
  | 'unavailable';

export interface LeavePrompt<V> {
  video: V;
  /** Opened by the engine on a non-embeddable video (Cancel and Accept then continue to the next video), or by the person clicking the card. */
  automatic: boolean;
  /** Hides and plays the next video after LEAVE_MODAL_MS untouched. */
  autoAdvance: boolean;
  /** When that happens (engine clock), for a visible countdown. */
  deadline: number | null;
}

export interface ViewState {
  minimised: boolean;
  fullscreen: boolean;
  cinema: boolean;
}

/** Where the current video is, in seconds. */
export interface PlayerTime {
  currentTime: number;
  duration: number;
}

export interface PlayerSnapshot<V extends PlayerVideo = PlayerVideo> {
  video: V | null;
  /** SPEC §3 "Current item playing"; null for a video on its own. */
  item: CurrentItem | null;
  state: PlayerState;
  status: PlayerStatus;
  /** The current video cannot play here: its flag, or the provider said 150. */
  blocked: boolean;
  volume: number;
  muted: boolean;
  playbackRate: number;
  availablePlaybackRates: readonly number[];
  captionsAvailable: boolean;
  /** Language shown, or null for Off. */
  captions: string | null;
  queue: QueueSnapshot<V>;
  /** Index of the current video in the queue, -1 when it is not in what is loaded. */
  index: number;
  hasPrevious: boolean;
  hasNext: boolean;
  leave: LeavePrompt<V> | null;
  /** When the non-embeddable autoplay fires (engine clock), or null. */
  advanceAt: number | null;
  controlsVisible: boolean;
  view: ViewState;
}

export interface EngineOptions<V extends PlayerVideo> {
  adapters: AdapterFactory;
  /** lib/storage's store (or a test's): autoplay (and autoplay_list), volume, mute and the non-embeddable preferences. */
  prefs: Pick<PreferenceStore, 'get' | 'set'>;
  /** Opens the video on its service in a new tab (the leave modal's Accept, `openNonEmbeddableVideo`). */
  openExternal: (video: V) => void;
  log?: (message: string, ...details: unknown[]) => void;
  now?: () => number;
  /**
   * Item types whose leave modal hides itself and plays the next video after 7 s. SPEC §4 names playlist and
   * sift; channel queues (what `/watch?v=` plays) behave the same here, see docs/decisions/007-player.md.
   */
  autoAdvanceLeaveFor?: readonly CurrentItemType[];
  /** A video started playing for the first time since it became current (analytics' `eca_play`). */
  onFirstPlay?: (video: V) => void;
  /** Where a video starts, in seconds (a saved position to resume from); from the beginning when undefined. */
  startAt?: (video: V) => number | undefined;
}

type Timer = ReturnType<typeof setTimeout>;
const BUSY: ReadonlySet<PlayerState> = new Set<PlayerState>([PlayerState.PLAYING, PlayerState.PAUSED]);
const PAUSE_ICON: ReadonlySet<PlayerState> = new Set<PlayerState>([PlayerState.PLAYING, PlayerState.BUFFERING, PlayerState.CUED]);

/** SPEC §4: the pause icon shows while PLAYING, BUFFERING or CUED (and play/pause then pauses). */
export const showsPauseIcon = (state: PlayerState) => PAUSE_ICON.has(state);

const EMPTY_QUEUE: QueueSnapshot<never> = Object.freeze({ videos: [], complete: true, loading: false, error: false });

const clamp = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, n));

export class PlayerEngine<V extends PlayerVideo = PlayerVideo> {
  private readonly opts: Required<Omit<EngineOptions<V>, 'log' | 'onFirstPlay' | 'startAt'>> & Pick<EngineOptions<V>, 'log' | 'onFirstPlay' | 'startAt'>;
  private listeners = new Set<() => void>();
  private timeListeners = new Set<() => void>();
  private snap: PlayerSnapshot<V>;

  private video: V | null = null;
  private queue: Queue<V> | null = null;
  private state: PlayerState = PlayerState.UNSTARTED;
  private status: PlayerStatus = 'idle';
  private blocked = false;
  private time = { currentTime: 0, duration: 0 };
  private volume: number;
  private muted: boolean;
  private rate = DEFAULT_PLAYBACK_RATE;
  private rates: readonly number[] = STANDARD_PLAYBACK_RATES;
  private captionsAvailable = false;
  private captions: string | null = null;
  private leave: LeavePrompt<V> | null = null;
  private advanceAt: number | null = null;
  private controlsVisible = true;
  private view: ViewState = { minimised: false, fullscreen: false, cinema: false };
  private deferred: { video: V; source: QueueSource<V> | null } | null = null;

  private host: HTMLElement | null = null;
  private adapter: PlayerAdapter | null = null;
  /** Bumped on every change of current video; async work started for an older one drops its result. */
  private generation = 0;
  /** The generation whose video was reported as played (onFirstPlay), so replays and pauses report nothing. */
  private playedGeneration = -1;
  private lastTap: number | null = null;

  private createTimer: Timer | undefined;
  private progressTimer: ReturnType<typeof setInterval> | undefined;
  private hideTimer: Timer | undefined;
  private advanceTimer: Timer | undefined;
  private leaveTimer: Timer | undefined;

  constructor(options: EngineOptions<V>) {
    this.opts = {
      now: () => Date.now(),
      autoAdvanceLeaveFor: ['playlist', 'sift', 'channel', 'feed'],
      ...options,
    };
    this.volume = clamp(Math.round(options.prefs.get('currentVideoVolume')), 0, 100);
    this.muted = options.prefs.get('currentVideoMuted');
    this.snap = this.build();
  }

  // ---- store -------------------------------------------------------------------------------------------------

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): PlayerSnapshot<V> => this.snap;

  /**
   * The playback time alone. While a video plays it changes every PROGRESS_TICK_MS; only the seek bar and the clock
   * listen to it, so the rest of the player is not drawn again twice a second (issue 18). It is not in the snapshot:
   * `subscribe`'s listeners hear every other change.
   */
  subscribeTime = (listener: () => void): (() => void) => {
    this.timeListeners.add(listener);
    return () => this.timeListeners.delete(listener);
  };

  getTime = (): PlayerTime => this.time;

  private emit(): void {
    this.snap = this.build();
    this.listeners.forEach((l) => l());
    this.timeListeners.forEach((l) => l());
  }

  private emitTime(): void {
    this.timeListeners.forEach((l) => l());
  }

  private build(): PlayerSnapshot<V> {
    const queue = this.queue?.snapshot() ?? EMPTY_QUEUE;
    const index = this.queue?.indexOf(this.video) ?? -1;
    const hasNext = index < 0 ? queue.videos.some((v) => !sameVideo(v, this.video)) || !queue.complete : index + 1 < queue.videos.length || !queue.complete;
    return {
      video: this.video,
      item: this.queue?.source.item ?? null,
      state: this.state,
      status: this.status,
      blocked: this.blocked,
      volume: this.volume,
      muted: this.muted,
      playbackRate: this.rate,
      availablePlaybackRates: this.rates,
      captionsAvailable: this.captionsAvailable,
      captions: this.captions,
      queue,
      index,
      hasPrevious: index > 0,
      hasNext: !!this.video && hasNext,
      leave: this.leave,
      advanceAt: this.advanceAt,
      controlsVisible: this.controlsVisible,
      view: this.view,
    };
  }

  // ---- choosing videos ---------------------------------------------------------------------------------------

  /**
   * Makes `video` current, playing from `source` (null keeps the current queue, or plays the video on its own
   * when there is none). The same video (id and item id) only refreshes what is known about it: a refetch never
   * restarts the player. Returns false when the change was refused or deferred (see ChangeReason).
   */
  open(video: V, source: QueueSource<V> | null = null, reason: ChangeReason = 'user'): boolean {
    if (sameVideo(this.video, video)) {
      this.video = { ...video, embeddable: video.embeddable && !this.blocked };
      if (source && source.key !== this.queue?.source.key) this.setQueue(source, video);
      this.emit();
      return true;
    }
    if (!this.mayChange(reason)) {
      if (reason === 'background') this.deferred = { video, source };
      return false;
    }
    if (source && source.key !== this.queue?.source.key) this.setQueue(source, video);
    else if (!this.queue) this.setQueue(singleVideoSource(video), video);
    this.setCurrent(video);
    return true;
  }

  /**
   * SPEC §4 "Playing a video": an embeddable video that is already current toggles play/pause; otherwise it
   * becomes current (a non-embeddable one starts the leave flow again).
   */
  playVideo(video: V): void {
    if (sameVideo(video, this.video)) {
      if (this.blocked || !video.embeddable) {
        this.startLeaveFlow();
        this.emit();
      } else this.togglePlay();
      return;
    }
    this.open(video, null, 'user');
  }

  /** Plays from another list while keeping the current video (SPEC §2: the current item is cleared at / and /search). */
  setSource(source: QueueSource<V>): void {
    if (source.key === this.queue?.source.key) return;
    this.setQueue(source, this.video);
    this.emit();
  }

  /** No current video any more (the player was closed): everything stops. */
  close(): void {
    this.generation++;
    this.clearVideoTimers();
    clearTimeout(this.hideTimer);
    this.destroyAdapter();
    this.queue?.dispose();
    this.queue = null;
    this.video = null;
    this.deferred = null;
    this.state = PlayerState.UNSTARTED;
    this.status = 'idle';
    this.blocked = false;
    this.leave = null;
    this.advanceAt = null;
    this.time = { currentTime: 0, duration: 0 };
    this.view = { ...this.view, fullscreen: false, cinema: false };
    this.emit();
  }

  /** Play next (SPEC §4): the video after the current one; fetches more when within 2 items of the end. */
  next(reason: ChangeReason = 'user'): Promise<void> {
    return this.step(reason, true);
  }

  /** The next page of the queue (the list under the player). */
  loadMore(): Promise<boolean> {
    return this.queue?.fetchMore() ?? Promise.resolve(false);
  }

  /** Play previous (SPEC §4): back one item. */
  previous(): void {
    const q = this.queue;
    if (!q) return;
    const index = q.indexOf(this.video);
    const target = index > 0 ? q.videos[index - 1] : undefined;
    if (target) this.open(target, null, 'user');
  }

  private mayChange(reason: ChangeReason): boolean {
    const busy = BUSY.has(this.state) || (reason === 'background' && this.state === PlayerState.BUFFERING);
    if (!busy) return true;
    if (reason !== 'user') return false;
    // The person chose another video: stop this one first so that nothing keeps playing under the new one.
    this.adapter?.stop();
    this.state = PlayerState.UNSTARTED;
    return true;
  }

  /** A new list to play from, loaded as far as needed to find `current` in it (QueueSource.findPages). */
  private setQueue(source: QueueSource<V>, current: V | null): void {
    this.queue?.dispose();
    const queue = new Queue<V>(source, () => {
      if (this.queue === queue) this.emit();
    });
    this.queue = queue;
    void (current ? queue.find(current) : queue.fetchMore());
  }

  private setCurrent(video: V): void {
    this.generation++;
    this.clearVideoTimers();
    this.destroyAdapter();
    this.video = video;
    this.deferred = null;
    this.state = PlayerState.UNSTARTED;
    this.time = { currentTime: 0, duration: 0 };
    this.leave = null;
    this.advanceAt = null;
    this.captionsAvailable = false;
    this.captions = null;
    const item = this.queue?.source.item;
    this.rates = item?.availablePlaybackRates?.length ? item.availablePlaybackRates : STANDARD_PLAYBACK_RATES;
    if (item?.playbackRate) this.rate = item.playbackRate;
    if (!this.rates.includes(this.rate)) this.rate = DEFAULT_PLAYBACK_RATE;
    this.blocked = !video.embeddable;
    this.showControls();
    if (this.blocked) this.startLeaveFlow();
    else this.scheduleCreate();
    this.emit();
  }

  /**
   * Moves one forward in the queue: the video after the current one, or the first when the current one is not in
   * the list (SPEC §4 "Autoplay on end"). At the end of what is loaded it fetches more pages and tries again.
   * `prefetch` (play next): after moving, fetch more when within FETCH_MORE_WITHIN items of the end.
   */
  private async step(reason: ChangeReason, prefetch: boolean): Promise<void> {
    const q = this.queue;
    if (!q || !this.video) return;
    const generation = this.generation;
    // The list is still being searched for the current video: going on from it beats going back to the top.
    if (q.searching && q.indexOf(this.video) < 0) {
      await q.searching;
      if (generation !== this.generation || q !== this.queue || !this.video) return;
    }
    for (;;) {
      const index = q.indexOf(this.video);
      const target = index < 0 ? q.videos.find((v) => !sameVideo(v, this.video)) : q.videos[index + 1];
      if (target) {
        if (!this.open(target, null, reason)) return;
        const at = q.indexOf(target);
        if (prefetch && !q.complete && q.videos.length - 1 - at <= FETCH_MORE_WITHIN) void q.fetchMore();
        return;
      }
      if (q.complete) return;
      const added = await q.fetchMore();
      // The person moved on while the page loaded: this step is no longer wanted.
      if (generation !== this.generation || q !== this.queue) return;
      if (!added && (q.complete || q.snapshot().error)) return;
    }
  }

  // ---- non-embeddable videos ---------------------------------------------------------------------------------

  /**
   * SPEC §4: the state resets to unstarted; the leave prompt shows when `showOpenNonEmbeddableVideoMessage` is on,
   * otherwise the video service opens in a new tab when `openNonEmbeddableVideo` is on and the next video
   * autoplays after 5000 ms. The prompt for a queue's item hides itself and plays the next after 7 s.
   */
  private startLeaveFlow(): void {
    const video = this.video;
    if (!video) return;
    this.clearVideoTimers();
    this.destroyAdapter();
    this.blocked = true;
    this.status = 'idle';
    this.state = PlayerState.UNSTARTED;
    const autoplay = this.autoplay();
    if (this.opts.prefs.get('showOpenNonEmbeddableVideoMessage')) {
      const type = this.queue?.source.item?.type;
      const autoAdvance = autoplay && !!type && this.opts.autoAdvanceLeaveFor.includes(type);
      this.leave = { video, automatic: true, autoAdvance, deadline: autoAdvance ? this.opts.now() + LEAVE_MODAL_MS : null };
      if (autoAdvance) {
        this.leaveTimer = setTimeout(() => {
          this.leave = null;
          this.emit();
          void this.step('auto', true);
        }, LEAVE_MODAL_MS);
      }
      return;
    }
    if (this.opts.prefs.get('openNonEmbeddableVideo')) this.opts.openExternal(video);
    if (autoplay) {
      this.advanceAt = this.opts.now() + NON_EMBEDDABLE_AUTOPLAY_MS;
      this.advanceTimer = setTimeout(() => {
        this.advanceAt = null;
        this.emit();
        void this.step('auto', true);
      }, NON_EMBEDDABLE_AUTOPLAY_MS);
    }
  }

  /** Whether the engine moves on by itself: `autoplay`, or `autoplay_list` inside a playlist or sift (decision 049). */
  private autoplay(): boolean {
    return this.opts.prefs.get(autoplayPreference(this.queue?.source.item));
  }

  /** Clicking the thumbnail card of a non-embeddable video opens the leave modal (SPEC §2). */
  openLeavePrompt(): void {
    if (!this.video || !this.blocked) return;
    clearTimeout(this.advanceTimer);
    this.advanceAt = null;
    clearTimeout(this.leaveTimer);
    this.leave = { video: this.video, automatic: false, autoAdvance: false, deadline: null };
    this.emit();
  }

  /**
   * Accept opens the video in a new tab; Cancel does not. Both close the prompt and, when the engine opened it,
   * continue to the next video. "Don't show again" turns the prompt off and remembers the choice as
   * `openNonEmbeddableVideo`, which then applies silently.
   */
  acceptLeave(dontShowAgain = false): void {
    const leave = this.leave;
    if (!leave) return;
    this.opts.openExternal(leave.video);
    this.finishLeave(leave, dontShowAgain ? true : null);
  }

  cancelLeave(dontShowAgain = false): void {
    const leave = this.leave;
    if (!leave) return;
    this.finishLeave(leave, dontShowAgain ? false : null);
  }

  private finishLeave(leave: LeavePrompt<V>, remember: boolean | null): void {
    clearTimeout(this.leaveTimer);
    this.leave = null;
    if (remember !== null) {
      this.opts.prefs.set('showOpenNonEmbeddableVideoMessage', false);
      this.opts.prefs.set('openNonEmbeddableVideo', remember);
    }
    this.emit();
    if (leave.automatic) void this.step('user', true);
  }

  // ---- the provider player -------------------------------------------------------------------------------------

  /** The element the provider player goes in. Creation waits (retrying) until there is one. */
  attach(host: HTMLElement): void {
    this.host = host;
  }

  detach(host: HTMLElement): void {
    if (this.host === host) this.host = null;
  }

  private scheduleCreate(): void {
    this.status = 'creating';
    // SPEC §4: created about 200 ms after a new current video appears (quick skipping builds nothing).
    this.createTimer = setTimeout(() => this.tryCreate(), CREATE_DELAY_MS);
  }

  private tryCreate(): void {
    const video = this.video;
    if (!video || this.blocked) return;
    if (!this.adapter) this.adapter = this.opts.adapters(video);
    const api = this.adapter.apiStatus();
    if (api === 'failed') {
      this.adapter = null;
      this.status = 'unavailable';
      this.opts.log?.('player: the provider player interface did not load', video.provider);
      this.emit();
      return;
    }
    if (api !== 'ready' || !this.host) {
      // SPEC §4: retry every 500 ms while the provider's player interface is not ready.
      this.createTimer = setTimeout(() => this.tryCreate(), CREATE_RETRY_MS);
      return;
    }
    const adapter = this.adapter;
    const generation = this.generation;
    const live = () => generation === this.generation && adapter === this.adapter;
    const events: AdapterEvents = {
      onReady: () => live() && this.onReady(),
      onStateChange: (state) => live() && this.onStateChange(state),
      onError: (code) => live() && this.onError(code),
    };
    try {
      const startSeconds = this.opts.startAt?.(video);
      adapter.create(this.host, video, { autoplay: true, volume: this.volume, muted: this.muted, playbackRate: this.rate, ...(startSeconds ? { startSeconds } : {}) }, events);
    } catch (error) {
      this.opts.log?.('player: the provider player could not be created', error);
      this.adapter = null;
      this.status = 'unavailable';
      this.emit();
      return;
    }
    this.progressTimer = setInterval(() => this.tick(), PROGRESS_TICK_MS);
  }

  private onReady(): void {
    const adapter = this.adapter!;
    this.status = 'ready';
    adapter.setVolume(this.volume);
    adapter.setMuted(this.muted);
    const item = this.queue?.source.item;
    if (!item?.availablePlaybackRates?.length) {
      const offered = adapter.getAvailablePlaybackRates();
      if (offered.length) this.rates = offered;
    }
    if (!this.rates.includes(this.rate)) this.rate = DEFAULT_PLAYBACK_RATE;
    adapter.setPlaybackRate(this.rate);
    this.refreshCaptions();
    if (this.captionsAvailable && item?.captionEnabled && item.caption) this.setCaptions(item.caption);
    this.emit();
  }

  private onStateChange(state: PlayerState): void {
    if (state === this.state) return;
    this.state = state;
    if (state === PlayerState.PLAYING && this.video && this.playedGeneration !== this.generation) {
      this.playedGeneration = this.generation;
      this.opts.onFirstPlay?.(this.video);
    }
    if (state === PlayerState.PLAYING) this.scheduleHide();
    else this.showControls();
    this.tick(false);
    this.emit();
    if (state === PlayerState.ENDED) this.onEnded();
  }

  /** SPEC §4 "Autoplay on end", after any change a background update was waiting to make. */
  private onEnded(): void {
    const deferred = this.deferred;
    if (deferred) {
      this.deferred = null;
      this.open(deferred.video, deferred.source, 'auto');
      return;
    }
    if (this.autoplay()) void this.step('auto', false);
  }

  /** SPEC §4 "Provider player errors". */
  private onError(code: number): void {
    const video = this.video;
    if (code === PlayerError.NOT_FOUND) {
      // 100: deleted or private. Only logged.
      this.opts.log?.('player: video not found (100)', video?.externalId);
      return;
    }
    if (code === PlayerError.NOT_EMBEDDABLE || code === PlayerError.NOT_EMBEDDABLE_101) {
      if (video) this.video = { ...video, embeddable: false };
      this.startLeaveFlow();
      this.emit();
      return;
    }
    this.opts.log?.(`player: error ${code}, playing the next video`, video?.externalId);
    this.state = PlayerState.UNSTARTED;
    this.emit();
    void this.step('auto', true);
  }

  private tick(emit = true): void {
    const adapter = this.adapter;
    if (!adapter || this.status !== 'ready') return;
    const currentTime = adapter.getCurrentTime() || 0;
    const duration = adapter.getDuration() || 0;
    const timeChanged = currentTime !== this.time.currentTime || duration !== this.time.duration;
    if (timeChanged) this.time = { currentTime, duration };
    // Some providers learn about captions only after playback starts.
    const captionsChanged = !this.captionsAvailable && this.refreshCaptions();
    if (!emit) return;
    if (captionsChanged) this.emit();
    else if (timeChanged) this.emitTime();
  }

  private refreshCaptions(): boolean {
    const available = !!this.adapter?.hasCaptions();
    const changed = available !== this.captionsAvailable;
    this.captionsAvailable = available;
    if (!available) this.captions = null;
    return changed;
  }

  private destroyAdapter(): void {
    clearTimeout(this.createTimer);
    clearInterval(this.progressTimer);
    const adapter = this.adapter;
    this.adapter = null;
    this.status = 'idle';
    adapter?.destroy();
  }

  private clearVideoTimers(): void {
    clearTimeout(this.createTimer);
    clearTimeout(this.advanceTimer);
    clearTimeout(this.leaveTimer);
    clearInterval(this.progressTimer);
  }

  // ---- controls ---------------------------------------------------------------------------------------------

  play(): void {
    if (this.adapter && this.status === 'ready') this.adapter.play();
  }

  pause(): void {
    if (this.adapter && this.status === 'ready') this.adapter.pause();
  }

  /** Space, k, the play/pause button: pauses while the pause icon shows (PLAYING, BUFFERING, CUED), else plays. */
  togglePlay(): void {
    if (showsPauseIcon(this.state)) this.pause();
    else this.play();
  }

  seekTo(seconds: number): void {
    if (!this.adapter || this.status !== 'ready') return;
    const duration = this.time.duration || this.adapter.getDuration() || 0;
    const target = clamp(seconds, 0, duration > 0 ? duration : Math.max(0, seconds));
    this.adapter.seekTo(target);
    this.time = { currentTime: target, duration };
    this.activity();
    this.emit();
  }

  /** Arrow keys and double-tap (SPEC §4): ±5 s by default. */
  seekBy(seconds: number): void {
    if (!this.adapter || this.status !== 'ready') return;
    this.seekTo((this.adapter.getCurrentTime() || this.time.currentTime) + seconds);
  }

  /** The seek slider maps to a percentage of the duration (SPEC §4). */
  seekToPercent(percent: number): void {
    this.seekTo((clamp(percent, 0, 100) / 100) * this.time.duration);
  }

  /** 0–100, saved as `currentVideoVolume`; raising it above 0 unmutes. */
  setVolume(volume: number): void {
    const v = clamp(Math.round(volume), 0, 100);
    this.volume = v;
    this.opts.prefs.set('currentVideoVolume', v);
    this.adapter?.setVolume(v);
    if (v > 0 && this.muted) this.setMuted(false);
    else this.emit();
  }

  setMuted(muted: boolean): void {
    this.muted = muted;
    this.opts.prefs.set('currentVideoMuted', muted);
    this.adapter?.setMuted(muted);
    this.emit();
  }

  toggleMute(): void {
    this.setMuted(!this.muted);
  }

  setPlaybackRate(rate: number): void {
    if (!this.rates.includes(rate)) return;
    this.rate = rate;
    this.adapter?.setPlaybackRate(rate);
    this.emit();
  }

  /** Off (null) or English (SPEC §9); refused when the video has no captions (SPEC §5). */
  setCaptions(language: string | null): void {
    if (language !== null && !this.captionsAvailable) return;
    this.captions = language === null ? null : language || CAPTION_LANGUAGE;
    this.adapter?.setCaptions(this.captions);
    this.emit();
  }

  setView(view: Partial<ViewState>): void {
    const next = { ...this.view, ...view };
    if (next.minimised === this.view.minimised && next.fullscreen === this.view.fullscreen && next.cinema === this.view.cinema) return;
    this.view = next;
    if (next.minimised) clearTimeout(this.hideTimer);
    this.showControls();
    this.emit();
  }

  /** Pointer movement, a tap, a key: controls show and hide again after 3 s without movement while playing. */
  activity(): void {
    const wasVisible = this.controlsVisible;
    this.controlsVisible = true;
    this.scheduleHide();
    if (!wasVisible) this.emit();
  }

  /**
   * A tap on the video (touch). Two taps within 500 ms seek 5 s back on the left half or forward on the right
   * (SPEC §4); further taps within the window keep seeking. A lone tap shows the controls. Returns the seek done.
   */
  tap(x: number, width: number): 'back' | 'forward' | null {
    const now = this.opts.now();
    const double = this.lastTap !== null && now - this.lastTap <= DOUBLE_TAP_MS;
    this.lastTap = now;
    if (!double) {
      this.activity();
      return null;
    }
    const back = x < width / 2;
    this.seekBy(back ? -SEEK_STEP_S : SEEK_STEP_S);
    return back ? 'back' : 'forward';
  }

  private showControls(): void {
    clearTimeout(this.hideTimer);
    this.controlsVisible = true;
    if (this.state === PlayerState.PLAYING) this.scheduleHide();
  }

  private scheduleHide(): void {
    clearTimeout(this.hideTimer);
    if (this.state !== PlayerState.PLAYING || this.view.minimised) return;
    this.hideTimer = setTimeout(() => {
      if (this.state !== PlayerState.PLAYING) return;
      this.controlsVisible = false;
      this.emit();
    }, CONTROLS_HIDE_MS);
  }
}
