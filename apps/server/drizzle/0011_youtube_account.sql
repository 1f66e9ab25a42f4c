CREATE TABLE "provider_accounts" (
	"user_id" bigint NOT NULL,
	"provider" text NOT NULL,
	"refresh_token_sealed" text NOT NULL,
	"scope" text NOT NULL,
	"account_subject" text,
	"status" text DEFAULT 'OFFLINE' NOT NULL,
	"checked_at" timestamp with time zone,
	"connected_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provider_accounts_user_id_provider_pk" PRIMARY KEY("user_id","provider")
);
--> statement-breakpoint
ALTER TABLE "oauth_requests" ADD COLUMN "user_id" bigint;--> statement-breakpoint
ALTER TABLE "playlists" ADD COLUMN "import_progress" integer;--> statement-breakpoint
ALTER TABLE "playlists" ADD COLUMN "service_playlist_id" text;--> statement-breakpoint
ALTER TABLE "provider_accounts" ADD CONSTRAINT "provider_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oauth_requests" ADD CONSTRAINT "oauth_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "playlists_service_playlist_key" ON "playlists" USING btree ("owner_id","service_playlist_id") WHERE "playlists"."service_playlist_id" IS NOT NULL;