CREATE TABLE "auth_tokens" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"purpose" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auth_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "channels" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"external_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"topic" text,
	"thumbnail" text NOT NULL,
	"number_of_followers" bigint DEFAULT 0 NOT NULL,
	"number_of_videos" bigint DEFAULT 0 NOT NULL,
	"number_of_views" bigint DEFAULT 0 NOT NULL,
	"refreshed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "imports" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"provider" text NOT NULL,
	"kind" text NOT NULL,
	"external_id" text NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"progress" smallint DEFAULT 0 NOT NULL,
	"playlist_id" bigint,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "playlist_follows" (
	"user_id" bigint NOT NULL,
	"playlist_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "playlist_follows_user_id_playlist_id_pk" PRIMARY KEY("user_id","playlist_id")
);
--> statement-breakpoint
CREATE TABLE "playlist_items" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"playlist_id" bigint NOT NULL,
	"video_id" bigint NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "playlists" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"owner_id" bigint NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"public" boolean DEFAULT false NOT NULL,
	"is_watch_later" boolean DEFAULT false NOT NULL,
	"thumbnail" text,
	"thumbnail_type" text DEFAULT 'auto' NOT NULL,
	"background_color" text,
	"imported" boolean DEFAULT false NOT NULL,
	"import_status" text,
	"playback_rate" text DEFAULT '1' NOT NULL,
	"caption" text DEFAULT 'none' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recent_searches" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"scope" text NOT NULL,
	"item_type" text NOT NULL,
	"item_id" bigint,
	"external_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sift_channels" (
	"sift_id" bigint NOT NULL,
	"channel_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sift_channels_sift_id_channel_id_pk" PRIMARY KEY("sift_id","channel_id")
);
--> statement-breakpoint
CREATE TABLE "sift_keywords" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"sift_id" bigint NOT NULL,
	"rule" text NOT NULL,
	"keyword" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sifts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"hash" text NOT NULL,
	"owner_id" bigint NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"category" text,
	"public" boolean DEFAULT false NOT NULL,
	"thumbnail" text,
	"thumbnail_type" text DEFAULT 'auto' NOT NULL,
	"import_status" text DEFAULT 'CREATED' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sifts_hash_unique" UNIQUE("hash")
);
--> statement-breakpoint
CREATE TABLE "site_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"page_locations" integer[] NOT NULL,
	"level" text NOT NULL,
	"text" text NOT NULL,
	"link_url" text,
	"link_text" text,
	"dismissal" text DEFAULT 'forever' NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"channel_id" bigint,
	"sift_id" bigint,
	"frequency" text DEFAULT 'WEEKLY' NOT NULL,
	"muted" boolean DEFAULT false NOT NULL,
	"opt_out" boolean DEFAULT false NOT NULL,
	"last_notified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_one_target" CHECK (("subscriptions"."channel_id" is null) <> ("subscriptions"."sift_id" is null))
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"password_hash" text,
	"picture" text,
	"origin" text DEFAULT 'email' NOT NULL,
	"plan" text DEFAULT 'FREE' NOT NULL,
	"onboarded" boolean DEFAULT false NOT NULL,
	"confirmed_at" timestamp with time zone,
	"deactivated_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
CREATE TABLE "videos" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"external_id" text NOT NULL,
	"channel_id" bigint NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"duration_seconds" integer DEFAULT 0 NOT NULL,
	"number_of_views" bigint DEFAULT 0 NOT NULL,
	"number_of_likes" bigint DEFAULT 0 NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"live_status" text DEFAULT 'NONE' NOT NULL,
	"embeddable" boolean DEFAULT true NOT NULL,
	"is_short" boolean DEFAULT false NOT NULL,
	"thumbnail" text NOT NULL,
	"media_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "auth_tokens" ADD CONSTRAINT "auth_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_playlist_id_playlists_id_fk" FOREIGN KEY ("playlist_id") REFERENCES "public"."playlists"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playlist_follows" ADD CONSTRAINT "playlist_follows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playlist_follows" ADD CONSTRAINT "playlist_follows_playlist_id_playlists_id_fk" FOREIGN KEY ("playlist_id") REFERENCES "public"."playlists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playlist_items" ADD CONSTRAINT "playlist_items_playlist_id_playlists_id_fk" FOREIGN KEY ("playlist_id") REFERENCES "public"."playlists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playlist_items" ADD CONSTRAINT "playlist_items_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playlists" ADD CONSTRAINT "playlists_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recent_searches" ADD CONSTRAINT "recent_searches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sift_channels" ADD CONSTRAINT "sift_channels_sift_id_sifts_id_fk" FOREIGN KEY ("sift_id") REFERENCES "public"."sifts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sift_channels" ADD CONSTRAINT "sift_channels_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sift_keywords" ADD CONSTRAINT "sift_keywords_sift_id_sifts_id_fk" FOREIGN KEY ("sift_id") REFERENCES "public"."sifts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sifts" ADD CONSTRAINT "sifts_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_sift_id_sifts_id_fk" FOREIGN KEY ("sift_id") REFERENCES "public"."sifts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auth_tokens_user_idx" ON "auth_tokens" USING btree ("user_id","purpose");--> statement-breakpoint
CREATE UNIQUE INDEX "channels_external_id_key" ON "channels" USING btree ("external_id");--> statement-breakpoint
CREATE INDEX "channels_name_lower_idx" ON "channels" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "imports_user_idx" ON "imports" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "playlist_follows_playlist_idx" ON "playlist_follows" USING btree ("playlist_id");--> statement-breakpoint
CREATE INDEX "playlist_items_playlist_position_idx" ON "playlist_items" USING btree ("playlist_id","position","id");--> statement-breakpoint
CREATE INDEX "playlist_items_video_idx" ON "playlist_items" USING btree ("video_id");--> statement-breakpoint
CREATE INDEX "playlists_owner_idx" ON "playlists" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "playlists_one_watch_later_key" ON "playlists" USING btree ("owner_id") WHERE "playlists"."is_watch_later";--> statement-breakpoint
CREATE INDEX "recent_searches_user_scope_idx" ON "recent_searches" USING btree ("user_id","scope","created_at");--> statement-breakpoint
CREATE INDEX "sift_channels_channel_idx" ON "sift_channels" USING btree ("channel_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sift_keywords_unique_key" ON "sift_keywords" USING btree ("sift_id","rule","keyword");--> statement-breakpoint
CREATE INDEX "sifts_owner_idx" ON "sifts" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "site_messages_locations_idx" ON "site_messages" USING gin ("page_locations");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_user_channel_key" ON "subscriptions" USING btree ("user_id","channel_id") WHERE "subscriptions"."channel_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_user_sift_key" ON "subscriptions" USING btree ("user_id","sift_id") WHERE "subscriptions"."sift_id" is not null;--> statement-breakpoint
CREATE INDEX "subscriptions_channel_idx" ON "subscriptions" USING btree ("channel_id");--> statement-breakpoint
CREATE INDEX "subscriptions_sift_idx" ON "subscriptions" USING btree ("sift_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_key" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "videos_external_id_key" ON "videos" USING btree ("external_id");--> statement-breakpoint
CREATE INDEX "videos_channel_published_idx" ON "videos" USING btree ("channel_id","published_at","id");--> statement-breakpoint
CREATE INDEX "videos_published_idx" ON "videos" USING btree ("published_at","id");