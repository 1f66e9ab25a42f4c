import * as contracts from '@sift/contracts';
import { describe, expect, it } from 'vitest';
import * as rules from './rules';

describe('account rules mirror the contracts', () => {
  it('has the same values', () => {
    expect(rules.EMAIL_PATTERN.source).toBe(contracts.EMAIL_PATTERN.source);
    expect(rules.EMAIL_PATTERN.flags).toBe(contracts.EMAIL_PATTERN.flags);
    expect(rules.PASSWORD_MIN_LENGTH).toBe(contracts.PASSWORD_MIN_LENGTH);
    expect(rules.PASSWORD_MAX_LENGTH).toBe(contracts.PASSWORD_MAX_LENGTH);
    expect(rules.AUTH_TOKEN_HEADER).toBe(contracts.AUTH_TOKEN_HEADER);
    expect(rules.REACTIVATED_HEADER).toBe(contracts.REACTIVATED_HEADER);
    expect(rules.ACCOUNT_CREATED_HEADER).toBe(contracts.ACCOUNT_CREATED_HEADER);
    expect(rules.PLACEHOLDER_CREATED_AT).toBe(contracts.PLACEHOLDER_CREATED_AT);
  });

  it.each([
    ['ann@example.com', true],
    [' ann@example.com ', true],
    ['ann@example', false],
    ['ann example@x.com', false],
    ['', false],
  ])('isEmail(%j) is %s', (value, ok) => {
    expect(rules.isEmail(value)).toBe(ok);
  });
});
