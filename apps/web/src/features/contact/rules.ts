/**
 * The contact form's limits, mirrored as values from `@sift/contracts` (a value import would pull zod into the
 * page's chunk); rules.test.ts fails when they drift.
 */
export const CONTACT_NAME_MAX = 100;
export const CONTACT_MESSAGE_MAX = 5000;
