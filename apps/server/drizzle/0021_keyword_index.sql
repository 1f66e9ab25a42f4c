-- Keyword-filtered feeds read candidates from an index, then confirm each with the one exact matcher (migration 0004:
-- sift_rules_match over sift_match_text; docs/decisions/054-keyword-filtered-feeds.md). Written by hand above the
-- index drizzle-kit generated.
--
-- The words of a video as the matcher sees them: sift_match_text (title, tags, description, folded) cut at every run
-- of non-letters-or-digits ([^[:alnum:]]+, the very class sift_keyword_regex bounds its words with), each distinct
-- run once, the publication day's and month's lexemes ('~20261129', '~202611') for newest-first windows, and the
-- channel's ('#42'), so a channel's page or a member's channels select within themselves. Every
-- text a keyword's pattern matches holds each of the keyword's own runs (sift_keyword_tokens) as a whole run — a
-- keyword word starting or ending with a letter or digit is bounded there by a non-letter, and inside a keyword its
-- runs are bounded by its own symbols ("node.js": node, js; "c++": c) — so the keyword's runs all in a video's
-- words is a superset of the matches. The search vector is not: its parser keeps "node.js" or "1.5" whole and drops
-- English stop words, so a video the matcher accepts could be missing there.
-- The day a video was published (UTC) as a lexeme no typed word can produce: '~20261129'.
CREATE FUNCTION sift_day_lexeme(at timestamptz) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
RETURN '~' || (extract(year FROM at AT TIME ZONE 'UTC') * 10000 + extract(month FROM at AT TIME ZONE 'UTC') * 100
  + extract(day FROM at AT TIME ZONE 'UTC'))::int::text;--> statement-breakpoint
-- COST: about 60 µs a video (the matcher's own cut of the text), ten times the default, so the planner reads the index
-- rather than computing it row by row along another index. Not more: a plan's estimate past jit_above_cost (100,000)
-- compiles it first, 7 to 40 ms of JIT for a statement that runs in 2. PARALLEL RESTRICTED: a filtered page's read is
-- a few thousand rows, which a parallel worker's start costs more than it saves on a small server.
CREATE FUNCTION sift_keyword_words(title text, tags text[], description text, published_at timestamptz, channel_id bigint) RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL RESTRICTED COST 1000
RETURN ARRAY(
  SELECT DISTINCT w FROM regexp_split_to_table(sift_match_text(title, tags, description), '[^[:alnum:]]+') AS w WHERE w <> ''
  UNION ALL SELECT sift_month_lexeme(published_at) UNION ALL SELECT sift_day_lexeme(published_at) UNION ALL SELECT '#' || channel_id
);--> statement-breakpoint
-- A keyword's runs of letters and digits, folded: what a video's words must all hold for the keyword to match it.
-- Empty for a keyword without a letter or digit, which matches nothing (sift_keyword_regex).
CREATE FUNCTION sift_keyword_tokens(keyword text) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
RETURN ARRAY(SELECT DISTINCT w FROM regexp_split_to_table(sift_fold(keyword), '[^[:alnum:]]+') AS w WHERE w <> '');--> statement-breakpoint
CREATE INDEX "videos_keyword_idx" ON "videos" USING gin (sift_keyword_words("title", "tags", "description", "published_at", "channel_id"));
