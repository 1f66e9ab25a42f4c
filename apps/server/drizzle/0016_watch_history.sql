CREATE TABLE "hidden_videos" (
	"user_id" bigint NOT NULL,
	"video_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hidden_videos_user_id_video_id_pk" PRIMARY KEY("user_id","video_id")
);
--> statement-breakpoint
CREATE TABLE "history_settings" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"paused" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "watch_history" (
	"user_id" bigint NOT NULL,
	"video_id" bigint NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"duration" integer,
	"watched" boolean DEFAULT false NOT NULL,
	"watched_at" timestamp (3) with time zone DEFAULT date_trunc('milliseconds', now()) NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT date_trunc('milliseconds', now()) NOT NULL,
	CONSTRAINT "watch_history_user_id_video_id_pk" PRIMARY KEY("user_id","video_id")
);
--> statement-breakpoint
ALTER TABLE "hidden_videos" ADD CONSTRAINT "hidden_videos_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hidden_videos" ADD CONSTRAINT "hidden_videos_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "history_settings" ADD CONSTRAINT "history_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watch_history" ADD CONSTRAINT "watch_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watch_history" ADD CONSTRAINT "watch_history_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "hidden_videos_video_idx" ON "hidden_videos" USING btree ("video_id");--> statement-breakpoint
CREATE INDEX "watch_history_user_recent_idx" ON "watch_history" USING btree ("user_id","watched_at","video_id");--> statement-breakpoint
CREATE INDEX "watch_history_user_watched_idx" ON "watch_history" USING btree ("user_id","video_id") WHERE "watch_history"."watched";--> statement-breakpoint
CREATE INDEX "watch_history_video_idx" ON "watch_history" USING btree ("video_id");