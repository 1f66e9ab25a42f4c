import type { PlayerState } from './constants';
import type { PlayerVideo } from './types';

/**
 * One provider's player behind the engine (DESIGN §2: "provider adapters behind one interface"). The engine never
 * learns which adapter plays: it asks the factory for one per video and speaks only this interface. Adapters report
 * states and errors in the YouTube IFrame API's numbering (constants.ts).
 */

/** Whether the provider's player interface can be used yet. Loading starts on the first call. */
export type ApiStatus = 'loading' | 'ready' | 'failed';

export interface AdapterEvents {
  /** The provider's player exists and accepts commands. */
  onReady(): void;
  onStateChange(state: PlayerState): void;
  /** 100 deleted or private, 101/150 not embeddable, anything else a failure to play. */
  onError(code: number): void;
}

export interface CreateOptions {
  autoplay: boolean;
  /** 0–100. */
  volume: number;
  muted: boolean;
  playbackRate: number;
  startSeconds?: number;
}

export interface PlayerAdapter {
  /** Kicks off loading the provider's script on first call; the engine retries creation while 'loading'. */
  apiStatus(): ApiStatus;
  /** Builds the provider's player inside `host` (which the adapter owns from now until destroy()). */
  create(host: HTMLElement, video: PlayerVideo, options: CreateOptions, events: AdapterEvents): void;
  /** Removes the provider's player and everything it put in the host; no events after this. */
  destroy(): void;

  play(): void;
  pause(): void;
  /** Stops playback and loading (YouTube's stopVideo); the state becomes UNSTARTED or CUED. */
  stop(): void;
  seekTo(seconds: number): void;
  getCurrentTime(): number;
  getDuration(): number;

  /** 0–100. */
  setVolume(volume: number): void;
  setMuted(muted: boolean): void;

  setPlaybackRate(rate: number): void;
  getAvailablePlaybackRates(): readonly number[];

  /** Whether captions in CAPTION_LANGUAGE exist for this video. */
  hasCaptions(): boolean;
  /** A language code to show captions in, or null for Off. */
  setCaptions(language: string | null): void;
}

/** Picks and builds the adapter for a video: the app's choice (mediaUrl → HTML5, YouTube → IFrame API). */
export type AdapterFactory = (video: PlayerVideo) => PlayerAdapter;
