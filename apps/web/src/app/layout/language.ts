import { useLingui } from '@lingui/react';
import { useMutation } from '@tanstack/react-query';
import type { MenuEntry } from '../../components/Menu';
import { useSession } from '../../features/account';
import { api } from '../../lib/api';
import { chooseLocale, LOCALE_NAMES, LOCALES, type Locale } from '../../lib/i18n';

/**
 * The languages in the order of their own names (Deutsch, English, Español, Français, Português (Brasil)). Compared
 * by code unit, not `localeCompare`: a collator's first use costs a phone ~0.2 s while the app starts (issue 18), and
 * these names sort the same either way (language.test.ts keeps it so when a language is added).
 */
export const BY_NAME = [...LOCALES].sort((a, b) => (LOCALE_NAMES[a] < LOCALE_NAMES[b] ? -1 : 1));

/**
 * The language switch of the user menu (issue 19), for visitors and members: one radio item per language, named in
 * that language. Choosing one loads its catalogue and re-renders every text without a reload, and remembers it in
 * this browser; a member's choice is also saved on their account (PUT /api/users) so that mails come in it.
 */
export function useLanguageMenu(): MenuEntry[] {
  const { i18n } = useLingui();
  const session = useSession();
  const save = useMutation({ mutationFn: (locale: Locale) => api.put<unknown>('/api/users', { locale }, { quiet: true }) });
  return BY_NAME.map((locale) => ({
    kind: 'radio',
    label: LOCALE_NAMES[locale],
    lang: locale,
    checked: i18n.locale === locale,
    onSelect: () =>
      void chooseLocale(locale).then(
        () => session.isLoggedIn && save.mutate(locale),
        () => undefined, // the catalogue did not load (offline): the current language stays, nothing to save
      ),
  }));
}
