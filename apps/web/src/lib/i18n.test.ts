import { plural, t } from '@lingui/core/macro';
import { afterEach, describe, expect, it } from 'vitest';
import { activeLocale, adoptMemberLocale, chooseLocale, detectLocale, i18n, loadLocale, matchLocale, memberLocaleToAdopt } from './i18n';
import { preferences } from './storage';

afterEach(async () => {
  preferences.remove('locale');
  preferences.remove('member_locale');
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

describe("the member's language", () => {
  it('is adopted only by a browser without a language choice of its own', () => {
    expect(memberLocaleToAdopt(null, 'es')).toBe('es');
    expect(memberLocaleToAdopt('xx', 'es')).toBe('es'); // a stored value we do not have is no choice
    expect(memberLocaleToAdopt('de', 'es')).toBeNull(); // the browser's own choice wins
    expect(memberLocaleToAdopt('en', 'es')).toBeNull(); // even when it is English
    expect(memberLocaleToAdopt(null, 'xx')).toBeNull();
    expect(memberLocaleToAdopt(null, null)).toBeNull(); // a visitor has none
  });

  it("switches to it, and a reload starts in it, without becoming this browser's choice", async () => {
    await adoptMemberLocale('fr');
    expect(activeLocale()).toBe('fr');
    expect(document.documentElement.lang).toBe('fr');
    expect(preferences.get('locale')).toBeNull();
    expect(detectLocale()).toBe('fr');
  });

  it("leaves a browser's own choice, and the account, alone", async () => {
    await chooseLocale('de');
    await adoptMemberLocale('es');
    expect(activeLocale()).toBe('de');
    expect(preferences.get('locale')).toBe('de');
    expect(preferences.get('member_locale')).toBeNull();
    expect(detectLocale()).toBe('de');
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
