/**
 * The one rule for text that may enter the database (decisions/035): well-formed Unicode without U+0000.
 * PostgreSQL's text and jsonb cannot hold U+0000, and jsonb refuses a lone surrogate's `\ud800` escape
 * (`unsupported Unicode escape sequence`); a text column would store it as U+FFFD behind the writer's back.
 * Requests are held to it by `infra/http/text-guard.ts` (a 400 naming the field); file contents, which a member
 * cannot fix field by field, are made to fit it by `storableText`.
 */

/** What keeps `value` out of the database, or null when it may be stored. */
export function textProblem(value: string): 'NUL' | 'LONE_SURROGATE' | null {
  if (value.includes('\u0000')) return 'NUL';
  return value.isWellFormed() ? null : 'LONE_SURROGATE';
}

/** `value` made storable: each lone surrogate becomes U+FFFD (as a UTF-8 decoder would show it), NULs are dropped. */
export function storableText(value: string): string {
  const wellFormed = value.isWellFormed() ? value : value.toWellFormed();
  return wellFormed.includes('\u0000') ? wellFormed.replaceAll('\u0000', '') : wellFormed;
}
