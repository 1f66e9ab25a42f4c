-- Full-text search (docs/decisions/006-search.md). Written by hand above what drizzle-kit generated: the text-search
-- configuration and the functions the generated columns call. Plain PostgreSQL 15 (and PGlite): no extension.
--
-- `sift`: words as written (no stemming, so a prefix typed in the search box matches what it should), English
-- stop words dropped (a search for "the" would otherwise read most of the table).
CREATE TEXT SEARCH DICTIONARY sift_words (TEMPLATE = pg_catalog.simple, STOPWORDS = english);--> statement-breakpoint
CREATE TEXT SEARCH CONFIGURATION sift (COPY = pg_catalog.simple);--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION sift ALTER MAPPING FOR asciiword, word, numword, asciihword, hword, numhword, hword_asciipart, hword_part, hword_numpart WITH sift_words;--> statement-breakpoint
-- Case and accents folded: NFD splits "é" into "e" and a combining mark, which goes; letters that do not decompose
-- (ß, æ, œ, ø, ł, đ, ħ, ı, þ) are spelled out. Searches fold their text with the same function.
CREATE FUNCTION sift_fold(t text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
RETURN lower(translate(replace(replace(replace(replace(replace(replace(replace(
  regexp_replace(normalize(t, NFD), '[\u0300-\u036f]', '', 'g'),
  'ß', 'ss'), 'Æ', 'AE'), 'æ', 'ae'), 'Œ', 'OE'), 'œ', 'oe'), 'Þ', 'TH'), 'þ', 'th'),
  'ØøŁłĐđĦħı', 'OoLlDdHhi'));--> statement-breakpoint
-- A name or title (A), tags or a topic (B), a description (C).
CREATE FUNCTION sift_tsvector(a text, b text, c text) RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN setweight(to_tsvector('sift', sift_fold(coalesce(a, ''))), 'A')
  || setweight(to_tsvector('sift', sift_fold(coalesce(b, ''))), 'B')
  || setweight(to_tsvector('sift', sift_fold(coalesce(c, ''))), 'C');--> statement-breakpoint
-- The month a video was published (UTC) as a lexeme that no typed word can produce: '~202611'.
CREATE FUNCTION sift_month_lexeme(at timestamptz) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
RETURN '~' || (extract(year FROM at AT TIME ZONE 'UTC') * 100 + extract(month FROM at AT TIME ZONE 'UTC'))::int::text;--> statement-breakpoint
-- array_to_string is only STABLE in general (element output functions may depend on settings); for text[] it is
-- deterministic, which is what IMMUTABLE promises here.
CREATE FUNCTION sift_video_vector(title text, tags text[], description text, published_at timestamptz) RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN sift_tsvector(title, array_to_string(tags, ' '), description) || array_to_tsvector(ARRAY[sift_month_lexeme(published_at)]);--> statement-breakpoint
ALTER TABLE "channels" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (sift_tsvector("name", "topic", "description")) STORED;--> statement-breakpoint
ALTER TABLE "playlists" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (sift_tsvector("name", '', "description")) STORED;--> statement-breakpoint
ALTER TABLE "sifts" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (sift_tsvector("name", "category", "description")) STORED;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (sift_video_vector("title", "tags", "description", "published_at")) STORED;--> statement-breakpoint
CREATE INDEX "channels_search_idx" ON "channels" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "playlists_search_idx" ON "playlists" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "sifts_search_idx" ON "sifts" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "videos_search_idx" ON "videos" USING gin ("search_vector");