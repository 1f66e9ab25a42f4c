CREATE TABLE "provider_cache" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "provider_quota" (
	"provider" text NOT NULL,
	"day" text NOT NULL,
	"units" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "provider_quota_provider_day_pk" PRIMARY KEY("provider","day")
);
--> statement-breakpoint
ALTER TABLE "channels" ADD COLUMN "feed_etag" text;--> statement-breakpoint
ALTER TABLE "channels" ADD COLUMN "feed_last_modified" text;--> statement-breakpoint
ALTER TABLE "channels" ADD COLUMN "uploads_page_token" text;--> statement-breakpoint
ALTER TABLE "channels" ADD COLUMN "uploads_complete" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "unavailable" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "provider_cache_expires_idx" ON "provider_cache" USING btree ("expires_at");--> statement-breakpoint
-- The demo catalog is seeded whole: its channels have every upload stored already.
UPDATE "channels" SET "uploads_complete" = true WHERE "provider" = 'demo';
