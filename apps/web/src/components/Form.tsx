import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState, type ReactNode, type Ref } from 'react';
import { genericErrorMessage, globalError, isApiError } from '../lib/api';

/**
 * Form building blocks: every input has a visible label, its hint and error are tied to it (aria-describedby),
 * an invalid field says so (aria-invalid), and a form-level alert is announced.
 */

interface FieldProps {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  type?: 'text' | 'email' | 'password';
  autoComplete?: string;
  error?: string | null | undefined;
  hint?: ReactNode;
  /** Required for assistive tech (aria-required). Forms say which fields are optional instead of starring the rest. */
  required?: boolean;
  readOnly?: boolean;
  autoFocus?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  maxLength?: number;
}

export function TextField({
  label,
  name,
  value,
  onChange,
  onBlur,
  type = 'text',
  autoComplete,
  error,
  hint,
  required,
  readOnly,
  autoFocus,
  inputRef,
  maxLength,
}: FieldProps) {
  const { t } = useLingui();
  const { id, describedBy, notes } = useFieldNotes(error, hint);
  const [revealed, setRevealed] = useState(false);
  const field = label.toLowerCase();
  const isPassword = type === 'password';
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <div className="field-control">
        <input
          ref={inputRef}
          id={id}
          name={name}
          type={isPassword && revealed ? 'text' : type}
          value={value}
          onChange={(e) => onChange(e.currentTarget.value)}
          onBlur={onBlur}
          autoComplete={autoComplete}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          aria-required={required || undefined}
          readOnly={readOnly}
          autoFocus={autoFocus}
          maxLength={maxLength}
          spellCheck={type === 'text' ? undefined : false}
          autoCapitalize={type === 'text' ? undefined : 'none'}
        />
        {isPassword && (
          <button
            type="button"
            className="field-reveal"
            aria-pressed={revealed}
            aria-label={
              revealed
                ? t({ message: `Hide ${field}`, comment: 'field: the lower-cased label of a password field' })
                : t({ message: `Show ${field}`, comment: 'field: the lower-cased label of a password field' })
            }
            onClick={() => setRevealed((r) => !r)}
          >
            {revealed ? <Trans context="password">Hide</Trans> : <Trans context="password">Show</Trans>}
          </button>
        )}
      </div>
      {notes}
    </div>
  );
}

export function TextArea({
  label,
  name,
  value,
  onChange,
  hint,
  maxLength,
  error,
  required,
  rows = 3,
}: Pick<FieldProps, 'label' | 'name' | 'value' | 'onChange' | 'hint' | 'maxLength' | 'error' | 'required'> & { rows?: number }) {
  const { id, describedBy, notes } = useFieldNotes(error, hint);
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <textarea
        id={id}
        name={name}
        value={value}
        rows={rows}
        maxLength={maxLength}
        aria-describedby={describedBy}
        aria-invalid={error ? true : undefined}
        aria-required={required || undefined}
        onChange={(e) => onChange(e.currentTarget.value)}
      />
      {notes}
    </div>
  );
}

/** A field's id, and its error and hint under it, tied to the control by `describedBy` (error first). */
function useFieldNotes(error: string | null | undefined, hint: ReactNode) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const notes = (
    <>
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
      {hint && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
    </>
  );
  return { id, describedBy: [errorId, hintId].filter(Boolean).join(' ') || undefined, notes };
}

/** A form-level message: an error (announced at once) or a notice. */
export function FormAlert({ kind = 'error', children }: { kind?: 'error' | 'info' | 'success'; children: ReactNode }) {
  return (
    <div className={`form-alert form-alert--${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}

export function SubmitButton({ busy, children, busyLabel }: { busy: boolean; children: ReactNode; busyLabel?: string }) {
  return (
    <button type="submit" className="btn btn-primary btn-block" disabled={busy} aria-busy={busy || undefined}>
      {busy && <span className="spinner spinner--sm" aria-hidden="true" />}
      {busy ? (busyLabel ?? children) : children}
    </button>
  );
}

export interface FormErrors {
  message: string | null;
  fields: Record<string, string>;
}
export const NO_ERRORS: FormErrors = { message: null, fields: {} };

/** "must be at least 8 characters" under Password reads "Password must be at least 8 characters". */
export function fieldMessage(label: string, message: string): string {
  const m = message.trim();
  if (!m) return i18n._(msg`${label} is not valid.`);
  return /^[a-z]/.test(m) ? `${label} ${m}` : m;
}

/**
 * A failed call as form errors: the response's message for the form, per-field messages next to their fields.
 * The same failure also set the global error banner (SPEC §8); the form shows it where the user is looking, so
 * the banner is cleared to avoid saying it twice.
 */
export function formErrorsFrom(err: unknown, labels: Record<string, string> = {}, fallback?: string): FormErrors {
  globalError.set(null);
  if (!isApiError(err)) return { message: fallback ?? genericErrorMessage(), fields: {} };
  const fields: Record<string, string> = {};
  for (const f of err.fields ?? []) {
    if (f && typeof f.field === 'string' && typeof f.message === 'string') {
      fields[f.field] = fieldMessage(labels[f.field] ?? f.field, f.message);
    }
  }
  const message =
    err.status === 0
      ? i18n._(msg`We could not reach the server. Check your connection and try again.`)
      : err.status === 429
        ? err.message || i18n._(msg`Too many attempts. Please wait a minute and try again.`)
        : err.message || fallback || genericErrorMessage();
  return { message, fields };
}

/** Moves focus to the first invalid field (after the render that marks it). */
export function focusFirstInvalid(form: HTMLFormElement | null) {
  requestAnimationFrame(() => form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}
