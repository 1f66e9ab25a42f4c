import { describe, expect, it } from 'vitest';
import type { Config } from './config.js';
import { operatorNotes } from './operator-notes.js';

const billing = {} as NonNullable<Config['billing']>;

// Issue 31: the operator's instructions were shown to members; they are said to the operator, in the start log.
describe('operatorNotes', () => {
  it('tells the operator how to turn on the contact page and Premium when they are off', () => {
    const notes = operatorNotes({ contactEmail: undefined, billing: undefined });
    expect(notes).toHaveLength(2);
    expect(notes[0]).toContain('CONTACT_EMAIL');
    expect(notes[1]).toContain('STRIPE_SECRET_KEY');
    expect(notes[1]).toContain('npm run admin -- set-plan <email> PREMIUM');
  });

  it('says nothing of what is set up', () => {
    expect(operatorNotes({ contactEmail: 'team@example.org', billing })).toEqual([]);
  });
});
