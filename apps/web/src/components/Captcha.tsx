import { Trans } from '@lingui/react/macro';
import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { useLatest } from '../lib/hooks';

export const CAPTCHA_CHALLENGE_URL = '/api/captcha/challenge';

/** The parts of the ALTCHA v3 element we use (altcha/dist/types/generic.d.ts). */
interface AltchaElement extends HTMLElement {
  verify: () => Promise<{ payload: string } | null>;
  reset: () => void;
  getState: () => string;
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
 * form (auto="onfocus") or when the box is ticked; submitting before that runs it first.
 */
export const Captcha = forwardRef<CaptchaHandle, { error?: string | null; onStateChange?: (state: string) => void }>(
  function Captcha({ error, onStateChange }, ref) {
    const hostRef = useRef<HTMLDivElement>(null);
    const widgetRef = useRef<AltchaElement | null>(null);
    const payloadRef = useRef<string | null>(null);
    const [failed, setFailed] = useState(false);
    const onStateRef = useLatest(onStateChange);

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
          widget.setAttribute('challenge', CAPTCHA_CHALLENGE_URL);
          widget.setAttribute('auto', 'onfocus');
          widget.setAttribute('name', 'captcha');
          widget.addEventListener('statechange', onState);
          hostRef.current.append(widget);
          widgetRef.current = widget;
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
    }, [onStateRef]);

    useImperativeHandle(ref, () => ({
      async getPayload() {
        if (payloadRef.current) return payloadRef.current;
        const widget = widgetRef.current;
        if (!widget) return null;
        try {
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
