import { describe, expect, it } from 'vitest';
import { isWatchedAt } from './watched-rule.js';

describe('isWatchedAt', () => {
  it('marks a long video past 95 %, before its last 30 s', () => {
    expect(isWatchedAt(3419, 3600)).toBe(false);
    expect(isWatchedAt(3420, 3600)).toBe(true);
  });

  it('marks a ten-minute video within its last 30 s', () => {
    expect(isWatchedAt(569, 600)).toBe(false);
    expect(isWatchedAt(570, 600)).toBe(true);
  });

  it('does not mark a short video before its middle', () => {
    expect(isWatchedAt(0, 20)).toBe(false);
    expect(isWatchedAt(9, 20)).toBe(false);
    expect(isWatchedAt(10, 20)).toBe(true);
  });

  it('never marks when the length is unknown', () => {
    expect(isWatchedAt(500, 0)).toBe(false);
  });
});
