ALTER TABLE "annotation_replies" ADD COLUMN "edited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "annotations" ADD COLUMN "edited_at" timestamp with time zone;