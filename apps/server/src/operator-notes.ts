import type { Config } from './config.js';

/**
 * What the operator may still want to set up, said once in the log at start (issue 31). These were shown to members
 * on /contact and /ready, who can do nothing about them; the pages now say only what concerns the person reading,
 * and the README's "Configuration" says the same as these lines.
 */
export function operatorNotes(config: Pick<Config, 'contactEmail' | 'billing'>): string[] {
  const notes: string[] = [];
  if (!config.contactEmail) notes.push('Contact page: off. Set CONTACT_EMAIL to the address its messages should go to, and restart');
  if (!config.billing) {
    notes.push(
      'Premium: no payments. Set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET to sell it (README "Taking payments"), or give a member Premium with: npm run admin -- set-plan <email> PREMIUM',
    );
  }
  return notes;
}
