import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { FieldErrorCode } from '@sift/contracts';
import { isApiError } from '../lib/api';
import { formErrorsFrom, type FormErrors } from './Form';

/**
 * The refusals of a field the app words itself, in the member's language, from the field's code (the field's
 * `message` is the server's English: issue 31 found it in a German form), each with the field's label.
 */
const FIELD_CODE_MESSAGES: Record<FieldErrorCode, (label: string) => string> = {
  PASSWORD_TOO_COMMON: (label) => i18n._(msg`${label} is too common; choose one that is harder to guess`),
};
const wordedByApp = (code: string | undefined): code is FieldErrorCode => code !== undefined && Object.hasOwn(FIELD_CODE_MESSAGES, code);

/**
 * formErrorsFrom for a form that shows each field's error beside its field (`labels` names those fields): a refusal
 * its fields say whole — a 400 naming only fields the form shows — is not said again above the form in other words
 * (issue 31: "The password is too common…" over "Password is too common…"). Anything else keeps its form message.
 * A field refused with a code the app knows is said in the app's words. A module of its own, out of the first route:
 * only lazily loaded forms use it.
 */
export function fieldErrorsFrom(err: unknown, labels: Record<string, string>, fallback?: string): FormErrors {
  const errors = formErrorsFrom(err, labels, fallback);
  if (!isApiError(err)) return errors;
  for (const f of err.fields ?? []) {
    if (wordedByApp(f.code)) errors.fields[f.field] = FIELD_CODE_MESSAGES[f.code](labels[f.field] ?? f.field);
  }
  const named = Object.keys(errors.fields);
  const saidByFields = err.status === 400 && named.length > 0 && named.every((field) => Object.hasOwn(labels, field));
  return saidByFields ? { ...errors, message: null } : errors;
}
