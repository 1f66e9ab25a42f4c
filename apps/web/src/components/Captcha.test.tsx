import { cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadLocale } from '../lib/i18n';
import { Captcha } from './Captcha';

/** ALTCHA's registry of texts per language, as its module sets it up (`globalThis.$altcha.i18n`). */
const registry = vi.hoisted(() => {
  const texts = new Map<string, Record<string, string>>([['en', { label: "I'm not a robot", enterCode: 'Enter code' }]]);
  return { texts, i18n: { get: (l: string) => texts.get(l), set: (l: string, t: Record<string, string>) => void texts.set(l, t) } };
});
vi.mock('altcha', () => {
  (globalThis as { $altcha?: unknown }).$altcha = { i18n: registry.i18n };
  return {};
});

afterEach(async () => {
  cleanup();
  await loadLocale('en');
});

const widget = () => document.querySelector('altcha-widget');

// Issue 31: in German the widget stayed English.
describe('Captcha', () => {
  it('gives the widget its texts in the page’s language', async () => {
    await loadLocale('de');
    render(<Captcha />);
    await waitFor(() => expect(widget()?.getAttribute('language')).toBe('de'));
    const german = registry.texts.get('de')!;
    expect(german.label).toBe('Ich bin kein Roboter');
    expect(german.footer).toMatch(/^Geschützt durch <a href="https:\/\/altcha\.org\/"/);
    // What it shows only for code challenges (never issued here) stays ALTCHA's own.
    expect(german.enterCode).toBe('Enter code');
  });

  it('follows a change of language while it is shown', async () => {
    render(<Captcha />);
    await waitFor(() => expect(widget()?.getAttribute('language')).toBe('en'));
    await loadLocale('fr');
    await waitFor(() => expect(widget()?.getAttribute('language')).toBe('fr'));
    expect(registry.texts.get('fr')!.label).toBe('Je ne suis pas un robot');
  });
});
