/**
 * Account constants of `@sift/contracts` (accounts.ts), mirrored as values. The web app imports only types from
 * the contracts: a value import drags zod's schemas into the bundle (~24 KiB gzip). rules.test.ts fails when a
 * mirror drifts from the contract.
 */
export { EMAIL_PATTERN, isEmail } from '../../lib/email';
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const AUTH_TOKEN_HEADER = 'x-auth-token';
export const REACTIVATED_HEADER = 'x-reactivated';
export const ACCOUNT_CREATED_HEADER = 'x-account-created';
export const PLACEHOLDER_CREATED_AT = '2022-01-01T12:00:00Z';
