import type { AdapterEvents, ApiStatus, CreateOptions, PlayerAdapter } from '../adapter';
import { API_LOAD_TIMEOUT_MS, CAPTION_LANGUAGE, PLAYER_STATES, PlayerError, type PlayerState } from '../constants';
import type { PlayerVideo } from '../types';

/**
 * The YouTube IFrame Player API (https://developers.google.com/youtube/iframe_api_reference) behind the adapter
 * interface. The provider's script is loaded once per page from `scriptUrl` (configurable so that tests serve a
 * stand-in; the real one is https://www.youtube.com/iframe_api). Its states are the engine's; its errors pass
 * through (2, 5, 100, 101, 150) and the engine decides.
 */

export const YOUTUBE_IFRAME_API_URL = 'https://www.youtube.com/iframe_api';

/** The part of the documented `YT.Player` the adapter uses. */
export interface YTPlayer {
  playVideo(): void;
  pauseVideo(): void;
  stopVideo(): void;
  seekTo(seconds: number, allowSeekAhead: boolean): void;
  getCurrentTime(): number;
  getDuration(): number;
  setVolume(volume: number): void;
  mute(): void;
  unMute(): void;
  setPlaybackRate(rate: number): void;
  getAvailablePlaybackRates(): number[];
  loadModule?(module: string): void;
  unloadModule?(module: string): void;
  getOption?(module: string, option: string): unknown;
  setOption?(module: string, option: string, value: unknown): void;
  destroy(): void;
}

interface YTEvent<T = unknown> {
  target: YTPlayer;
  data: T;
}

export interface YTPlayerOptions {
  videoId: string;
  width?: string | number;
  height?: string | number;
  host?: string;
  playerVars?: Record<string, string | number>;
  events?: {
    onReady?: (e: YTEvent) => void;
    onStateChange?: (e: YTEvent<number>) => void;
    onError?: (e: YTEvent<number>) => void;
    onApiChange?: (e: YTEvent) => void;
  };
}

export interface YTNamespace {
  Player: new (element: HTMLElement, options: YTPlayerOptions) => YTPlayer;
  loaded?: number;
}

type YTWindow = Window & { YT?: YTNamespace; onYouTubeIframeAPIReady?: () => void };

export interface YouTubeApiOptions {
  scriptUrl?: string;
  /** How long the script may take before the API counts as never loading. */
  timeoutMs?: number;
  win?: Window;
  /** Inserts the script; tests replace it. Must call onError when the script cannot load. */
  loadScript?: (url: string, onError: () => void, win: Window) => void;
}

function insertScript(url: string, onError: () => void, win: Window): void {
  const script = win.document.createElement('script');
  script.src = url;
  script.async = true;
  script.onerror = onError;
  win.document.head.appendChild(script);
}

/** One loader per page: the script is requested once, and every adapter asks it for the status. */
class YouTubeApiLoader {
  status: ApiStatus | 'idle' = 'idle';
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly options: Required<YouTubeApiOptions>) {}

  get(): ApiStatus {
    const win = this.options.win as YTWindow;
    if (this.status === 'ready' || (this.status !== 'failed' && typeof win.YT?.Player === 'function' && win.YT.loaded === 1)) {
      this.status = 'ready';
      clearTimeout(this.timer);
      return 'ready';
    }
    if (this.status === 'idle') this.start(win);
    return this.status === 'idle' ? 'loading' : this.status;
  }

  private start(win: YTWindow): void {
    this.status = 'loading';
    const previous = win.onYouTubeIframeAPIReady;
    win.onYouTubeIframeAPIReady = () => {
      if (this.status !== 'failed') this.status = 'ready';
      clearTimeout(this.timer);
      previous?.();
    };
    const fail = () => {
      if (this.status === 'loading') this.status = 'failed';
      clearTimeout(this.timer);
    };
    this.timer = setTimeout(fail, this.options.timeoutMs);
    try {
      this.options.loadScript(this.options.scriptUrl, fail, win);
    } catch {
      fail();
    }
  }
}

let sharedLoader: YouTubeApiLoader | null = null;

function loaderFor(options: YouTubeApiOptions): YouTubeApiLoader {
  if (!sharedLoader) {
    sharedLoader = new YouTubeApiLoader({
      scriptUrl: options.scriptUrl ?? YOUTUBE_IFRAME_API_URL,
      timeoutMs: options.timeoutMs ?? API_LOAD_TIMEOUT_MS,
      win: options.win ?? window,
      loadScript: options.loadScript ?? insertScript,
    });
  }
  return sharedLoader;
}

