import { describe, expect, it } from 'vitest';
import { HttpError } from '../../infra/http/errors.js';
import { parseSearchText } from './search-text.js';

describe('parseSearchText', () => {
  it('treats missing and blank text as no filter', () => {
    expect(parseSearchText(undefined)).toEqual({ kind: 'none' });
    expect(parseSearchText('   ')).toEqual({ kind: 'none' });
  });

  it('treats text without a word as matching nothing (never an error)', () => {
    expect(parseSearchText('?!… -- ""')).toEqual({ kind: 'nothing' });
    expect(parseSearchText('"')).toEqual({ kind: 'nothing' });
  });

  it('matches the last word, from three characters, also as a prefix, and narrows with every word', () => {
    expect(parseSearchText('minecr')).toMatchObject({ match: "'minecr':*", exact: "'minecr'", terms: 1 });
    expect(parseSearchText('black  holes')).toMatchObject({ match: "'black' & 'holes':*", exact: "'black' & 'holes'" });
    expect(parseSearchText('go pro')).toMatchObject({ match: "'go' & 'pro':*" });
    expect(parseSearchText('pro go')).toMatchObject({ match: "'pro' & 'go'", exact: "'pro' & 'go'" });
  });

  it('splits on punctuation the way the database parser does', () => {
    expect(parseSearchText('pad-thai!')).toMatchObject({ match: "'pad' & 'thai':*" });
    expect(parseSearchText("o'brien")).toMatchObject({ match: "'o' & 'brien':*" });
  });

  it('keeps letters of every script and accents (the database folds them)', () => {
    expect(parseSearchText('Crème brûlée')).toMatchObject({ match: "'Crème' & 'brûlée':*" });
    expect(parseSearchText('Москва')).toMatchObject({ match: "'Москва':*" });
  });

  it('reads quoted text as a phrase, and an unclosed quote runs to the end', () => {
    expect(parseSearchText('"black holes" explained')).toMatchObject({
      match: "('black' <-> 'holes') & 'explained':*",
      exact: "('black' <-> 'holes') & 'explained'",
      terms: 2,
    });
    expect(parseSearchText('"pad thai')).toMatchObject({ match: "('pad' <-> 'thai')" });
    // A phrase at the end is not being typed: nothing is a prefix.
    expect(parseSearchText('ramen "pad thai"')).toMatchObject({ match: "'ramen' & ('pad' <-> 'thai')" });
    expect(parseSearchText('"ramen"')).toMatchObject({ match: "'ramen'" });
  });

  it('never lets tsquery syntax through', () => {
    const parsed = parseSearchText("a & b | !c <-> d:* 'e' (f)");
    expect(parsed).toMatchObject({ match: "'a' & 'b' & 'c' & 'd' & 'e' & 'f'" });
  });

  it('refuses more than 12 terms with a 400 naming q', () => {
    expect(parseSearchText(Array.from({ length: 12 }, (_, i) => `w${i}`).join(' '))).toMatchObject({ terms: 12 });
    try {
      parseSearchText(Array.from({ length: 13 }, (_, i) => `w${i}`).join(' '));
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(HttpError);
      expect((error as HttpError).status).toBe(400);
      expect((error as HttpError).fields?.[0]?.field).toBe('q');
    }
  });
});
