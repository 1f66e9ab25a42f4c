import { Trans, useLingui } from '@lingui/react/macro';
import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { useLatest } from '../lib/hooks';

export const CAPTCHA_CHALLENGE_URL = '/api/captcha/challenge';

/** The parts of the ALTCHA v3 element we use (altcha/dist/types/generic.d.ts). */
interface AltchaElement extends HTMLElement {
  verify: () => Promise<{ payload: string } | null>;
  reset: () => void;
  getState: () => string;
}

/** ALTCHA's registry of texts per language (README "Customizing Translations": `$altcha.i18n`). */
interface AltchaTexts {
  get(language: string): Record<string, string> | undefined;
  set(language: string, texts: Record<string, string>): void;
}

const escapeAttribute = (s: string) => s.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Gives the widget its texts in the page's language (issue 31: in German it stayed English): registered under the
 * language's code, which the widget is then told. Texts it shows only for code challenges, which this server does not
 * issue, keep ALTCHA's English.
 */
function localise(widget: HTMLElement, locale: string, texts: Record<string, string>) {
  const registry = (globalThis as { $altcha?: { i18n?: AltchaTexts } }).$altcha?.i18n;
  if (!registry) return;
  const code = locale.toLowerCase();
  registry.set(code, { ...registry.get('en'), ...texts });
  widget.setAttribute('language', code);
}

export interface CaptchaHandle {
  /** The solved payload; starts (and awaits) the proof of work when it has not run yet. Null if it failed. */
  getPayload(): Promise<string | null>;
  /** A payload is good for one sign-up: after a failed submit the widget starts over. */
  reset(): void;
}

/**
 * The self-hosted ALTCHA proof-of-work check (altcha v3 web component). The widget's ~35 KiB load only with the
 * sign-up page that uses it: it is imported on mount, never from the first route. It solves on focus of the
 * form (auto="onfocus"; at once if the form had the focus before it loaded) or when the box is ticked; submitting
 * before that runs it first.
 */
export const Captcha = forwardRef<CaptchaHandle, { error?: string | null; onStateChange?: (state: string) => void }>(
  function Captcha({ error, onStateChange }, ref) {
    const hostRef = useRef<HTMLDivElement>(null);
    const widgetRef = useRef<AltchaElement | null>(null);
    /** Resolves once the widget has mounted (its `load` event): until then it has no `verify` to call. */
    const readyRef = useRef<Promise<void> | null>(null);
    const payloadRef = useRef<string | null>(null);
    const [failed, setFailed] = useState(false);
    const onStateRef = useLatest(onStateChange);
    const { t, i18n } = useLingui();
    const ariaLinkLabel = t`ALTCHA (official website)`;
    // eslint-disable-next-line lingui/no-unlocalized-strings -- the brand's link, as ALTCHA writes it; its label is translated
    const link = `<a href="https://altcha.org/" tabindex="-1" target="_blank" aria-label="${escapeAttribute(ariaLinkLabel)}">ALTCHA</a>`;
    const texts: Record<string, string> = {
      label: t({ message: "I'm not a robot", comment: 'The anti-spam check: the label of its tick box' }),
      verifying: t`Verifying…`,
      verified: t({ message: 'Verified', comment: 'The anti-spam check: done' }),
      verificationRequired: t`Tick the anti-spam check first.`,
      waitAlert: t`Checking, please wait.`,
      error: t`The check failed. Try again later.`,
      expired: t`The check has expired. Try again.`,
      loading: t`Loading…`,
      reload: t`Reload`,
      verify: t({ message: 'Verify', context: 'anti-spam check' }),
      cancel: t`Cancel`,
      ariaLinkLabel,
      footer: t({ message: `Protected by ${link}`, comment: '{link} is the name ALTCHA, a link to its site' }),
    };
    const textsRef = useLatest(texts);
    const locale = i18n.locale;
    const localeRef = useLatest(locale);

    useEffect(() => {
      let cancelled = false;
      let widget: AltchaElement | null = null;
      const onState = (ev: Event) => {
        const detail = (ev as CustomEvent<{ state: string; payload?: string }>).detail;
        payloadRef.current = detail.state === 'verified' && detail.payload ? detail.payload : null;
        onStateRef.current?.(detail.state);
      };
      import('altcha')
        .then(() => {
          if (cancelled || !hostRef.current) return;
          widget = document.createElement('altcha-widget') as unknown as AltchaElement;
          localise(widget, localeRef.current, textsRef.current);
          widget.setAttribute('challenge', CAPTCHA_CHALLENGE_URL);
          widget.setAttribute('auto', 'onfocus');
          widget.setAttribute('name', 'captcha');
          widget.addEventListener('statechange', onState);
          const mounted = widget;
          // The element mounts its component a moment after it is attached: `verify` exists from its `load` on (a
          // quick typist called it before, and the page said the check could not load beside a "Verified" box).
          readyRef.current = new Promise((resolve) => mounted.addEventListener('load', () => resolve(), { once: true }));
          hostRef.current.append(widget);
          widgetRef.current = widget;
          // The form had the focus before the widget was ready (a quick typist, autofill, a slow connection): the
          // focus that starts it has passed, so it starts now, as it would have.
          void readyRef.current.then(() => {
            if (!cancelled && hostRef.current?.closest('form')?.contains(document.activeElement)) void mounted.verify().catch(() => undefined);
          });
        })
        .catch((err: unknown) => {
          console.warn('The captcha widget did not load.', err);
          if (!cancelled) setFailed(true);
        });
      return () => {
        cancelled = true;
        widget?.removeEventListener('statechange', onState);
        widget?.remove();
        widgetRef.current = null;
      };
      // Made once: a change of language reaches it through the effect below.
    }, [onStateRef, localeRef, textsRef]);

    // The language switched while the widget is shown: its texts follow.
    useEffect(() => {
      if (widgetRef.current) localise(widgetRef.current, locale, textsRef.current);
    }, [locale, textsRef]);

    useImperativeHandle(ref, () => ({
      async getPayload() {
        if (payloadRef.current) return payloadRef.current;
        const widget = widgetRef.current;
        if (!widget) return null;
        try {
          await readyRef.current;
          const result = await widget.verify();
          payloadRef.current = result?.payload ?? payloadRef.current;
        } catch (err) {
          console.warn('Captcha verification failed.', err);
        }
        return payloadRef.current;
      },
      reset() {
        payloadRef.current = null;
        widgetRef.current?.reset();
      },
    }));

    return (
      <div className={`captcha${error ? ' captcha--invalid' : ''}`}>
        <div ref={hostRef} className="captcha-host" />
        {failed && (
          <p className="field-error">
            <Trans>The anti-spam check could not load. Reload the page to try again.</Trans>
          </p>
        )}
        {error && (
          <p className="field-error" role="alert">
            {error}
          </p>
        )}
      </div>
    );
  },
);
