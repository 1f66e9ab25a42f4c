import { isApiError } from '../lib/api';
import { formErrorsFrom, type FormErrors } from './Form';

/**
 * formErrorsFrom for a form that shows each field's error beside its field (`labels` names those fields): a refusal
 * its fields say whole — a 400 naming only fields the form shows — is not said again above the form in other words
 * (issue 31: "The password is too common…" over "Password is too common…"). Anything else keeps its form message.
 * A module of its own, out of the first route: only lazily loaded forms use it.
 */
export function fieldErrorsFrom(err: unknown, labels: Record<string, string>, fallback?: string): FormErrors {
  const errors = formErrorsFrom(err, labels, fallback);
  const named = Object.keys(errors.fields);
  const saidByFields = isApiError(err) && err.status === 400 && named.length > 0 && named.every((field) => Object.hasOwn(labels, field));
  return saidByFields ? { ...errors, message: null } : errors;
}
