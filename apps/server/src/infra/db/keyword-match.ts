/**
 * Sift keyword rules (DESIGN §3), in one place. The matching itself is defined once, in the database
 * (migration 0004_sifts: `sift_match_text`, kept in `videos.match_text` since migration 0022, and `sift_keyword_regex`),
 * and its rules are combined once, here (`keywordMatches`), so the feed, the live preview, digests and RSS evaluate
 * exactly the same thing; this file normalises the keywords a sift is given (lists, one
 * keyword an entry: the web app's keyword box cuts what people type into entries, apps/web/src/features/sifts/
 * keywords.ts) and builds the SQL conditions on those functions. Semantics:
 * - a keyword is a whole word or a phrase (a keyword with spaces: its words next to each other, in that order),
 *   case- and accent-insensitive ("café" = "CAFE");
 * - matched against a video's title, tags and description (not the channel name);
 * - a word is bounded by non-letters ("AI" does not match "said", "c" does not match "c++"); symbols inside or at the
 *   end of a word are literal ("c++", "c#", "node.js", ".net");
 * - a phrase's words may be separated by any punctuation or spaces within one field ("hello world" matches
 *   "Hello, world!" and "hello-world"), not across title / tags / description;
 * - `all`: every keyword matches; `any`: at least one (ignored when empty); `none`: no keyword matches.
 */
import { sql, type SQL } from 'drizzle-orm';
import { sifts, siftKeywords, videos } from './schema.js';

export type KeywordRule = 'all' | 'any' | 'none';
export const KEYWORD_RULES: readonly KeywordRule[] = ['all', 'any', 'none'];

export interface KeywordRules {
  all: string[];
  any: string[];
  none: string[];
}

/** Type filters beyond the spec: evaluated together with the keywords. Durations in seconds; null = no bound. */
export interface TypeFilters {
  hideShorts: boolean;
  hideLive: boolean;
  minDurationSeconds: number | null;
  maxDurationSeconds: number | null;
}

export const NO_TYPE_FILTERS: TypeFilters = { hideShorts: false, hideLive: false, minDurationSeconds: null, maxDurationSeconds: null };

export const MAX_KEYWORD_LENGTH = 100;
export const MAX_KEYWORDS_PER_RULE = 50;

/**
 * A keyword as stored: surrounding quotes and spaces gone, inner spaces collapsed to one. Case and accents are kept
 * as typed (shown back on chips); matching folds them.
 */