/** Forgets the page's loader (tests). */
export function resetYouTubeApiLoader(): void {
  sharedLoader = null;
}

const KNOWN_STATES: ReadonlySet<number> = new Set(PLAYER_STATES);

export class YouTubeAdapter implements PlayerAdapter {
  private player: YTPlayer | null = null;
  private events: AdapterEvents | null = null;
  private mount: HTMLElement | null = null;

  constructor(private readonly options: YouTubeApiOptions = {}) {}

  apiStatus(): ApiStatus {
    return loaderFor(this.options).get();
  }

  create(host: HTMLElement, video: PlayerVideo, options: CreateOptions, events: AdapterEvents): void {
    const win = (this.options.win ?? window) as YTWindow;
    const YT = win.YT;
    if (!YT) throw new Error('The YouTube IFrame API is not loaded');
    // YT.Player replaces the element it is given with its iframe: give it a child, never the host itself.
    const mount = win.document.createElement('div');
    host.appendChild(mount);
    this.mount = mount;
    this.events = events;
    const origin = win.location?.origin;
    this.player = new YT.Player(mount, {
      videoId: video.externalId,
      width: '100%',
      height: '100%',
      playerVars: {
        autoplay: options.autoplay ? 1 : 0,
        controls: 0,
        disablekb: 1,
        fs: 0,
        playsinline: 1,
        rel: 0,
        iv_load_policy: 3,
        enablejsapi: 1,
        ...(options.startSeconds ? { start: Math.floor(options.startSeconds) } : {}),
        ...(origin && origin !== 'null' ? { origin } : {}),
      },
      events: {
        onReady: (e) => {
          if (this.events === null) return;
          this.player = e.target ?? this.player;
          this.events.onReady();
        },
        onStateChange: (e) => {
          if (KNOWN_STATES.has(e.data)) this.events?.onStateChange(e.data as PlayerState);
        },
        onError: (e) => {
          // 101 is the same as 150 (the owner does not allow embedding): reported as 150 for the engine.
          this.events?.onError(e.data === PlayerError.NOT_EMBEDDABLE_101 ? PlayerError.NOT_EMBEDDABLE : e.data);
        },
        onApiChange: () => {
          // The captions module announced itself: nothing to do, the engine polls hasCaptions() on its tick.
        },
      },
    });
  }

  destroy(): void {
    this.events = null;
    const player = this.player;
    this.player = null;
    try {
      player?.destroy();
    } catch {
      /* the iframe is gone already */
    }
    this.mount?.remove();
    this.mount = null;
  }

  private call<T>(fn: (p: YTPlayer) => T, fallback: T): T {
    const p = this.player;
    if (!p) return fallback;
    try {
      return fn(p);
    } catch {
      // The iframe is not ready for commands yet (or has gone): nothing to do.
      return fallback;
    }
  }

  play(): void {
    this.call((p) => p.playVideo(), undefined);
  }
  pause(): void {
    this.call((p) => p.pauseVideo(), undefined);
  }
  stop(): void {
    this.call((p) => p.stopVideo(), undefined);
  }
  seekTo(seconds: number): void {
    this.call((p) => p.seekTo(seconds, true), undefined);
  }
  getCurrentTime(): number {
    return this.call((p) => p.getCurrentTime(), 0) || 0;
  }
  getDuration(): number {
    return this.call((p) => p.getDuration(), 0) || 0;
  }
  setVolume(volume: number): void {
    this.call((p) => p.setVolume(volume), undefined);
  }
  setMuted(muted: boolean): void {
    this.call((p) => (muted ? p.mute() : p.unMute()), undefined);
  }
  setPlaybackRate(rate: number): void {
    this.call((p) => p.setPlaybackRate(rate), undefined);
  }
  getAvailablePlaybackRates(): readonly number[] {
    return this.call((p) => p.getAvailablePlaybackRates(), []) ?? [];
  }

  hasCaptions(): boolean {
    // The tracklist is known once the captions module has announced itself (onApiChange) after playback starts;
    // loading the module here would switch captions on, so it is only read.
    return this.call((p) => {
      const list = p.getOption?.('captions', 'tracklist');
      return Array.isArray(list) && list.some((t: { languageCode?: string }) => t?.languageCode?.toLowerCase().startsWith(CAPTION_LANGUAGE));
    }, false);
  }

  setCaptions(language: string | null): void {
    this.call((p) => {
      if (language) {
        p.loadModule?.('captions');
        p.setOption?.('captions', 'track', { languageCode: language });
      } else {
        p.setOption?.('captions', 'track', {});
        p.unloadModule?.('captions');
      }
    }, undefined);
  }
}
