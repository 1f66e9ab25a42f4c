/**
 * Client-stored preferences (SPEC §3 table). Every key shares the `sift.` prefix and holds a JSON value. Reads
 * never throw: missing, corrupt or wrongly-typed values give the default, and a storage that refuses access
 * (private mode, quota) degrades to defaults rather than breaking the app.
 */

export const STORAGE_PREFIX = 'sift.';

export type GridType = 'list' | 'grid';
export type ShareNetwork = 'facebook' | 'linkedin' | 'telegram' | 'twitter' | 'whatsapp';

export interface RecentSearch {
  id: number | string;
  externalId: string;
  type: string;
}

export interface Preferences {
  gridType: GridType;
  /** Not given by the spec: autoplay the next video by default, as video sites do. */
  autoplay: boolean;
  autoplay_list: boolean;
  /** The playlist being played, as last saved; shape owned by the player feature. */
  playlist: unknown;
  /** Share networks, most recently used first. */
  share_items: ShareNetwork[];
  /** Keyed `${userUuid or 'visitor'}:${scope}`. */
  recent_searches: Record<string, RecentSearch[]>;
  sidemenu_opened: boolean;
  openNonEmbeddableVideo: boolean;
  showOpenNonEmbeddableVideoMessage: boolean;
  /**
   * First-run hints (lib/hints.ts): each place's tip put away with "Got it", keyed by place, with the round of
   * `recheck_tooltips` it was put away in; absent, the tip shows.
   */
  toolTips: Record<string, number>;
  /** The round of first-run hints: "Show tips again" (the header's menu) starts the next one, bringing every tip back. */
  recheck_tooltips: number;
  session_id: string | null;
  /** Per provider. */
  import_status: Record<string, unknown>;
  /** A saved pending action, replayed after login. */
  action: unknown;
  currentVideoMuted: boolean;
  currentVideoVolume: number;
  /** Opaque auth token (DESIGN §3), sent as `Authorization: Bearer`. */
  token: string | null;
  /** The browser's random analytics identity (a UUID), made with the first event after cookie consent (lib/analytics). */
  analytics_id: string | null;
  /** The language chosen in the language switch (lib/i18n); null follows the browser's languages. */
  locale: string | null;
  /** The last site messages answer (features/messages), shown at once on the next visit while it is asked again. */
  site_messages: unknown;
  /**
   * The logged-in member's language from their account, while this browser has no choice of its own (lib/i18n
   * `adoptMemberLocale`): remembered so that a reload starts in it rather than switching after the user data comes.
   * Cleared at logout.
   */
  member_locale: string | null;
  /**
   * A visitor's playback positions, the last 200 videos (features/watch/progress.ts owns the shape and checks each
   * entry); a member's are kept by the server. Never sent anywhere.
   */
  watch_progress: unknown;
  /** "Hide watched" switched on, keyed `${memberUuid}:${place}` (lib/hide-watched.ts); absent means off. */
  hide_watched: Record<string, boolean>;
}

export type PreferenceKey = keyof Preferences;

const DEFAULTS: Preferences = {
  gridType: 'list',
  autoplay: true,
  autoplay_list: true,
  playlist: null,
  share_items: ['facebook', 'linkedin', 'telegram', 'twitter', 'whatsapp'],
  recent_searches: {},
  sidemenu_opened: true,
  openNonEmbeddableVideo: false,
  showOpenNonEmbeddableVideoMessage: true,
  toolTips: {},
  recheck_tooltips: 0,
  session_id: null,
  import_status: {},
  action: null,
  currentVideoMuted: false,
  currentVideoVolume: 100,
  token: null,
  analytics_id: null,
  locale: null,
  site_messages: null,
  member_locale: null,
  watch_progress: null,
  hide_watched: {},
};
export const PREFERENCE_DEFAULTS: Readonly<Preferences> = Object.freeze(DEFAULTS);

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isRound = (v: unknown) => Number.isInteger(v) && (v as number) >= 0;

