/**
 * Sift keyword rules (DESIGN §3), in one place. The matching itself is defined once, in the database
 * (migration 0004_sifts: `sift_match_text`, `sift_keyword_regex`, `sift_rules_match`), so the feed, the live preview,
 * digests and RSS evaluate exactly the same thing; this file normalises the keywords a sift is given (lists, one
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

/** The folded text of a video that keywords are matched against. */
export const videoMatchText = (v: typeof videos = videos): SQL =>
  sql`sift_match_text(${v.title}, ${v.tags}, ${v.description})`;

const patterns = (keywords: string[]): SQL =>
  sql`ARRAY(SELECT sift_keyword_regex(k) FROM unnest(${sql.param(keywords)}::text[]) AS k)`;

/** A WHERE condition over `videos`: the video matches these rules (given as keywords, e.g. while someone edits). */
export function keywordRulesCondition(rules: KeywordRules): SQL {
  if (rules.all.length + rules.any.length + rules.none.length === 0) return sql`true`;
  return sql`sift_rules_match(${videoMatchText()}, ${patterns(rules.all)}, ${patterns(rules.any)}, ${patterns(rules.none)})`;
}

/** A WHERE condition over `videos`: the video passes these type filters. */
export function typeFiltersCondition(filters: TypeFilters): SQL {
  const parts: SQL[] = [];
  if (filters.hideShorts) parts.push(sql`NOT ${videos.isShort}`);
  if (filters.hideLive) parts.push(sql`${videos.liveStatus} <> 'LIVE'`);
  if (filters.minDurationSeconds !== null) parts.push(sql`${videos.durationSeconds} >= ${filters.minDurationSeconds}`);
  if (filters.maxDurationSeconds !== null) parts.push(sql`${videos.durationSeconds} <= ${filters.maxDurationSeconds}`);
  return parts.length === 0 ? sql`true` : sql.join(parts, sql` AND `);
}

/**
 * One stored keyword of the sift matches `text`: first a plain substring test of the keyword's first run of letters
 * (which every match must contain, and which needs no regular expression), then the keyword's pattern. PostgreSQL
 * keeps only a few compiled expressions, so with thousands of sifts the cheap test spares most compilations.
 */
const storedKeywordMatches = (text: SQL): SQL =>
  sql`CASE WHEN strpos(${text}, coalesce(substring(sift_fold(k.keyword) from '[[:alnum:]]+'), '')) = 0 THEN false ELSE ${text} ~ k.pattern END`;

const storedKeywords = (rule: KeywordRule): SQL => sql`FROM ${siftKeywords} AS k WHERE k.sift_id = ${sifts.id} AND k.rule = ${rule}`;

/**
 * A condition over `videos` joined to `sifts`: the video matches that sift's stored rules and type filters
 * (`sift_keywords.pattern` is generated by `sift_keyword_regex`, so stored and ad-hoc rules are the same rules).
 * `text` is the video's `sift_match_text`, computed once per video by the caller (a LATERAL column).
 */
export function storedSiftRulesCondition(text: SQL = videoMatchText()): SQL {
  const matches = storedKeywordMatches(text);
  return sql`NOT EXISTS (SELECT 1 ${storedKeywords('all')} AND NOT (${matches}))
    AND (NOT EXISTS (SELECT 1 ${storedKeywords('any')}) OR EXISTS (SELECT 1 ${storedKeywords('any')} AND ${matches}))
    AND NOT EXISTS (SELECT 1 ${storedKeywords('none')} AND ${matches})
    AND (NOT ${sifts.hideShorts} OR NOT ${videos.isShort})
    AND (NOT ${sifts.hideLive} OR ${videos.liveStatus} <> 'LIVE')
    AND (${sifts.minDurationSeconds} IS NULL OR ${videos.durationSeconds} >= ${sifts.minDurationSeconds})
    AND (${sifts.maxDurationSeconds} IS NULL OR ${videos.durationSeconds} <= ${sifts.maxDurationSeconds})`;
}
