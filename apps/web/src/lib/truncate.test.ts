import { describe, expect, it } from 'vitest';
import { nameLimit, truncateName } from './truncate';

const long = 'x'.repeat(400);

describe('nameLimit / truncateName', () => {
  it.each([
    [320, 45],
    [374, 45],
    [375, 155],
    [575, 155],
    [576, 50],
    [767, 50],
    [768, 50],
    [991, 50],
    [992, 250],
    [1920, 250],
  ])('at %i px wide allows %i characters', (width, limit) => {
    expect(nameLimit(width)).toBe(limit);
    const out = truncateName(long, width);
    expect(Array.from(out)).toHaveLength(limit);
    expect(out.endsWith('…')).toBe(true);
  });

  it('leaves names that fit alone', () => {
    expect(truncateName('Short name', 320)).toBe('Short name');
    const exact = 'y'.repeat(45);
    expect(truncateName(exact, 320)).toBe(exact);
    expect(truncateName(exact + 'z', 320)).toBe('y'.repeat(44) + '…');
  });

  it('counts code points, never splitting an emoji', () => {
    const emoji = '😀'.repeat(60);
    const out = truncateName(emoji, 320);
    expect(Array.from(out)).toHaveLength(45);
    expect(out).toBe('😀'.repeat(44) + '…');
  });

  it('does not leave a space before the ellipsis', () => {
    const words = 'word '.repeat(20); // position 44 is a space
    expect(truncateName(words, 320).endsWith(' …')).toBe(false);
  });
});
