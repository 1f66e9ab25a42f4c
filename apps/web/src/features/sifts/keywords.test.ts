import { describe, expect, it } from 'vitest';
import { holdsSeparator, insideQuote, keywordLabel, parseKeywordInput } from './keywords';

describe('parseKeywordInput (issue 31: a phrase stays a phrase)', () => {
  it('keeps the words of one entry together as a phrase: "bronze age" is one keyword, not "bronze" and "age"', () => {
    expect(parseKeywordInput('bronze age')).toEqual(['bronze age']);
    expect(parseKeywordInput('  bronze    age ')).toEqual(['bronze age']);
  });

  it('separates entries at commas and line breaks; a pasted list does the obvious', () => {
    expect(parseKeywordInput('a, b, "c d"')).toEqual(['a', 'b', 'c d']);
    expect(parseKeywordInput('roman forts\niron age\r\nceltic')).toEqual(['roman forts', 'iron age', 'celtic']);
    expect(parseKeywordInput('ai, "machine learning", c++, Node.js, ai, AI')).toEqual(['ai', 'machine learning', 'c++', 'Node.js']);
  });

  it('drops quotes, keeps a comma inside them, and reads an unfinished quote as a phrase', () => {
    expect(parseKeywordInput('“black holes”')).toEqual(['black holes']);
    expect(parseKeywordInput('"salt, pepper", thyme')).toEqual(['salt, pepper', 'thyme']);
    expect(parseKeywordInput('"black holes')).toEqual(['black holes']);
  });

  it('keeps repeats once whatever their case and accents, and drops entries without a letter or digit', () => {
    expect(parseKeywordInput('café, cafe, CAFÉ')).toEqual(['café']);
    expect(parseKeywordInput('!!!, "" , ')).toEqual([]);
  });
});

describe('the keyword box', () => {
  it('knows when a comma belongs to a phrase being typed, and when a pasted text is a list', () => {
    expect(insideQuote('"salt')).toBe(true);
    expect(insideQuote('"salt" and')).toBe(false);
    expect(holdsSeparator('a, b')).toBe(true);
    expect(holdsSeparator('one\ntwo')).toBe(true);
    expect(holdsSeparator('bronze age')).toBe(false);
    expect(holdsSeparator('"salt, pepper"')).toBe(false);
  });

  it('shows a phrase in quotes and a word as it is', () => {
    expect(keywordLabel('bronze age')).toBe('"bronze age"');
    expect(keywordLabel('c++')).toBe('c++');
  });
});
