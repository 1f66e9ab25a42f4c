/**
 * The app's language (issue 19, docs/decisions/025-languages.md): which locale is active, loading its catalogue,
 * and the switch. Texts are written in English in the code through Lingui's macros (conventions in the decision
 * record); English therefore needs no catalogue, and
 * every other language's compiled catalogue is a lazy chunk of its own, loaded before the first render when it is
 * the one in use so that nothing flashes in English first.
 */
import { i18n, type Messages } from '@lingui/core';
import { preferences } from './storage';

/** Mirrors `locales` in lingui.config.ts (which the browser does not load). */
export const LOCALES = ['en', 'de', 'es', 'fr', 'pt-BR'] as const;
export type Locale = (typeof LOCALES)[number];
export const SOURCE_LOCALE: Locale = 'en';

/** Each language named in itself, as language switches do, sorted by that name. Not translated on purpose. */
/* eslint-disable lingui/no-unlocalized-strings -- a language's own name reads the same in every language */
export const LOCALE_NAMES: Readonly<Record<Locale, string>> = {
  de: 'Deutsch',
  en: 'English',
  es: 'Español',
  fr: 'Français',
  'pt-BR': 'Português (Brasil)',
};
/* eslint-enable lingui/no-unlocalized-strings */

export const isLocale = (v: unknown): v is Locale => typeof v === 'string' && (LOCALES as readonly string[]).includes(v);

/** One chunk per language; the vite plugin compiles the PO file on import. English is the source: no catalogue. */
const CATALOGUES: Record<Exclude<Locale, 'en'>, () => Promise<{ messages: Messages }>> = {
  de: () => import('../locales/de/messages.po'),
  es: () => import('../locales/es/messages.po'),
  fr: () => import('../locales/fr/messages.po'),
  'pt-BR': () => import('../locales/pt-BR/messages.po'),
};

/**
 * The best of our locales for a list of BCP 47 tags in order of preference (navigator.languages): an exact match,
 * else the same language in another region ("de-AT" → de, "pt-PT" or "pt" → pt-BR, "en-GB" → en); null if none.
 */
export function matchLocale(tags: readonly string[]): Locale | null {
  for (const tag of tags) {
    const lower = tag.toLowerCase();
    const exact = LOCALES.find((l) => l.toLowerCase() === lower);
    if (exact) return exact;
    const language = lower.split('-')[0];
    const sameLanguage = LOCALES.find((l) => l.toLowerCase().split('-')[0] === language);
    if (sameLanguage) return sameLanguage;
  }
  return null;
}

/**
 * The language to use: the one saved from the switch in this browser, else the logged-in member's (from their
 * account, see `adoptMemberLocale`), else the browser's first that we have, else English.
 */
export function detectLocale(): Locale {
  const saved = preferences.get('locale');
  if (isLocale(saved)) return saved;
  const member = preferences.get('member_locale');
  if (isLocale(member)) return member;
  const browser = typeof navigator === 'undefined' ? [] : navigator.languages?.length ? navigator.languages : [navigator.language];
  return matchLocale(browser.filter(Boolean)) ?? SOURCE_LOCALE;
}

/** The active locale (what format.ts and the switch read); English until a catalogue is activated. */
export function activeLocale(): Locale {
  return isLocale(i18n.locale) ? i18n.locale : SOURCE_LOCALE;
}

/**
 * Loads `locale`'s catalogue (nothing for English) and activates it; the I18nProvider re-renders every text.
 * Also sets <html lang> so that screen readers, hyphenation and spell checkers use the right language.
 * A catalogue that fails to load (offline, a stale deploy) leaves the current language active and rejects.
 */
export async function loadLocale(locale: Locale): Promise<void> {
  const messages = locale === 'en' ? {} : (await CATALOGUES[locale]()).messages;
  i18n.loadAndActivate({ locale, messages });
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}

/** The language switch: remembers the choice in this browser and shows it without a reload. */
export async function chooseLocale(locale: Locale): Promise<void> {
  await loadLocale(locale);
  preferences.set('locale', locale);
}

/**
 * The rule for a member's language (issue 19): the member's saved language to follow, or null. A browser whose
 * switch was used keeps its own choice, even when the account says otherwise (the account is not changed either:
 * the switch already saves a member's choice on it); a browser without one follows the account.
 */
export function memberLocaleToAdopt(browserChoice: unknown, memberLocale: unknown): Locale | null {
  return !isLocale(browserChoice) && isLocale(memberLocale) ? memberLocale : null;
}

/**
 * When a member's user data loads: switches to the member's language if this browser has no choice of its own,
 * and remembers it (`member_locale`, not the switch's `locale`) so that the next load starts in it while the
 * account stays the source. A catalogue that fails to load leaves the current language.
 */
export async function adoptMemberLocale(memberLocale: unknown): Promise<void> {
  const locale = memberLocaleToAdopt(preferences.get('locale'), memberLocale);
  if (!locale) return;
  preferences.set('member_locale', locale);
  if (locale !== activeLocale()) await loadLocale(locale).catch(() => undefined);
}

/**
 * Before the first render (main.tsx): activates the detected language. English is activated at once; another
 * language waits for its catalogue (one small request) so that the first paint is already in that language, and
 * falls back to English if it cannot be loaded.
 */
export async function initI18n(): Promise<void> {
  const locale = detectLocale();
  if (locale === SOURCE_LOCALE) return loadLocale(SOURCE_LOCALE);
  await loadLocale(locale).catch(() => loadLocale(SOURCE_LOCALE));
}

export { i18n };
