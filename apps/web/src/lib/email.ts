/**
 * SPEC §5: e-mail format is checked by a pattern: `EMAIL_PATTERN` of `@sift/contracts`, mirrored as a value (a value
 * import would pull zod into the bundle); features/account/rules.test.ts fails when it drifts.
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const isEmail = (value: string) => EMAIL_PATTERN.test(value.trim());
