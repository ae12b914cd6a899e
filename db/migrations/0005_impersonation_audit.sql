CREATE TABLE "impersonations" (
	"id" text PRIMARY KEY NOT NULL,
	"staff_user_id" text,
	"staff_email" text NOT NULL,
	"target_user_id" text,
	"target_email" text NOT NULL,
	"target_name" text NOT NULL,
	"session_id" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	"end_reason" text,
	"ip" text,
	"user_agent" text
);
--> statement-breakpoint
ALTER TABLE "impersonations" ADD CONSTRAINT "impersonations_staff_user_id_users_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "impersonations" ADD CONSTRAINT "impersonations_target_user_id_users_id_fk" FOREIGN KEY ("target_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "impersonations_staff_user_id_idx" ON "impersonations" USING btree ("staff_user_id");--> statement-breakpoint
CREATE INDEX "impersonations_target_user_id_idx" ON "impersonations" USING btree ("target_user_id");--> statement-breakpoint
CREATE INDEX "impersonations_session_id_idx" ON "impersonations" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "impersonations_started_at_idx" ON "impersonations" USING btree ("started_at");