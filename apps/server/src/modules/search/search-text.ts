import { SEARCH_QUERY_MAX_TERMS } from '@sift/contracts';
import { badRequest } from '../../infra/http/errors.js';

/**
 * What a person typed, as text-search queries. Words are letters, digits and combining marks; everything else
 * separates them (so "pad-thai" is "pad" and "thai", as the database's parser also splits it). Quoted text is a
 * phrase: its words in that order. Several terms narrow: all of them must match.
 *
 * The last bare word, when it has three or more characters, may also match as a prefix: it is the word being
 * typed ("minecr" finds Minecraft). Every other word, and words in phrases, match whole. Videos are searched
 * with whole words first and with the prefix only when nothing matches whole (a prefix of a common word expands
 * to a large part of the index, and GIN's partial match is several times slower than an exact entry); channels,
 * sifts and playlists, far fewer, always take the prefix. Case and accents are folded by the database
 * (`sift_fold`), the same function that built the indexed vectors, so both sides always agree.
 */
export type SearchText =
  /** No text: no query filter at all (SPEC §5: query text is used only when non-empty). */
  | { kind: 'none' }
  /** Text without a single word (only punctuation): it can match nothing. */
  | { kind: 'nothing' }
  | {
      kind: 'terms';
      /** tsquery text with the last bare word as a prefix (equal to exact when there is none). */
      match: string;
      /** Every term matched whole: searched first, and a result matching it ranks higher ("cat" before "category"). */
      exact: string;
      terms: number;
    };

const WORD = /[\p{L}\p{N}\p{M}]+/gu;
/** Prefix matching from this many characters: a one- or two-letter prefix would expand to half the dictionary. */
export const PREFIX_MIN_LENGTH = 3;

const words = (text: string) => text.match(WORD) ?? [];
// Words contain only letters, digits and marks, so quoting them needs no escaping.
const lexeme = (word: string) => `'${word}'`;

export function parseSearchText(input: string | undefined): SearchText {
  const text = (input ?? '').trim();
  if (!text) return { kind: 'none' };

  const exact: string[] = [];
  /** Where the last bare word sits in `exact`, if it may be a prefix. */
  let typing = -1;
  // A quote with no closing partner quotes the rest of the text.
  for (const [, phrase, bare] of text.matchAll(/"([^"]*)"?|([^"\s]+)/g)) {
    if (phrase !== undefined) {
      const list = words(phrase);
      if (list.length === 0) continue;
      const term = list.map(lexeme).join(' <-> ');
      exact.push(list.length > 1 ? `(${term})` : term);
      typing = -1;
    } else {
      for (const word of words(bare ?? '')) {
        exact.push(lexeme(word));
        typing = word.length >= PREFIX_MIN_LENGTH ? exact.length - 1 : -1;
      }
    }
  }
  if (exact.length === 0) return { kind: 'nothing' };
  const match = exact.map((term, i) => (i === typing ? `${term}:*` : term));
  if (exact.length > SEARCH_QUERY_MAX_TERMS) {
    throw badRequest(`Search for at most ${SEARCH_QUERY_MAX_TERMS} words at a time.`, [
      { field: 'q', message: `has more than ${SEARCH_QUERY_MAX_TERMS} words` },
    ]);
  }
  return { kind: 'terms', match: match.join(' & '), exact: exact.join(' & '), terms: exact.length };
}
