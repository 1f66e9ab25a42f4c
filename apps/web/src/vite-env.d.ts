/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Product name shown in the UI; "Sift" when unset. */
  readonly VITE_APP_NAME?: string;
  /** JSON array of {name, url} for the menu's social links. */
  readonly VITE_SOCIAL_LINKS?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
