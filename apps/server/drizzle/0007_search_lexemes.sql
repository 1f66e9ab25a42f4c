-- The words of the videos' search vectors (docs/decisions/006-search.md): the search expands the word being typed
-- into the whole words it begins, which GIN reads several times faster than a prefix (partial match), and knows a
-- word that no video has without reading the index. Written by hand below what drizzle-kit generated: the
-- trigger that keeps the table and the backfill.
CREATE TABLE "search_lexemes" (
	"lexeme" text COLLATE "C" PRIMARY KEY NOT NULL
);--> statement-breakpoint
-- Statement triggers with transition tables: one INSERT … SELECT DISTINCT per statement (an import batch), not one
-- per video. Month lexemes ('~202611') are left out: nobody types them. Words are only ever added; a word that no
-- video has any more costs a lookup, never a wrong result.
CREATE FUNCTION sift_note_video_lexemes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO search_lexemes (lexeme)
    SELECT DISTINCT w FROM sift_new_videos n, unnest(tsvector_to_array(n.search_vector)) AS w
    WHERE left(w, 1) <> '~'
    ON CONFLICT DO NOTHING;
  ELSE
    INSERT INTO search_lexemes (lexeme)
    SELECT DISTINCT w FROM sift_new_videos n JOIN sift_old_videos o ON o.id = n.id, unnest(tsvector_to_array(n.search_vector)) AS w
    WHERE n.search_vector IS DISTINCT FROM o.search_vector AND left(w, 1) <> '~'
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER videos_search_lexemes_insert AFTER INSERT ON videos REFERENCING NEW TABLE AS sift_new_videos
  FOR EACH STATEMENT EXECUTE FUNCTION sift_note_video_lexemes();--> statement-breakpoint
CREATE TRIGGER videos_search_lexemes_update AFTER UPDATE ON videos REFERENCING OLD TABLE AS sift_old_videos NEW TABLE AS sift_new_videos
  FOR EACH STATEMENT EXECUTE FUNCTION sift_note_video_lexemes();--> statement-breakpoint
INSERT INTO search_lexemes (lexeme)
SELECT DISTINCT w FROM videos v, unnest(tsvector_to_array(v.search_vector)) AS w
WHERE left(w, 1) <> '~'
ON CONFLICT DO NOTHING;
