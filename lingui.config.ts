import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

/**
 * Languages of the web app (issue 19, docs/decisions/025-languages.md). English is the source language: its texts
 * are the spec's wording, written in the code through Lingui's macros, so the English catalogue is never loaded in
 * the browser. The others are PO catalogues that translators fill; `npm run i18n:extract` refreshes them.
 * The locale list is mirrored in apps/web/src/lib/i18n.ts (the browser must not load this file).
 */
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'de', 'es', 'fr', 'pt-BR'],
  fallbackLocales: { default: 'en' },
  catalogs: [
    {
      path: '<rootDir>/apps/web/src/locales/{locale}/messages',
      include: ['<rootDir>/apps/web/src'],
      exclude: ['**/*.test.*', '**/node_modules/**'],
    },
  ],
  // Origins without line numbers: a moved line does not rewrite every catalogue.
  format: formatter({ lineNumbers: false }),
  orderBy: 'messageId',
});
