import { describe, expect, it } from 'vitest';
import { parseKeywordInput } from './keywords';

describe('parseKeywordInput', () => {
  it('keeps quoted phrases whole and splits the rest at spaces and commas, once each', () => {
    expect(parseKeywordInput('ai "machine learning", c++  Node.js ai AI')).toEqual(['ai', 'machine learning', 'c++', 'Node.js']);
    expect(parseKeywordInput('café cafe')).toEqual(['café']);
  });
  it('drops pieces without a letter or digit', () => {
    expect(parseKeywordInput('!!! "" , ')).toEqual([]);
  });
  it('reads an unfinished quote as a phrase', () => {
    expect(parseKeywordInput('"black holes')).toEqual(['black holes']);
  });
});
