CREATE TABLE "frontend_release_switches" (
	"id" text PRIMARY KEY NOT NULL,
	"slice" text NOT NULL,
	"version" text,
	"forced" boolean DEFAULT false NOT NULL,
	"switched_by_user_id" text,
	"switched_by_email" text NOT NULL,
	"switched_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "frontend_releases" (
	"id" text PRIMARY KEY NOT NULL,
	"slice" text NOT NULL,
	"version" text NOT NULL,
	"declaration" jsonb NOT NULL,
	"files" integer NOT NULL,
	"bytes" integer NOT NULL,
	"published_by_user_id" text,
	"published_by_email" text NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "frontend_release_switches" ADD CONSTRAINT "frontend_release_switches_switched_by_user_id_users_id_fk" FOREIGN KEY ("switched_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "frontend_releases" ADD CONSTRAINT "frontend_releases_published_by_user_id_users_id_fk" FOREIGN KEY ("published_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "frontend_release_switches_slice_idx" ON "frontend_release_switches" USING btree ("slice","switched_at");--> statement-breakpoint
CREATE INDEX "frontend_release_switches_switched_by_user_id_idx" ON "frontend_release_switches" USING btree ("switched_by_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "frontend_releases_slice_version_idx" ON "frontend_releases" USING btree ("slice","version");--> statement-breakpoint
CREATE INDEX "frontend_releases_published_by_user_id_idx" ON "frontend_releases" USING btree ("published_by_user_id");