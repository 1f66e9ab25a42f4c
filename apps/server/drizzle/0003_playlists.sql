-- Playlists and Watch later (docs/decisions/008-playlists.md). Written by hand.
--
-- Positions are gapped doubles: an add appends at the last position + 1024, a move puts the entry halfway between its
-- new neighbours, so one move writes one entry (plus the playlist's updated_at). Only when two neighbours are closer
-- than 1e-9 is the whole playlist renumbered (after ~40 moves into the same gap).
ALTER TABLE "playlist_items" ALTER COLUMN "position" SET DATA TYPE double precision;--> statement-breakpoint
-- A video is in a playlist at most once: DELETE /api/playlists/{id}/videos/{videoId} names an entry by its video.
CREATE UNIQUE INDEX "playlist_items_playlist_video_key" ON "playlist_items" USING btree ("playlist_id","video_id");--> statement-breakpoint
-- Kept in the transaction of every add and remove (under the playlist's row lock), so lists sort by it cheaply.
ALTER TABLE "playlists" ADD COLUMN "number_of_videos" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The files-store key of a custom cover (thumbnail holds its URL), so a replaced or removed cover is deleted.
ALTER TABLE "playlists" ADD COLUMN "thumbnail_key" text;--> statement-breakpoint
UPDATE "playlists" p SET "number_of_videos" = (SELECT count(*) FROM "playlist_items" i WHERE i."playlist_id" = p."id");--> statement-breakpoint
CREATE INDEX "playlists_owner_name_idx" ON "playlists" USING btree ("owner_id","name","id");
