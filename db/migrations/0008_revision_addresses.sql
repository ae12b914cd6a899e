ALTER TABLE "canvas_revisions" ADD COLUMN "local_url" text;--> statement-breakpoint
-- Existing website revisions keep the address their canvas has now (they were reviewed there).
UPDATE "canvas_revisions" SET "local_url" = "canvases"."local_url" FROM "canvases" WHERE "canvases"."id" = "canvas_revisions"."canvas_id" AND "canvases"."type" = 'website';
