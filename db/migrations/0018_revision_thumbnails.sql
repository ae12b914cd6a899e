ALTER TABLE "canvas_revisions" ADD COLUMN "thumbnail_key" text;--> statement-breakpoint
ALTER TABLE "canvas_revisions" ADD COLUMN "thumbnail_at" timestamp with time zone;