-- Each video's folded match text kept in a generated column (docs/decisions/058-stored-match-text.md). Written by hand
-- above the column drizzle-kit generated.
--
-- sift_fold (migration 0002) with a short way for text without a character past ASCII: there NFD, the removal of
-- combining marks, the spelled-out letters and translate change nothing, so lowering is all that is left — the same
-- answer for every text, so the search vectors and the keyword index built with it stay right. About 16 times less
-- time for such a text (a test of the whole string for one such character costs 2 % of the full fold); text with any
-- other character takes the full fold as before.
CREATE OR REPLACE FUNCTION sift_fold(t text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
RETURN CASE WHEN t !~ '[^\x01-\x7f]' THEN lower(t) ELSE lower(translate(replace(replace(replace(replace(replace(replace(replace(
  regexp_replace(normalize(t, NFD), '[\u0300-\u036f]', '', 'g'),
  'ß', 'ss'), 'Æ', 'AE'), 'æ', 'ae'), 'Œ', 'OE'), 'œ', 'oe'), 'Þ', 'TH'), 'þ', 'th'),
  'ØøŁłĐđĦħı', 'OoLlDdHhi')) END;--> statement-breakpoint
-- The text sift_rules_match reads, computed when a video is written: a sift's rules, its live preview and a filtered
-- feed's confirmation run only their regular expressions over it (folding was 153 of the preview's 157 ms of database
-- time over 50 channels' 3,801 videos). Adding it rewrites the table once (measured in decision 058).
ALTER TABLE "videos" ADD COLUMN "match_text" text GENERATED ALWAYS AS (sift_match_text("title", "tags", "description")) STORED;
