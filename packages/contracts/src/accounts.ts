import { z } from 'zod';

/**
 * Accounts and user data (SPEC §7 "Auth and account" and "User"), all under /api (DESIGN §3).
 * The session token travels in the `X-Auth-Token` response header of login calls and comes back as
 * `Authorization: Bearer <token>`; `X-Reactivated: true` marks a deactivated account that logged in again.
 */
export const AUTH_TOKEN_HEADER = 'x-auth-token';
export const REACTIVATED_HEADER = 'x-reactivated';
/** `X-Account-Created: true`: this sign-in made the account (a first Google sign-in): the client counts a sign-up. */
export const ACCOUNT_CREATED_HEADER = 'x-account-created';
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const PLACEHOLDER_CREATED_AT = '2022-01-01T12:00:00Z';

/** SPEC §5: e-mail format is checked by a pattern; the client and the server use this one. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const emailSchema = z.string().trim().max(254).regex(EMAIL_PATTERN, { message: 'must be an e-mail address' });
/** Length only; the server also refuses common passwords. */
export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, { message: `must be at least ${PASSWORD_MIN_LENGTH} characters` })
  .max(PASSWORD_MAX_LENGTH, { message: `must be at most ${PASSWORD_MAX_LENGTH} characters` });
export const personNameSchema = z.string().trim().min(1, { message: 'is required' }).max(100);

/**
 * The languages Sift speaks (issue 19): a member's language decides the language of their mails. Mirrored by the
 * web app's lib/i18n.ts, which must not load zod.
 */
export const LOCALES = ['en', 'de', 'es', 'fr', 'pt-BR'] as const;
export const localeSchema = z.enum(LOCALES);
export type Locale = z.infer<typeof localeSchema>;

export const planSchema = z.enum(['FREE', 'PREMIUM']);
export type Plan = z.infer<typeof planSchema>;

/** GET /api/users: the page/user data of SPEC §3. A visitor (no token) gets userIsLoggedIn false, not a 401. */
export const userDataSchema = z.object({
  userIsLoggedIn: z.boolean(),
  uuid: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  picture: z.string().nullable(),
  createdAt: z.string(),
  /** 'email', or the identity provider the account was made with ('GOOGLE'). */
  origin: z.string().nullable(),
  plan: planSchema,
  isPremium: z.boolean(),
  onboarded: z.boolean(),
  watchLater: z.object({ id: z.number().int() }).nullable(),
  /** The member's language (their mails are written in it; a browser without a language choice of its own adopts it). Null for a visitor. */
  locale: localeSchema.nullable(),
});
export type UserData = z.infer<typeof userDataSchema>;

export const loginFormSchema = z.object({
  username: z.string().trim().min(1).max(254),
  password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
  /** A solved ALTCHA payload, as for sign-up: needed after too many failed logins on the account (401 CAPTCHA_REQUIRED). */
  captcha: z.string().max(4096).optional(),
});
export const googleLoginFormSchema = z.object({ ggIdToken: z.string().min(1).max(8192) });

export const signupSchema = z.object({
  email: emailSchema,
  firstName: personNameSchema,
  lastName: personNameSchema,
  password: passwordSchema,
  /** The ALTCHA payload (base64 JSON) solved in the browser against GET /api/captcha/challenge. */
  captcha: z.string().min(1, { message: 'is required' }).max(4096),
  /** The browser's active language, for the mails; English when absent. */
  locale: localeSchema.optional(),
});
export const signupResponseSchema = z.object({ email: z.string() });

export const tokenBodySchema = z.object({ token: z.string().min(1).max(512) });
export const confirmResponseSchema = z.object({ email: z.string() });
export const resendConfirmationSchema = z.object({ email: emailSchema });
export const resetPasswordSchema = z.object({
  email: emailSchema,
  /** The client's /passwordReset page; the server only accepts a URL on its own origin and appends ?token=. */
  url: z.string().max(2048),
});
export const changePasswordSchema = z.object({ token: z.string().min(1).max(512), password: passwordSchema });

/**
 * PUT /api/users: the names (logonId, firstName, lastName, all three), the language (locale), or both. A body with
 * only `locale` is the language switch of a member; any other body must carry the three name fields.
 */
export const updateUserSchema = z
  .object({ logonId: emailSchema.optional(), firstName: personNameSchema.optional(), lastName: personNameSchema.optional(), locale: localeSchema.optional() })
  .superRefine((body, ctx) => {
    const languageOnly = body.locale !== undefined && body.logonId === undefined && body.firstName === undefined && body.lastName === undefined;
    if (languageOnly) return;
    for (const field of ['logonId', 'firstName', 'lastName'] as const) {
      if (body[field] === undefined) ctx.addIssue({ code: 'custom', path: [field], message: 'is required' });
    }
  });
export type UpdateUserInput = z.infer<typeof updateUserSchema>;
export const updatePasswordSchema = z.object({ logonId: emailSchema, currentPassword: z.string().min(1).max(PASSWORD_MAX_LENGTH), newPassword: passwordSchema });
export const reasonSchema = z.object({ reason: z.string().trim().max(1000).default('') });

/** GET /api/auth/config: what the sign-in screens may offer on this deployment. */
/** GET /api/auth/config: what this server offers the web app (Google sign-in; the subscription option of SPEC §5). */
export const authConfigSchema = z.object({ googleEnabled: z.boolean(), appName: z.string(), subscriptionsEnabled: z.boolean() });
export type AuthConfig = z.infer<typeof authConfigSchema>;

/** GET /api/oauth2/request/{provider}: where to send the browser; the state token comes in X-Auth-Token. */
export const oauthRequestResponseSchema = z.object({ location: z.string() });
export const oauthCodeQuerySchema = z.object({
  code: z.string().min(1).max(2048),
  state: z.string().min(1).max(512),
  /** The provider's `iss` from the callback URL (RFC 9207), when the client forwards it; optional. */
  iss: z.string().max(2048).optional(),
});
export const providerParamsSchema = z.object({ provider: z.string().min(1).max(32) });

export const googleVerifySchema = z.object({ idToken: z.string().min(1).max(8192) });
/** Whether the Google identity already has an account, and the names to pre-fill registration with. */
export const googleVerifyResponseSchema = z.object({ registered: z.boolean(), email: z.string(), firstName: z.string(), lastName: z.string() });
export type GoogleVerifyResponse = z.infer<typeof googleVerifyResponseSchema>;
export const googleRegistrationSchema = z.object({ email: emailSchema, firstName: personNameSchema, lastName: personNameSchema, idToken: z.string().min(1).max(8192) });
