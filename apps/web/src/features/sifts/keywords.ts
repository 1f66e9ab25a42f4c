/**
 * What a person types or pastes into a keyword box → keywords (issue 31, decisions/042). Commas and line breaks separate
 * entries; the words of one entry are a phrase ("bronze age" matches those two words next to each other, in that
 * order — the server's `sift_keyword_regex`, through apps/server/src/infra/db/keyword-match.ts); quotes are dropped
 * (`a, b, "c d"` is a, b and c d), and a comma inside quotes stays in its phrase. Entries without a letter or digit
 * are dropped, repeats (any case, any accents) kept once.
 */
export function parseKeywordInput(input: string): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const entry of entriesOf(input)) {
    const keyword = entry.replace(/\s+/gu, ' ').trim();
    const key = keyword.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
    if (keyword && /[\p{L}\p{N}]/u.test(keyword) && !seen.has(key)) {
      seen.add(key);
      out.push(keyword);
    }
  }
  return out;
}

const QUOTE = /["“”„«»]/u;
const SEPARATOR = /[,\n\r]/u;

/** The entries of a keyword box's text: cut at commas and line breaks outside quotes, quotes left out. */
function entriesOf(input: string): string[] {
  const entries: string[] = [];
  let current = '';
  let quoted = false;
  for (const ch of input) {
    if (QUOTE.test(ch)) {
      quoted = !quoted;
      current += ' ';
    } else if (!quoted && SEPARATOR.test(ch)) {
      entries.push(current);
      current = '';
    } else current += ch;
  }
  entries.push(current);
  return entries;
}

/** The text ends inside a quote (`"black holes, and`): a comma typed now belongs to the phrase. */
export function insideQuote(text: string): boolean {
  let quoted = false;
  for (const ch of text) if (QUOTE.test(ch)) quoted = !quoted;
  return quoted;
}

/** Does the text hold a separator outside quotes (a pasted list)? */
export function holdsSeparator(text: string): boolean {
  return entriesOf(text).length > 1;
}

/** A keyword as its chip shows it: a phrase in quotes, so that it reads as one entry, not as separate words. */
export function keywordLabel(keyword: string): string {
  return /\s/u.test(keyword) ? `"${keyword}"` : keyword;
}
