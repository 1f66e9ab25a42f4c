import { describe, expect, it } from 'vitest';
import type { PreparedText } from './search.repository.js';
import { videoQueries } from './search.service.js';

const prepared = (over: Partial<PreparedText>): PreparedText => ({
  match: "'tardig':*",
  exact: "'tardig'",
  prefix: 'tardig',
  expansion: ['tardigrade', 'tardigrades'],
  missing: ['tardig'],
  newestMonth: 2026 * 12 + 10,
  oldestMonth: 2024 * 12 + 10,
  ...over,
});

describe('videoQueries: the forms of the text that video statements take', () => {
  it('expands the word being typed into the words it begins, and knows when the whole word is in no video', () => {
    expect(videoQueries(prepared({}))).toEqual({ whole: null, any: "( 'tardigrade' | 'tardigrades' )" });
    expect(videoQueries(prepared({ match: "'black' & 'hol':*", exact: "'black' & 'hol'", prefix: 'hol', expansion: ['hole', 'holes'], missing: ['hol'] }))).toEqual({
      whole: null,
      any: "'black' & ( 'hole' | 'holes' )",
    });
    expect(videoQueries(prepared({ match: "'cat':*", exact: "'cat'", prefix: 'cat', expansion: ['cat', 'category'], missing: [] }))).toEqual({
      whole: "'cat'",
      any: "( 'cat' | 'category' )",
    });
  });

  it('matches nothing when a word no video has is not the one being typed, or the prefix begins no word', () => {
    expect(videoQueries(prepared({ match: "'zzz' & 'hol':*", exact: "'zzz' & 'hol'", prefix: 'hol', missing: ['zzz', 'hol'] }))).toEqual({ whole: null, any: null });
    expect(videoQueries(prepared({ expansion: [] }))).toEqual({ whole: null, any: null });
    expect(videoQueries(prepared({ match: "'zzz'", exact: "'zzz'", prefix: null, expansion: [], missing: ['zzz'] }))).toEqual({ whole: null, any: null });
  });

  it('keeps the prefix when it begins too many words, and whole words without a prefix', () => {
    const many = Array.from({ length: 65 }, (_, i) => `co${i}`);
    expect(videoQueries(prepared({ match: "'co':*", exact: "'co'", prefix: 'co', expansion: many, missing: [] }))).toEqual({ whole: "'co'", any: "'co':*" });
    expect(videoQueries(prepared({ match: "'ab':* <-> 'cd':*", exact: "'ab' <-> 'cd'", prefix: null, expansion: [], missing: [] }))).toEqual({
      whole: "'ab' <-> 'cd'",
      any: "'ab':* <-> 'cd':*",
    });
    expect(videoQueries(prepared({ match: "'go' & 'pro'", exact: "'go' & 'pro'", prefix: null, expansion: [], missing: [] }))).toEqual({
      whole: "'go' & 'pro'",
      any: "'go' & 'pro'",
    });
  });
});
