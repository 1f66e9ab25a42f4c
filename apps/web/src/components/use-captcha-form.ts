import { useRef, useState, type FormEvent } from 'react';
import type { CaptchaHandle } from './Captcha';
import { NO_ERRORS, focusFirstInvalid, formErrorsFrom, type FormErrors } from './Form';

export const CAPTCHA_MISSING_MESSAGE = 'Please tick the anti-spam check and wait for it to finish.';

/**
 * The submit of a form guarded by the captcha (sign-up, contact): local errors block it and focus the first invalid
 * field; then the captcha's payload is awaited and handed to `send`. A failed send shows the server's errors by
 * their fields (named by `labels`) and starts the captcha over, since a solution is good for one try.
 */
export function useCaptchaForm(labels: Record<string, string>) {
  const formRef = useRef<HTMLFormElement>(null);
  const captchaRef = useRef<CaptchaHandle>(null);
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [server, setServer] = useState<FormErrors>(NO_ERRORS);

  /** Answers the error of a failed send (null when it went through or never started). */
  async function submit(e: FormEvent, localErrors: Record<string, string | null>, send: (captcha: string) => Promise<void>): Promise<unknown> {
    e.preventDefault();
    setTouched(true);
    if (Object.values(localErrors).some(Boolean)) {
      focusFirstInvalid(formRef.current);
      return null;
    }
    setBusy(true);
    setServer(NO_ERRORS);
    const captcha = await captchaRef.current?.getPayload();
    if (!captcha) {
      setServer({ message: null, fields: { captcha: CAPTCHA_MISSING_MESSAGE } });
      setBusy(false);
      return null;
    }
    try {
      await send(captcha);
      return null;
    } catch (err) {
      captchaRef.current?.reset();
      const errors = formErrorsFrom(err, labels);
      setServer(errors);
      setBusy(false);
      if (Object.keys(errors.fields).length) focusFirstInvalid(formRef.current);
      return err;
    }
  }

  /** A field's error: the local one once the form was submitted, else the server's. */
  const errorOf = (localErrors: Record<string, string | null>, field: string) => (touched ? localErrors[field] : null) ?? server.fields[field] ?? null;

  return { formRef, captchaRef, busy, server, submit, errorOf };
}
