import { plural, t } from '@lingui/core/macro';
import { afterEach, describe, expect, it } from 'vitest';
import { activeLocale, chooseLocale, detectLocale, i18n, loadLocale, matchLocale } from './i18n';
import { preferences } from './storage';

afterEach(async () => {
  preferences.remove('locale');
  await loadLocale('en');
});

describe('matchLocale', () => {
  it('takes the first tag we have, exactly or by language', () => {
    expect(matchLocale(['de-AT', 'en'])).toBe('de');
    expect(matchLocale(['ja', 'pt'])).toBe('pt-BR');
    expect(matchLocale(['pt-br'])).toBe('pt-BR');
    expect(matchLocale(['en-GB', 'fr'])).toBe('en');
    expect(matchLocale(['ja', 'zh'])).toBeNull();
  });
});

describe('the active language', () => {
  it('is the saved choice over the browser', () => {
    preferences.set('locale', 'fr');
    expect(detectLocale()).toBe('fr');
    preferences.set('locale', 'xx');
    expect(detectLocale()).toBe(matchLocale(navigator.languages) ?? 'en');
  });

  it('switches with its catalogue loaded, sets <html lang>, and is remembered', async () => {
    await chooseLocale('de');
    expect(activeLocale()).toBe('de');
    expect(i18n.locale).toBe('de');
    expect(document.documentElement.lang).toBe('de');
    expect(preferences.get('locale')).toBe('de');
    await chooseLocale('en');
    expect(document.documentElement.lang).toBe('en');
  });

  it('renders English from the source messages, compiled at build time, without a catalogue', async () => {
    await loadLocale('en');
    i18n.setMessagesCompiler(undefined as never); // as in production: no compiler in the browser
    const name = 'Ada';
    const n = 2;
    expect(t`Follow ${name}`).toBe('Follow Ada');
    expect(t`${plural(n, { one: '# video', other: '# videos' })} found`).toBe('2 videos found');
  });
});
