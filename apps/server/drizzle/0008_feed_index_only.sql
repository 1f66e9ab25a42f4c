DROP INDEX "videos_published_idx";--> statement-breakpoint
CREATE INDEX "videos_published_idx" ON "videos" USING btree ("published_at","id","channel_id");