/**
 * What a person types into a keyword box → keywords, as the server reads them (apps/server/src/infra/db/
 * keyword-match.ts `parseKeywordInput`): "quoted phrases" stay whole, everything else splits at spaces and commas;
 * repeats (any case) are kept once. Matching itself happens on the server only.
 */
export function parseKeywordInput(input: string): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const m of input.matchAll(/["“”«»]([^"“”«»]*)["“”«»]?|([^\s,"“”«»]+)/gu)) {
    const keyword = (m[1] ?? m[2] ?? '').replace(/\s+/gu, ' ').trim();
    const key = keyword.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
    if (keyword && /[\p{L}\p{N}]/u.test(keyword) && !seen.has(key)) {
      seen.add(key);
      out.push(keyword);
    }
  }
  return out;
}
