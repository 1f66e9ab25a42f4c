import { LOCALES, type Locale } from '@sift/contracts';

/**
 * The server's side of issue 19: mails are written in the member's language. The few server texts (mails) live in
 * per-module tables, one entry per locale, typed by an interface (`Translations<T>`): a language missing from a
 * table, or a text missing from a language, fails the typecheck. No i18n library on the server: a handful of mails
 * does not need message extraction or catalogues (docs/decisions/025-languages.md).
 */
export type { Locale };
export type Translations<T> = Readonly<Record<Locale, T>>;

/** A stored or sent language as one of ours; anything else (an old row, a bad value) reads as English. */
export function asLocale(value: unknown): Locale {
  return (LOCALES as readonly unknown[]).includes(value) ? (value as Locale) : 'en';
}

/** A word's singular and plural, as texts write them; `Intl.PluralRules` picks one for a count in a language. */
export interface PluralForms {
  one: string;
  other: string;
}

const pluralRules = new Map<Locale, Intl.PluralRules>();

/**
 * The form of a word for `n` in `locale`, by the language's own plural rule (CLDR through `Intl.PluralRules`): French
 * and Brazilian Portuguese say "0 vidéo" in the singular, English and German "0 videos". Categories our five languages
 * use beyond one/other (Spanish, French and Portuguese "many", for millions) take the plural.
 */
export function plural(locale: Locale, n: number, forms: PluralForms): string {
  let rules = pluralRules.get(locale);
  if (!rules) pluralRules.set(locale, (rules = new Intl.PluralRules(locale)));
  return rules.select(n) === 'one' ? forms.one : forms.other;
}
