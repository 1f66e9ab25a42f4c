/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Product name shown in the UI; "Sift" when unset. */
  readonly VITE_APP_NAME?: string;
  /** JSON array of {name, url} for the menu's social links. */
  readonly VITE_SOCIAL_LINKS?: string;
  /** Where the YouTube IFrame Player API loads from; https://www.youtube.com/iframe_api when unset. */
  readonly VITE_YOUTUBE_IFRAME_API_URL?: string;
  /** The video shown when none is chosen (/watch alone); the newest video of the most-followed channel when unset. */
  readonly VITE_INTRO_VIDEO_ID?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

/** A compiled Lingui catalogue: @lingui/vite-plugin compiles `.po` files when they are imported (lib/i18n). */
declare module '*.po' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
