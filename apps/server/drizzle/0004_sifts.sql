-- Sifts (docs/decisions/010-sifts.md, 011-sift-feed.md). Written by hand.
--
-- Keyword rules (DESIGN §3): whole words or quoted phrases, case- and accent-insensitive, over a video's title, tags
-- and description. The one definition lives here, in the database, so the feed, the live preview, digests and RSS
-- all evaluate the same thing; apps/server/src/infra/db/keyword-match.ts is the only TypeScript that builds SQL on it.
--
-- The text a keyword is matched against: title, tags and description folded like search (sift_fold), fields apart by
-- a unit separator (U+001F) that a phrase does not cross.
CREATE FUNCTION sift_match_text(title text, tags text[], description text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN sift_fold(coalesce(title, '') || chr(31) || coalesce(array_to_string(tags, chr(31)), '') || chr(31) || coalesce(description, ''));--> statement-breakpoint
-- A keyword as a regular expression over sift_match_text. The keyword is folded, cut into words at spaces and at
-- separating punctuation (, ; : ! ? quotes brackets / | \ - and a full stop that ends a word), each word kept literally
-- (so "c++", "c#", "node.js", ".net" stay what they are), the words joined by "any run of non-letters inside one
-- field" (a phrase matches across punctuation), and the whole bounded by non-letters where it starts or ends with a
-- letter or digit ("ai" does not match "said"; "c" does not match "c++" or "c#"). A keyword without a letter or digit
-- matches nothing (the API refuses it anyway).
CREATE FUNCTION sift_keyword_regex(keyword text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
RETURN (
  SELECT CASE
    WHEN w.words IS NULL OR w.words = '' THEN '[^\s\S]'
    ELSE CASE WHEN w.words ~ '^[[:alnum:]]' THEN '(^|[^[:alnum:]])' ELSE '' END
      || w.words
      || CASE WHEN w.words ~ '[[:alnum:]]$' THEN '($|[^[:alnum:]+#])' ELSE '' END
  END
  FROM (
    SELECT string_agg(regexp_replace(p.word, '([!-/:-@\[-`{-~])', '\\\1', 'g'), '[^[:alnum:]' || chr(31) || ']+' ORDER BY p.n) AS words
    FROM regexp_split_to_table(sift_fold(keyword), '[\s,;:!?"''()\[\]{}<>/|\\\-]+') WITH ORDINALITY AS s(part, n)
    CROSS JOIN LATERAL (SELECT regexp_replace(s.part, '\.+$', '') AS word, s.n AS n) p
    WHERE p.word ~ '[[:alnum:]]'
  ) w
);--> statement-breakpoint
-- Rules against one text: every `all` keyword, at least one `any` keyword when there are any, no `none` keyword.
-- Arguments are arrays of patterns from sift_keyword_regex.
CREATE FUNCTION sift_rules_match(t text, all_patterns text[], any_patterns text[], none_patterns text[]) RETURNS boolean
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN NOT EXISTS (SELECT 1 FROM unnest(all_patterns) p WHERE t !~ p)
  AND (coalesce(cardinality(any_patterns), 0) = 0 OR EXISTS (SELECT 1 FROM unnest(any_patterns) p WHERE t ~ p))
  AND NOT EXISTS (SELECT 1 FROM unnest(none_patterns) p WHERE t ~ p);--> statement-breakpoint
ALTER TABLE "sift_keywords" ADD COLUMN "pattern" text GENERATED ALWAYS AS (sift_keyword_regex("keyword")) STORED;--> statement-breakpoint
-- Type filters beyond the spec (issue 6): hide shorts, hide live, duration bounds in seconds.
ALTER TABLE "sifts" ADD COLUMN "hide_shorts" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sifts" ADD COLUMN "hide_live" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sifts" ADD COLUMN "min_duration_seconds" integer;--> statement-breakpoint
ALTER TABLE "sifts" ADD COLUMN "max_duration_seconds" integer;--> statement-breakpoint
-- Why the last channel import of the sift failed (import_status FAILED).
ALTER TABLE "sifts" ADD COLUMN "import_error" text;--> statement-breakpoint
-- The matching videos of every sift, kept up to date when videos arrive and when rules or channels change, so a feed
-- page is an index range read whatever the size of the catalog (decisions/011).
CREATE TABLE "sift_videos" (
	"sift_id" bigint NOT NULL,
	"video_id" bigint NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sift_videos_sift_id_video_id_pk" PRIMARY KEY("sift_id","video_id")
);--> statement-breakpoint
ALTER TABLE "sift_videos" ADD CONSTRAINT "sift_videos_sift_id_sifts_id_fk" FOREIGN KEY ("sift_id") REFERENCES "public"."sifts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sift_videos" ADD CONSTRAINT "sift_videos_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sift_videos_feed_idx" ON "sift_videos" USING btree ("sift_id","published_at","video_id");--> statement-breakpoint
CREATE INDEX "sift_videos_video_idx" ON "sift_videos" USING btree ("video_id");--> statement-breakpoint
CREATE TABLE "sift_categories" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"position" smallint NOT NULL
);--> statement-breakpoint
INSERT INTO "sift_categories" ("id", "name", "position") VALUES
  ('news', 'News', 1), ('technology', 'Technology', 2), ('science', 'Science', 3), ('education', 'Education', 4),
  ('music', 'Music', 5), ('gaming', 'Gaming', 6), ('sports', 'Sports', 7), ('entertainment', 'Entertainment', 8),
  ('comedy', 'Comedy', 9), ('food', 'Food & cooking', 10), ('travel', 'Travel', 11), ('health', 'Health & fitness', 12),
  ('business', 'Business & finance', 13), ('arts', 'Arts & design', 14), ('diy', 'DIY & crafts', 15),
  ('nature', 'Nature & animals', 16), ('other', 'Other', 17);
