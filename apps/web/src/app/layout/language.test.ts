import { describe, expect, it } from 'vitest';
import { LOCALE_NAMES, LOCALES } from '../../lib/i18n';
import { BY_NAME } from './language';

describe('the language menu', () => {
  it('lists the languages in the order a collator gives their names', () => {
    const collated = [...LOCALES].sort((a, b) => LOCALE_NAMES[a].localeCompare(LOCALE_NAMES[b]));
    expect(BY_NAME).toEqual(collated);
    expect(BY_NAME.map((l) => LOCALE_NAMES[l])).toEqual(['Deutsch', 'English', 'Español', 'Français', 'Português (Brasil)']);
  });
});
