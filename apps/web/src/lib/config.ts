/** Build-time configuration (Vite env). */

export const APP_NAME: string = import.meta.env.VITE_APP_NAME?.trim() || 'Sift';

/** Desktop breakpoint (SPEC §9): below it counts as mobile; menus become bottom sheets. */
export const DESKTOP_MIN_WIDTH = 992;

/** Infinite-scroll trigger distance in the list area (SPEC §9 gives 1800 px there, 100 px in the player area). */
export const LIST_TRIGGER_PX = 1800;
export const AREA_TRIGGER_PX = 100;

export const NOTIFICATION_MS = 1500;
/** A toast with a button ("Undo") stays long enough to reach it (and while pointer or focus is on it). */
export const NOTIFICATION_ACTION_MS = 6000;
/** SPEC §9 "Menu close delay 600 ms": how long a dropdown stays open after the mouse left it. */
export const MENU_CLOSE_DELAY_MS = 600;
/** SPEC §9 "Share popup 626x436, close check every 500 ms". */
export const SHARE_POPUP_WIDTH = 626;
export const SHARE_POPUP_HEIGHT = 436;
export const SHARE_POPUP_CHECK_MS = 500;
/** SPEC §4 "Service worker": how often the browser is asked to look for a new version of the app. */
export const SW_UPDATE_CHECK_MS = 60_000;
/** SPEC §8: a lazily loaded part of the app that has not arrived by then counts as failed. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
/** Import polling (SPEC §9 "Import polling 600 / 1000 ms"): while the status is unchanged, and after it changed. */
export const IMPORT_POLL_UNCHANGED_MS = 600;
export const IMPORT_POLL_CHANGED_MS = 1000;
export const BACK_TO_TOP_THRESHOLD_PX = 20;
export const MESSAGE_PAGE_ID = 44;

export interface SocialLink {
  name: string;
  url: string;
}

/**
 * Social links of the menu. A self-hosted install sets its own through VITE_SOCIAL_LINKS, a JSON array of
 * {name, url}; by default the networks' home pages stand in.
 */
export const SOCIAL_LINKS: SocialLink[] = (() => {
  const raw = import.meta.env.VITE_SOCIAL_LINKS;
  if (raw) {
    try {
      const parsed: unknown = JSON.parse(raw);
      if (Array.isArray(parsed)) {
        return parsed.filter(
          (x): x is SocialLink => typeof x?.name === 'string' && typeof x?.url === 'string',
        );
      }
    } catch {
      /* fall back to the defaults */
    }
  }
  return [
    { name: 'Facebook', url: 'https://www.facebook.com/' },
    { name: 'X (Twitter)', url: 'https://x.com/' },
    { name: 'LinkedIn', url: 'https://www.linkedin.com/' },
  ];
})();
