-- Follows, subscriptions, notifications and personal feed tokens (docs/decisions/012-subscriptions.md,
-- 013-notifications.md). Written by hand.
--
-- The one-click unsubscribe link of every notification mail carries this token (List-Unsubscribe, RFC 8058): random,
-- unguessable, one per subscription, so the link works without logging in and only for that subscription.
ALTER TABLE "subscriptions" ADD COLUMN "unsubscribe_token" text DEFAULT replace(gen_random_uuid()::text, '-', '') NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_unsubscribe_token_key" ON "subscriptions" USING btree ("unsubscribe_token");--> statement-breakpoint
-- A member's subscriptions, oldest first (profile list, feed filters, the personal feed's channel and sift ids).
CREATE INDEX "subscriptions_user_idx" ON "subscriptions" USING btree ("user_id","id");--> statement-breakpoint
-- A digest: the mail of one subscription for one period (IMMEDIATE: a minute; DAILY: a UTC day; WEEKLY: an ISO week).
-- The unique key makes building idempotent across processes; status BUILT → SENT is flipped in the transaction that
-- holds the row lock while the mail goes out, so a crash before the commit leaves it BUILT (sent again) and a second
-- process skips a locked row (each digest is sent once).
CREATE TABLE "notification_digests" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"subscription_id" bigint NOT NULL,
	"frequency" text NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'BUILT' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "notification_digests_status_check" CHECK ("status" IN ('BUILT', 'SENT', 'DROPPED'))
);--> statement-breakpoint
ALTER TABLE "notification_digests" ADD CONSTRAINT "notification_digests_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notification_digests_period_key" ON "notification_digests" USING btree ("subscription_id","frequency","period_end");--> statement-breakpoint
CREATE INDEX "notification_digests_unsent_idx" ON "notification_digests" USING btree ("id") WHERE "status" = 'BUILT';--> statement-breakpoint
-- A new video a subscription should be told about; digest_id is set when a digest takes it.
CREATE TABLE "notification_items" (
	"subscription_id" bigint NOT NULL,
	"video_id" bigint NOT NULL,
	"digest_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_items_subscription_id_video_id_pk" PRIMARY KEY("subscription_id","video_id")
);--> statement-breakpoint
ALTER TABLE "notification_items" ADD CONSTRAINT "notification_items_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_items" ADD CONSTRAINT "notification_items_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_items" ADD CONSTRAINT "notification_items_digest_id_notification_digests_id_fk" FOREIGN KEY ("digest_id") REFERENCES "public"."notification_digests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notification_items_pending_idx" ON "notification_items" USING btree ("subscription_id","created_at") WHERE "digest_id" IS NULL;--> statement-breakpoint
CREATE INDEX "notification_items_digest_idx" ON "notification_items" USING btree ("digest_id");--> statement-breakpoint
CREATE INDEX "notification_items_video_idx" ON "notification_items" USING btree ("video_id");--> statement-breakpoint
-- The private token of a member's personal Atom feed (a feed reader cannot log in). Read-only access to that feed
-- only; replacing it ends the old address.
CREATE TABLE "feed_tokens" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feed_tokens_token_hash_unique" UNIQUE("token_hash")
);--> statement-breakpoint
ALTER TABLE "feed_tokens" ADD CONSTRAINT "feed_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
