import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CountOf } from './Cards';

afterEach(cleanup);

const shown = (what: 'views' | 'likes' | 'followers' | 'videos', n: number) => render(<CountOf what={what} n={n} />).container.textContent;

describe('CountOf', () => {
  it('says one in the singular and any other count in the plural, abbreviated as SPEC §9 says', () => {
    expect(shown('views', 1)).toBe('1 view');
    expect(shown('views', 0)).toBe('0 views');
    expect(shown('likes', 1234)).toBe('1.2K likes');
    expect(shown('followers', 1)).toBe('1 follower');
    expect(shown('videos', 2_500_000)).toBe('2.5M videos');
  });
});
