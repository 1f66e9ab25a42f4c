import { describe, expect, it } from 'vitest';
import { DEFAULT_FILTERS, keepsSearch, searchFilters } from './state';

describe('search filters and the leave rule (SPEC §2)', () => {
  it('keeps them on search and on a user profile, nowhere else', () => {
    for (const path of ['/search', '/search/main', '/search/recent', '/user-profile/6f1c2a52-3b7e-4c1d-9a55-2f0d6b3e8c41']) expect(keepsSearch(path), path).toBe(true);
    for (const path of ['/', '/watch', '/channel/UC1', '/searching', '/profile', '/sifts/abc']) expect(keepsSearch(path), path).toBe(false);
  });

  it('changes only what is set, tells subscribers, and resets to all / relevance', () => {
    let calls = 0;
    const stop = searchFilters.subscribe(() => calls++);
    searchFilters.set({ type: 'videos' });
    searchFilters.set({ sort: 'alpha' });
    expect(searchFilters.get()).toEqual({ type: 'videos', sort: 'alpha' });
    searchFilters.set({ sort: 'alpha' });
    expect(calls).toBe(2);
    searchFilters.reset();
    expect(searchFilters.get()).toEqual(DEFAULT_FILTERS);
    expect(calls).toBe(3);
    stop();
  });
});
