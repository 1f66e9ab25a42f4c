/**
 * The player's states and timings (SPEC §4 "Player states", "Player creation", "Seeking"; SPEC §9). Numbers are
 * the YouTube IFrame Player API's, which SPEC §4 uses; every adapter reports in these terms.
 */

export const PlayerState = {
  UNSTARTED: -1,
  ENDED: 0,
  PLAYING: 1,
  PAUSED: 2,
  BUFFERING: 3,
  CUED: 5,
} as const;
export type PlayerState = (typeof PlayerState)[keyof typeof PlayerState];

export const PLAYER_STATES: readonly PlayerState[] = Object.values(PlayerState);

/** Provider error codes (YouTube's numbering): 100 deleted or private, 101/150 not embeddable, others. */
export const PlayerError = {
  INVALID_PARAMETER: 2,
  HTML5: 5,
  NOT_FOUND: 100,
  NOT_EMBEDDABLE_101: 101,
  NOT_EMBEDDABLE: 150,
} as const;

/** The player is created this long after a new current video appears (SPEC §9: 200 ms). */
export const CREATE_DELAY_MS = 200;
/** Creation is retried this often while the provider's player interface is not ready (SPEC §9: 500 ms). */
export const CREATE_RETRY_MS = 500;
/** Current time and duration are read this often (SPEC §9: 500 ms). */
export const PROGRESS_TICK_MS = 500;
/** Controls hide after this long without movement while playing (SPEC §9: 3 s). */
export const CONTROLS_HIDE_MS = 3_000;
/** Two taps within this window are a double-tap (SPEC §9: 500 ms)… */
export const DOUBLE_TAP_MS = 500;
/** …which seeks this far, back on the left half and forward on the right (SPEC §4). Arrow keys seek as much. */
export const SEEK_STEP_S = 5;
/** The keys people know from YouTube: j and l seek 10 s. */
export const LONG_SEEK_STEP_S = 10;
/** A non-embeddable video: the next one autoplays after this long (SPEC §9: 5000 ms). */
export const NON_EMBEDDABLE_AUTOPLAY_MS = 5_000;
/** The leave-site modal of a queue's item hides and plays the next after this long untouched (SPEC §9: 7 s). */
export const LEAVE_MODAL_MS = 7_000;
/** Page size of the lists the player pages through (SPEC §9: 48 in the player area). */
export const QUEUE_PAGE_SIZE = 48;
/**
 * A list played from inside (a card far down a playlist, sift or feed page) loads at most this many pages to find the
 * video it was opened on (QueueSource.findPages): 20 × 48 = 960 videos, more than a person scrolls to.
 */
export const QUEUE_FIND_PAGES = 20;
/** Play next fetches more when the new current video is this close to the end of what is loaded (SPEC §4). */
export const FETCH_MORE_WITHIN = 2;
/** The provider's script counts as never loading after this long (the request timeout of SPEC §9). */
export const API_LOAD_TIMEOUT_MS = 10_000;

export const DEFAULT_VOLUME = 100;
export const DEFAULT_PLAYBACK_RATE = 1;
/** What HTML5 media and YouTube both offer when the current item names none. */
export const STANDARD_PLAYBACK_RATES: readonly number[] = [0.25, 0.5, 0.75, 1, 1.25, 1.5, 1.75, 2];
/** Caption options of SPEC §9: Off and English. */
export const CAPTION_LANGUAGE = 'en';
