import type { AdapterEvents, CreateOptions, PlayerAdapter } from '../adapter';
import { CAPTION_LANGUAGE, PlayerError, PlayerState, STANDARD_PLAYBACK_RATES } from '../constants';
import type { PlayerVideo } from '../types';

/**
 * HTML5 <video> for media the app can reach itself: the demo catalog's clips (`mediaUrl`) and any later
 * self-hosted source. Media events are mapped to the YouTube states the engine speaks:
 * loadedmetadata (autoplay pending) → CUED, playing → PLAYING, waiting → BUFFERING, pause → PAUSED,
 * ended → ENDED; a media error → 5 (HTML5 error: the engine plays the next video).
 */
export class Html5Adapter implements PlayerAdapter {
  private el: HTMLVideoElement | null = null;
  private events: AdapterEvents | null = null;
  private readonly cleanup: Array<() => void> = [];

  apiStatus() {
    return 'ready' as const;
  }

  create(host: HTMLElement, video: PlayerVideo, options: CreateOptions, events: AdapterEvents): void {
    if (!video.mediaUrl) throw new Error('Html5Adapter needs a mediaUrl');
    const el = host.ownerDocument.createElement('video');
    el.className = 'player-video';
    el.playsInline = true;
    el.preload = 'auto';
    el.controls = false;
    el.poster = video.thumbnail;
    // Named by the player region around it; the element itself is not a separate stop for keyboard users.
    el.setAttribute('aria-hidden', 'true');
    el.tabIndex = -1;
    el.volume = options.volume / 100;
    el.muted = options.muted;
    el.defaultPlaybackRate = options.playbackRate;
    el.playbackRate = options.playbackRate;
    this.el = el;
    this.events = events;

    let ready = false;
    const on = <K extends keyof HTMLMediaElementEventMap>(type: K, fn: () => void) => {
      el.addEventListener(type, fn);
      this.cleanup.push(() => el.removeEventListener(type, fn));
    };
    on('loadedmetadata', () => {
      if (!ready) {
        ready = true;
        if (options.startSeconds) el.currentTime = options.startSeconds;
        this.events?.onReady();
      }
      if (options.autoplay && el.paused) {
        this.events?.onStateChange(PlayerState.CUED);
        // Asked from a task of its own: starting the media (and, on a first visit, the browser refusing it and the
        // controls drawn again for PAUSED) made this event one of the watch page's long tasks (issue 32).
        const timer = setTimeout(() => this.el === el && el.paused && this.play(), 0);
        this.cleanup.push(() => clearTimeout(timer));
      }
    });
    on('playing', () => this.events?.onStateChange(PlayerState.PLAYING));
    on('waiting', () => !el.paused && this.events?.onStateChange(PlayerState.BUFFERING));
    on('pause', () => !el.ended && this.events?.onStateChange(PlayerState.PAUSED));
    on('ended', () => this.events?.onStateChange(PlayerState.ENDED));
    on('error', () => this.events?.onError(PlayerError.HTML5));

    el.src = video.mediaUrl;
    host.appendChild(el);
  }

  destroy(): void {
    const el = this.el;
    this.events = null;
    this.cleanup.splice(0).forEach((fn) => fn());
    this.el = null;
    if (!el) return;
    el.pause();
    el.removeAttribute('src');
    // Releases the network connection and decoder (the documented way to unload a media element).
    el.load();
    el.remove();
  }

  play(): void {
    const el = this.el;
    if (!el) return;
    // Browsers refuse autoplay with sound without a user gesture (a /watch link opened directly): the video stays
    // paused and the play button shows, which is the honest state.
    const result = el.play() as Promise<void> | undefined;
    result?.catch(() => {
      if (this.el === el && el.paused) this.events?.onStateChange(PlayerState.PAUSED);
    });
  }

  pause(): void {
    this.el?.pause();
  }

  stop(): void {
    const el = this.el;
    if (!el) return;
    el.pause();
    this.events?.onStateChange(PlayerState.UNSTARTED);
  }

  seekTo(seconds: number): void {
    if (this.el) this.el.currentTime = seconds;
  }

  getCurrentTime(): number {
    return this.el?.currentTime ?? 0;
  }

  getDuration(): number {
    const d = this.el?.duration ?? 0;
    return Number.isFinite(d) ? d : 0;
  }

  setVolume(volume: number): void {
    if (this.el) this.el.volume = Math.min(1, Math.max(0, volume / 100));
  }

  setMuted(muted: boolean): void {
    if (this.el) this.el.muted = muted;
  }

  setPlaybackRate(rate: number): void {
    if (this.el) this.el.playbackRate = rate;
  }

  getAvailablePlaybackRates(): readonly number[] {
    return STANDARD_PLAYBACK_RATES;
  }

  private tracks(): TextTrack[] {
    const list = this.el?.textTracks;
    if (!list) return [];
    return Array.from({ length: list.length }, (_, i) => list[i]!).filter((t) => t.kind === 'captions' || t.kind === 'subtitles');
  }

  hasCaptions(): boolean {
    return this.tracks().some((t) => t.language.toLowerCase().startsWith(CAPTION_LANGUAGE));
  }

  setCaptions(language: string | null): void {
    for (const track of this.tracks()) {
      track.mode = language && track.language.toLowerCase().startsWith(language) ? 'showing' : 'disabled';
    }
  }
}
