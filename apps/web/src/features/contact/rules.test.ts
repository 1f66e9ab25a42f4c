import { CONTACT_MESSAGE_MAX as SERVER_MESSAGE_MAX, CONTACT_NAME_MAX as SERVER_NAME_MAX } from '@sift/contracts';
import { describe, expect, it } from 'vitest';
import { CONTACT_MESSAGE_MAX, CONTACT_NAME_MAX } from './rules';

describe('contact rules', () => {
  it('match the server contract', () => {
    expect(CONTACT_NAME_MAX).toBe(SERVER_NAME_MAX);
    expect(CONTACT_MESSAGE_MAX).toBe(SERVER_MESSAGE_MAX);
  });
});
