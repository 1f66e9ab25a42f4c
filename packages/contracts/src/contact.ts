import { z } from 'zod';
import { emailSchema } from './accounts.js';

/** Limits of the contact form (`/contact`): the page shows them, the server enforces them. */
export const CONTACT_NAME_MAX = 100;
export const CONTACT_MESSAGE_MAX = 5000;

/** Line breaks and other control characters, which must never reach a mail header (Reply-To carries the name). */
const CONTROL_CHARACTERS = /\p{Cc}/u;

/** POST /api/contact: a message to the operator of this instance (CONTACT_EMAIL), after a solved captcha. */
export const contactMessageSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, { message: 'is required' })
    .max(CONTACT_NAME_MAX, { message: `must be at most ${CONTACT_NAME_MAX} characters` })
    .refine((name) => !CONTROL_CHARACTERS.test(name), { message: 'must be on one line' }),
  email: emailSchema,
  message: z
    .string()
    .trim()
    .min(1, { message: 'is required' })
    .max(CONTACT_MESSAGE_MAX, { message: `must be at most ${CONTACT_MESSAGE_MAX} characters` }),
  /** The ALTCHA payload, as for sign-up. */
  captcha: z.string().min(1, { message: 'is required' }).max(4096),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;

/** GET /api/contact: whether this instance takes messages (CONTACT_EMAIL is set). */
export const contactStatusSchema = z.object({ enabled: z.boolean() });
export type ContactStatus = z.infer<typeof contactStatusSchema>;

export const contactSentSchema = z.object({ sent: z.literal(true) });
