import { cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
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

// Seen in a stress run of the browser tests: the form had the focus before the widget's module arrived, so the
// focus that starts the widget (auto="onfocus") had passed, and it never started.
describe('Captcha in a form', () => {
  /**
   * The widget as a custom element whose verify() the test watches (the real one is ALTCHA's, mocked away here). Like
   * ALTCHA's, it has no verify() until its component has mounted, a moment after it is attached, and says so by `load`.
   */
  let mounted: (() => Promise<{ payload: string }>) | undefined;
  function watchVerify() {
    if (!customElements.get('altcha-widget')) {
      customElements.define(
        'altcha-widget',
        class extends HTMLElement {
          connectedCallback() {
            queueMicrotask(() => {
              if (!mounted) return;
              (this as { verify?: unknown }).verify = mounted;
              this.dispatchEvent(new Event('load'));
            });
          }
        },
      );
    }
    const verify = vi.fn(async () => ({ payload: 'solved' }));
    mounted = verify;
    onTestFinished(() => void (mounted = undefined));
    return verify;
  }

  it('that already has the focus starts the check as soon as the widget arrives', async () => {
    const verify = watchVerify();
    render(
      <form aria-label="Sign up">
        <input aria-label="E-mail" autoFocus />
        <Captcha />
      </form>,
    );
    expect(document.activeElement?.getAttribute('aria-label')).toBe('E-mail');
    await waitFor(() => expect(verify).toHaveBeenCalledTimes(1));
    // Called before the widget had mounted, it threw, and the page said the check could not load.
    expect(document.body.textContent).not.toContain('could not load');
  });

  it('without the focus waits for it', async () => {
    const verify = watchVerify();
    render(
      <form aria-label="Sign up">
        <input aria-label="E-mail" />
        <Captcha />
      </form>,
    );
    await waitFor(() => expect(widget()).not.toBeNull());
    expect(verify).not.toHaveBeenCalled();
  });
});