export function normaliseKeyword(input: string): string {
  let k = input.normalize('NFC').trim();
  const quoted = /^["“”'‘’«»](.*)["“”'‘’«»]$/su.exec(k);
  if (quoted) k = quoted[1] ?? '';
  return k.replace(/["“”«»]/gu, ' ').replace(/\s+/gu, ' ').trim();
}

/** Why a normalised keyword cannot be used, or null when it can. */
export function keywordProblem(keyword: string): string | null {
  if (keyword.length === 0) return 'Keyword is empty';
  if (keyword.length > MAX_KEYWORD_LENGTH) return `Keyword is longer than ${MAX_KEYWORD_LENGTH} characters`;
  if (!/[\p{L}\p{N}]/u.test(keyword)) return 'Keyword needs at least one letter or digit';
  return null;
}

/** Case and accents folded like the database's `sift_fold` (for de-duplicating keywords; matching is done in SQL). */
export function foldKeyword(text: string): string {
  const map: Record<string, string> = { ß: 'ss', Æ: 'AE', æ: 'ae', Œ: 'OE', œ: 'oe', Þ: 'TH', þ: 'th', Ø: 'O', ø: 'o', Ł: 'L', ł: 'l', Đ: 'D', đ: 'd', Ħ: 'H', ħ: 'h', ı: 'i' };
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[ßÆæŒœÞþØøŁłĐđĦħı]/g, (c) => map[c] ?? c)
    .toLowerCase();
}

/** The folded text of a video that keywords are matched against: `sift_match_text`, kept in a column (decision 058). */
export const videoMatchText = (): SQL => sql`${videos.matchText}`;

/**
 * Whether `text` (a video's match text) holds `keyword` (as written; folded here), whose pattern is `pattern`: first a
 * plain substring test of the folded keyword's first run of letters or digits (which every match contains, and which
 * needs no regular expression), then the pattern. Most videos fail the first test, so most never run a regular expression (a 50-channel
 * preview's matcher 40 → 10 ms at 1M, decision 058); PostgreSQL keeps only a few compiled expressions, so with
 * thousands of stored sifts the cheap test also spares most compilations.
 */
const keywordMatches = (text: SQL, keyword: SQL, pattern: SQL): SQL =>
  sql`CASE WHEN strpos(${text}, coalesce(substring(sift_fold(${keyword}) from '[[:alnum:]]+'), '')) = 0 THEN false ELSE ${text} ~ ${pattern} END`;

/**
 * A WHERE condition over `videos`: the video matches these rules (given as keywords, e.g. while someone edits):
 * every `all` keyword, at least one `any` keyword when there are any, no `none` keyword — what `sift_rules_match`
 * (migration 0004) says, written out a keyword at a time so each gets the cheap test first. A keyword's pattern is
 * `sift_keyword_regex` of it, folded to a constant when the statement is planned.
 */
export function keywordRulesCondition(rules: KeywordRules): SQL {
  if (rules.all.length + rules.any.length + rules.none.length === 0) return sql`true`;
  const matches = (keyword: string) => keywordMatches(videoMatchText(), sql`${keyword}::text`, sql`sift_keyword_regex(${keyword}::text)`);
  const parts = rules.all.map(matches);
  if (rules.any.length > 0) parts.push(sql`(${sql.join(rules.any.map(matches), sql` OR `)})`);
  if (rules.none.length > 0) parts.push(sql`NOT (${sql.join(rules.none.map(matches), sql` OR `)})`);
  return sql`(${sql.join(parts, sql` AND `)})`;
}

/**
 * The video's words as the keyword matcher cuts them, plus its day, month and channel lexemes (migration 0021, the expression of
 * `videos_keyword_idx`; decisions/054). Written exactly as the index is, or the planner cannot use it.
 */
export const keywordWords = (): SQL => sql`sift_keyword_words(${videos.title}, ${videos.tags}, ${videos.description}, ${videos.publishedAt}, ${videos.channelId})`;

/**
 * A WHERE condition over `videos` that `videos_keyword_idx` answers and that holds for every video the rules'
 * `all` and `any` keywords match (a superset: the exact matcher, `keywordRulesCondition`, confirms each): every run
 * of letters and digits of every `all` keyword, and those of at least one `any` keyword. Undefined when neither list
 * has a keyword: `none` alone narrows nothing an index could select. A keyword without a letter or digit matches
 * nothing; its empty token list folds to false at planning (`cardinality`), never to "every video".
 */
export function keywordCandidatesCondition(rules: Pick<KeywordRules, 'all' | 'any'>): SQL | undefined {
  if (rules.all.length + rules.any.length === 0) return undefined;
  const words = keywordWords();
  const has = (keyword: string) => sql`(cardinality(sift_keyword_tokens(${keyword})) > 0 AND ${words} @> sift_keyword_tokens(${keyword}))`;
  const parts = rules.all.map(has);
  if (rules.any.length > 0) parts.push(sql`(${sql.join(rules.any.map(has), sql` OR `)})`);
  return sql.join(parts, sql` AND `);
}

/**
 * A WHERE condition over `videos`: published in the UTC days `first` to `last` (inclusive) — their lexemes
 * (`dayLexemes`), which `videos_keyword_idx` answers, and the exact bounds tested on the rows it selects (written
 * `published_at + '0'` so the planner does not read the date index too, to intersect).
 */
export function publishedInCondition(first: number, last: number): SQL {
  const from = startOfDay(last).toISOString();
  const to = startOfDay(first + 1).toISOString();
  return sql`${keywordWords()} && ${sql.param(dayLexemes(first, last))}::text[]
    AND ${videos.publishedAt} + interval '0' >= ${from}::timestamptz AND ${videos.publishedAt} + interval '0' < ${to}::timestamptz`;
}

const DAY_MS = 86_400_000;
const dayLexeme = (day: number): string => {
  const d = new Date(day * DAY_MS);
  return `~${d.getUTCFullYear() * 10000 + (d.getUTCMonth() + 1) * 100 + d.getUTCDate()}`;
};
const monthLexeme = (month: number): string => `~${Math.floor(month / 12) * 100 + (month % 12) + 1}`;
const monthOfDay = (day: number): number => {
  const d = new Date(day * DAY_MS);
  return d.getUTCFullYear() * 12 + d.getUTCMonth();
};
const firstDayOfMonth = (month: number): number => Date.UTC(Math.floor(month / 12), month % 12, 1) / DAY_MS;

/** The UTC day (days since 1970-01-01) of a moment. */
export const dayOf = (at: Date): number => Math.floor(at.getTime() / DAY_MS);
/** The moment a UTC day starts. */
export const startOfDay = (day: number): Date => new Date(day * DAY_MS);

/**
 * Lexemes that every video published in the UTC days `first` to `last` (inclusive, first ≥ last) has one of: a
 * month's lexeme (`~YYYYMM`) where the span holds more than DAY_LEXEMES_MAX of its days, else those days' lexemes
 * (`~YYYYMMDD`). A month's lexeme selects its other days too, so the read also bounds `published_at` on the rows
 * (`publishedInCondition`). Few lexemes: the index tests every candidate against each one of them.
 */
export function dayLexemes(first: number, last: number): string[] {
  const lexemes: string[] = [];
  for (let day = first; day >= last; ) {
    const month = monthOfDay(day);
    const inMonth = Math.max(firstDayOfMonth(month), last);
    if (day - inMonth + 1 > DAY_LEXEMES_MAX) lexemes.push(monthLexeme(month));
    else for (let d = day; d >= inMonth; d--) lexemes.push(dayLexeme(d));
    day = inMonth - 1;
  }
  return lexemes;
}

/** Up to this many days of one month a window reads by their day lexemes; more by the month's. */
export const DAY_LEXEMES_MAX = 3;

/**
 * Where a window from day `first` back to about `last` should end: at `last`, or — when it would hold more than
 * DAY_LEXEMES_MAX days of `last`'s month but not all of them — at that month's first day, since the month's lexeme
 * selects the whole month anyway (never before `oldest`).
 */
export function windowEnd(first: number, last: number, oldest: number): number {
  const monthStart = firstDayOfMonth(monthOfDay(last));
  const held = Math.min(first, firstDayOfMonth(monthOfDay(last) + 1) - 1) - last + 1;
  return held > DAY_LEXEMES_MAX && last > monthStart ? Math.max(monthStart, oldest) : last;
}

/**
 * A WHERE condition over `videos` that `videos_keyword_idx` answers: the video is of one of these channels (its
 * channel lexeme, '#42'), so the index intersects a word with a channel's videos instead of the whole catalog.
 */
export const ofChannelsCondition = (channelIds: number[]): SQL => sql`${keywordWords()} && ${sql.param(channelIds.map((id) => `#${id}`))}::text[]`;

/** A WHERE condition over `videos`: the video passes these type filters. */
export function typeFiltersCondition(filters: TypeFilters): SQL {
  const parts: SQL[] = [];
  if (filters.hideShorts) parts.push(sql`NOT ${videos.isShort}`);
  if (filters.hideLive) parts.push(sql`${videos.liveStatus} <> 'LIVE'`);
  if (filters.minDurationSeconds !== null) parts.push(sql`${videos.durationSeconds} >= ${filters.minDurationSeconds}`);
  if (filters.maxDurationSeconds !== null) parts.push(sql`${videos.durationSeconds} <= ${filters.maxDurationSeconds}`);
  return parts.length === 0 ? sql`true` : sql.join(parts, sql` AND `);
}

const storedKeywords = (rule: KeywordRule): SQL => sql`FROM ${siftKeywords} AS k WHERE k.sift_id = ${sifts.id} AND k.rule = ${rule}`;

/**
 * A condition over `videos` joined to `sifts`: the video matches that sift's stored rules and type filters
 * (`sift_keywords.pattern` is generated by `sift_keyword_regex`, so stored and ad-hoc rules are the same rules).
 */
export function storedSiftRulesCondition(): SQL {
  const matches = keywordMatches(videoMatchText(), sql`k.keyword`, sql`k.pattern`);
  return sql`NOT EXISTS (SELECT 1 ${storedKeywords('all')} AND NOT (${matches}))
    AND (NOT EXISTS (SELECT 1 ${storedKeywords('any')}) OR EXISTS (SELECT 1 ${storedKeywords('any')} AND ${matches}))
    AND NOT EXISTS (SELECT 1 ${storedKeywords('none')} AND ${matches})
    AND (NOT ${sifts.hideShorts} OR NOT ${videos.isShort})
    AND (NOT ${sifts.hideLive} OR ${videos.liveStatus} <> 'LIVE')
    AND (${sifts.minDurationSeconds} IS NULL OR ${videos.durationSeconds} >= ${sifts.minDurationSeconds})
    AND (${sifts.maxDurationSeconds} IS NULL OR ${videos.durationSeconds} <= ${sifts.maxDurationSeconds})`;
}
