import js from '@eslint/js';
import lingui from 'eslint-plugin-lingui';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import sift from './tools/eslint/boundaries.js';

/**
 * The whole web app's texts go through Lingui (issue 19; conventions in docs/decisions/025-languages.md):
 * `lingui/no-unlocalized-strings` fails on a user-visible string outside the catalogue.
 */
const LOCALIZED = ['apps/web/src/**/*.{ts,tsx}'];

/**
 * What is not a text for people: strings without a space that start in lower case or a digit (keys, ids, classes,
 * event names, mime types, "2-digit"), URLs and paths, UPPER_CASE codes, CSS values, and SVG path data ("M3 10.5 12
 * 3l9 7.5", icons drawn inline). A one-word English label is capitalised ("Search"), so it is still caught.
 */
const NOT_TEXT = [
  '^[a-z0-9@.#:_-][^\\s]*$',
  '^(?:/|\\.|https?:|mailto:|data:|blob:)',
  '^[A-Z0-9_]+$',
  '^(?:[a-z-]+\\()|^\\d',
  '^\\((?:min|max|prefers|hover|pointer)-',
  '^Bearer\\b',
  // No space and a URL's or a cookie's punctuation: query strings, cookie attributes ("path=/", "SameSite=Lax").
  '^[^\\s]*[=/?&][^\\s]*$',
  '^(?:Secure|HttpOnly)$',
  // SVG path data ("M3 10.5 12 3l9 7.5", "M8 5.5v13…"): icons drawn inline.
  '^[Mm]\\s?-?\\d[\\d\\s.,MmLlHhVvCcSsQqTtAaZz-]*$',
];
/** Attributes, properties and variables whose strings are never shown (aria-label, title, alt, placeholder are). */
const NOT_TEXT_NAMES = [
  'className', 'class', 'id', 'htmlFor', 'key', 'type', 'role', 'rel', 'target', 'href', 'to', 'src', 'srcSet', 'sizes',
  'name', 'method', 'mode', 'variant', 'size', 'tone', 'kind', 'icon', 'autoComplete', 'inputMode', 'enterKeyHint',
  'lang', 'dir', 'path', 'pattern', 'accept', 'form', 'loading', 'decoding', 'referrerPolicy', 'allow', 'sandbox',
  'APP_NAME', 'as', 'element', 'keys', 'queryKey', 'mutationKey', 'credentials', 'cache', 'event', 'code', 'status', 'testId',
  { regex: { pattern: '^data-' } },
  { regex: { pattern: '^aria-(?!label$|description$|valuetext$|roledescription$|placeholder$)' } },
  { regex: { pattern: '^(?:on[A-Z]|style|.*Class(?:Name)?$|.*Id$|.*Key$|.*Url$|.*Path$|.*Selector$)' } },
];
/** Calls whose string arguments are not texts: logging, DOM and storage plumbing, routing, analytics, errors for developers. */
const NOT_TEXT_CALLS = [
  'console.*', '*.log', 'Error', 'TypeError', 'RangeError', 'URL', 'URLSearchParams', 'RegExp', 'Intl.*', 'JSON.*', 'fetch',
  'document.*', 'window.*', '*.addEventListener', '*.removeEventListener', '*.dispatchEvent', 'CustomEvent', 'Event',
  '*.querySelector', '*.querySelectorAll', '*.closest', '*.matches', '*.getAttribute', '*.setAttribute', '*.removeAttribute',
  '*.hasAttribute', '*.classList.*', '*.style.*', 'matchMedia', '*.matchMedia',
  'preferences.*', '*.get', '*.set', '*.has', '*.delete', '*.append', '*.getAll',
  'api.*', '*.startsWith', '*.endsWith', '*.includes', '*.indexOf', '*.split', '*.replace', '*.replaceAll', '*.join', '*.padStart',
  '*Error', 'lazyNamed', 'navigate', 'useNavigate', 'useSearchParams', 'track', 'analytics.*', 'import', 'require', 'structuredClone', 'postMessage', '*.postMessage',
];

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'test-results/**', 'playwright-report/**', 'apps/server/drizzle/**', 'apps/server/media/**', 'bench/.work/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { sift },
    rules: {
      'sift/boundaries': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: LOCALIZED,
    ignores: ['**/*.test.{ts,tsx}', 'apps/web/src/test/**', '**/test-support.{ts,tsx}', '**/__fixtures__/**'],
    plugins: { lingui },
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      // useTsTypes: a string that only fills a union of literal types ('list' | 'grid') is a value, not a text.
      'lingui/no-unlocalized-strings': ['error', { ignore: NOT_TEXT, ignoreNames: NOT_TEXT_NAMES, ignoreFunctions: NOT_TEXT_CALLS, useTsTypes: true }],
      'lingui/t-call-in-function': 'error',
      'lingui/no-single-variables-to-translate': 'error',
      'lingui/no-trans-inside-trans': 'error',
      'lingui/no-expression-in-message': 'error',
    },
  },
  {
    // The contracts' index brings zod (~25 KiB gzip) into the bundle every route loads: the web app takes types
    // from it, and values only from its zod-free subpaths (packages/contracts/package.json "exports"). Tests are
    // not bundled.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { paths: [{ name: '@sift/contracts', message: 'Import types only (import type); values from a zod-free subpath such as @sift/contracts/export-paths.', allowTypeImports: true }] },
      ],
    },
  },
);