/** A stored value is used only when it passes its key's check; anything else reads as the default. */
const VALIDATORS: { [K in PreferenceKey]: (v: unknown) => boolean } = {
  gridType: (v) => v === 'list' || v === 'grid',
  autoplay: (v) => typeof v === 'boolean',
  autoplay_list: (v) => typeof v === 'boolean',
  playlist: () => true,
  share_items: (v) => Array.isArray(v) && v.every((x) => typeof x === 'string'),
  recent_searches: isRecord,
  sidemenu_opened: (v) => typeof v === 'boolean',
  openNonEmbeddableVideo: (v) => typeof v === 'boolean',
  showOpenNonEmbeddableVideoMessage: (v) => typeof v === 'boolean',
  toolTips: (v) => isRecord(v) && Object.values(v).every(isRound),
  recheck_tooltips: isRound,
  session_id: (v) => v === null || typeof v === 'string',
  import_status: isRecord,
  action: () => true,
  currentVideoMuted: (v) => typeof v === 'boolean',
  currentVideoVolume: (v) => typeof v === 'number' && Number.isFinite(v) && v >= 0 && v <= 100,
  token: (v) => v === null || (typeof v === 'string' && v.length > 0),
  analytics_id: (v) => v === null || (typeof v === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(v)),
  // Whether the language is one the app has is lib/i18n's check (it reads through isLocale).
  locale: (v) => v === null || typeof v === 'string',
  site_messages: () => true,
  member_locale: (v) => v === null || typeof v === 'string',
  watch_progress: () => true,
  hide_watched: isRecord,
};

type Listener = (key: PreferenceKey) => void;

export interface PreferenceStore {
  get<K extends PreferenceKey>(key: K): Preferences[K];
  set<K extends PreferenceKey>(key: K, value: Preferences[K]): void;
  remove(key: PreferenceKey): void;
  subscribe(listener: Listener): () => void;
  /** Tells subscribers that `key` changed outside this store (another tab). */
  notify(key: PreferenceKey): void;
}

/** Defaults are shared; hand out copies of arrays and objects so that no caller can change them for everyone. */
function defaultOf<K extends PreferenceKey>(key: K): Preferences[K] {
  const value = PREFERENCE_DEFAULTS[key];
  return value !== null && typeof value === 'object' ? (JSON.parse(JSON.stringify(value)) as Preferences[K]) : value;
}

export function createPreferenceStore(backend: () => Storage | undefined, prefix = STORAGE_PREFIX): PreferenceStore {
  const listeners = new Set<Listener>();
  const emit = (key: PreferenceKey) => listeners.forEach((l) => l(key));
  const storage = () => {
    try {
      return backend();
    } catch {
      return undefined;
    }
  };

  // The last string read for each key and the primitive it parsed to: a card reads the same few flags on every render,
  // and parsing and checking them each time was a measurable share of a list's render on a phone (issue 32). Objects
  // are parsed afresh, so no caller can change another's copy.
  const primitives = new Map<PreferenceKey, { raw: string | null; value: unknown }>();
  const read = <K extends PreferenceKey>(key: K, raw: string | null): Preferences[K] => {
    if (raw == null) return defaultOf(key);
    try {
      const parsed: unknown = JSON.parse(raw);
      return VALIDATORS[key](parsed) ? (parsed as Preferences[K]) : defaultOf(key);
    } catch {
      return defaultOf(key);
    }
  };

  return {
    get(key) {
      let raw: string | null | undefined;
      try {
        raw = storage()?.getItem(prefix + key);
      } catch {
        raw = null;
      }
      raw ??= null;
      const known = primitives.get(key);
      if (known && known.raw === raw) return known.value as Preferences[typeof key];
      const value = read(key, raw);
      if (value === null || typeof value !== 'object') primitives.set(key, { raw, value });
      return value;
    },
    set(key, value) {
      try {
        storage()?.setItem(prefix + key, JSON.stringify(value));
      } catch {
        // Quota or private mode: the preference lasts for this page only, which beats failing the action.
      }
      emit(key);
    },
    remove(key) {
      try {
        storage()?.removeItem(prefix + key);
      } catch {
        /* see set() */
      }
      emit(key);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    notify: emit,
  };
}

/** The app's store, on localStorage. Other tabs' changes arrive through the `storage` event. */
export const preferences = createPreferenceStore(() => (typeof window === 'undefined' ? undefined : window.localStorage));

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.key?.startsWith(STORAGE_PREFIX)) {
      const key = e.key.slice(STORAGE_PREFIX.length) as PreferenceKey;
      if (key in PREFERENCE_DEFAULTS) {
        preferences.notify(key);
      }
    }
  });
}
