import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useRef, useState, type FormEvent } from 'react';
import type { CaptchaHandle } from './Captcha';
import { NO_ERRORS, focusFirstInvalid, type FormErrors } from './Form';
import { fieldErrorsFrom } from './field-errors';

/** A message descriptor: render with `i18n._`. */
export const CAPTCHA_MISSING_MESSAGE = msg`Please tick the anti-spam check and wait for it to finish.`;

/**
 * The submit of a form guarded by the captcha (sign-up, contact): local errors block it and focus the first invalid
 * field; then the captcha's payload is awaited and handed to `send`. A failed send shows the server's errors by
 * their fields (named by `labels`) and starts the captcha over, since a solution is good for one try.
 */
export function useCaptchaForm(labels: Record<string, string>) {
  const { i18n } = useLingui();
  const formRef = useRef<HTMLFormElement>(null);
  const captchaRef = useRef<CaptchaHandle>(null);
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  // The server's errors and the failure they came from (a page may tell one answer apart: sign-up's 409).
  const [server, setServer] = useState<FormErrors & { failure?: unknown }>(NO_ERRORS);

  async function submit(e: FormEvent, localErrors: Record<string, string | null>, send: (captcha: string) => Promise<void>) {
    e.preventDefault();
    setTouched(true);
    if (Object.values(localErrors).some(Boolean)) {
      focusFirstInvalid(formRef.current);
      return;
    }
    setBusy(true);
    setServer(NO_ERRORS);
    const captcha = await captchaRef.current?.getPayload();
    if (!captcha) {
      setServer({ message: null, fields: { captcha: i18n._(CAPTCHA_MISSING_MESSAGE) } });
      setBusy(false);
      return;
    }
    try {
      await send(captcha);
    } catch (err) {
      captchaRef.current?.reset();
      const errors = fieldErrorsFrom(err, labels);
      setServer({ ...errors, failure: err });
      setBusy(false);
      if (Object.keys(errors.fields).length) focusFirstInvalid(formRef.current);
    }
  }

  /** The fields' errors: each the local one once the form was submitted, else the server's. */
  const errorsOf =
    <K extends string>(localErrors: Record<K, string | null>) =>
    (field: K) =>
      (touched ? localErrors[field] : null) ?? server.fields[field] ?? null;

  return { formRef, captchaRef, busy, server, submit, errorsOf };
}
