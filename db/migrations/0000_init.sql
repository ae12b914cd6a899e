CREATE TABLE "annotation_labels" (
	"annotation_id" text NOT NULL,
	"label_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "annotation_labels_annotation_id_label_id_pk" PRIMARY KEY("annotation_id","label_id")
);
--> statement-breakpoint
CREATE TABLE "annotation_replies" (
	"id" text PRIMARY KEY NOT NULL,
	"annotation_id" text NOT NULL,
	"user_id" text,
	"user_name" text NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"is_private" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "annotations" (
	"id" text PRIMARY KEY NOT NULL,
	"canvas_id" text NOT NULL,
	"canvas_revision_id" text,
	"canvas_asset_id" text,
	"canvas_asset_page_index" integer,
	"user_id" text,
	"user_name" text NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"path" text,
	"is_private" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"inactive_reason" text,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"x" double precision,
	"y" double precision,
	"video_time" double precision,
	"assigned_user_id" text,
	"last_export_date" timestamp with time zone,
	"text_content_before" text,
	"text_content_after" text,
	"screenshot_url" text,
	"after_screenshot_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auto_syncs" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"canvas_id" text NOT NULL,
	"type" text NOT NULL,
	"workspace_id" text,
	"space_id" text,
	"project_id" text,
	"list_id" text,
	"section_id" text,
	"task_id" text,
	"sync_status" text DEFAULT 'idle' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "canvas_assets" (
	"id" text PRIMARY KEY NOT NULL,
	"canvas_id" text NOT NULL,
	"canvas_revision_id" text NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"mime_type" text,
	"size_bytes" bigint,
	"storage_key" text,
	"page_count" integer,
	"page_thumbnail_urls" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"width" integer,
	"height" integer,
	"duration_seconds" double precision,
	"folder_id" text,
	"upload_status" text DEFAULT 'ready' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "canvas_assets_type_valid" CHECK (type in ('pdf', 'email', 'image', 'video', 'other'))
);
--> statement-breakpoint
CREATE TABLE "canvas_reviews" (
	"id" text PRIMARY KEY NOT NULL,
	"canvas_id" text NOT NULL,
	"canvas_revision_id" text,
	"user_id" text,
	"status" text NOT NULL,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "canvas_revisions" (
	"id" text PRIMARY KEY NOT NULL,
	"canvas_id" text NOT NULL,
	"number" integer NOT NULL,
	"name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "canvas_users" (
	"canvas_id" text NOT NULL,
	"user_id" text NOT NULL,
	"role" text DEFAULT 'commenter' NOT NULL,
	"invited_by_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "canvas_users_canvas_id_user_id_pk" PRIMARY KEY("canvas_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "canvases" (
	"id" text PRIMARY KEY NOT NULL,
	"subdomain" text NOT NULL,
	"user_id" text NOT NULL,
	"folder_id" text,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"local_url" text,
	"read_only_date" timestamp with time zone,
	"expire_date" timestamp with time zone,
	"archive_date" timestamp with time zone,
	"is_premium" boolean DEFAULT false NOT NULL,
	"replaced_canvas_id" text,
	"visibility" text DEFAULT 'anyone-with-link' NOT NULL,
	"password_hash" text,
	"current_revision_id" text,
	"last_activity_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "canvases_type_valid" CHECK (type in ('website', 'design', 'email', 'video', 'pdf', 'other'))
);
--> statement-breakpoint
CREATE TABLE "connected_accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"type" text NOT NULL,
	"credentials" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"customer_id" text,
	"plan_id" text DEFAULT 'free0' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"period_end" timestamp with time zone,
	"subscription_id" text,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"should_email_receipts" boolean DEFAULT true NOT NULL,
	"billing_email" text,
	"beta_features" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"card_brand" text,
	"card_last4" text,
	"coupon" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deadline_reminders" (
	"id" text PRIMARY KEY NOT NULL,
	"canvas_id" text NOT NULL,
	"user_id" text NOT NULL,
	"recipient_user_id" text,
	"recipient_email" text,
	"reminder_date" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"job_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deadline_reminders_status_valid" CHECK (status in ('scheduled', 'sent', 'cancelled', 'failed')),
	CONSTRAINT "deadline_reminders_recipient_present" CHECK (recipient_user_id is not null or recipient_email is not null)
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"user_id" text,
	"actor_user_id" text,
	"canvas_id" text,
	"annotation_id" text,
	"reply_id" text,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"is_private" boolean DEFAULT false NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "file_attachments" (
	"id" text PRIMARY KEY NOT NULL,
	"annotation_id" text,
	"reply_id" text,
	"user_id" text,
	"name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"storage_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "folders" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"user_id" text NOT NULL,
	"parent_folder_id" text,
	"visibility" text DEFAULT 'only-team' NOT NULL,
	"canvases_count" integer DEFAULT 0 NOT NULL,
	"shareable_id" text NOT NULL,
	"password_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "folders_visibility_valid" CHECK (visibility in ('only-team', 'anyone-with-link', 'only-me'))
);
--> statement-breakpoint
CREATE TABLE "invites" (
	"id" text PRIMARY KEY NOT NULL,
	"team_id" text NOT NULL,
	"code" text NOT NULL,
	"email" text NOT NULL,
	"invited_by_user_id" text,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invites_email_normalised" CHECK (email = lower(btrim(email)))
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"customer_id" text,
	"provider_invoice_id" text,
	"number" text,
	"amount_due" bigint DEFAULT 0 NOT NULL,
	"amount_paid" bigint DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'usd' NOT NULL,
	"status" text NOT NULL,
	"period_start" timestamp with time zone,
	"period_end" timestamp with time zone,
	"hosted_url" text,
	"pdf_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "labels" (
	"id" text PRIMARY KEY NOT NULL,
	"team_id" text NOT NULL,
	"name" text NOT NULL,
	"color" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox_emails" (
	"id" text PRIMARY KEY NOT NULL,
	"to" text NOT NULL,
	"from" text,
	"subject" text NOT NULL,
	"html" text,
	"text" text,
	"kind" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "password_reset_tokens" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "plans" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"interval" text,
	"amount_cents" integer DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'usd' NOT NULL,
	"features" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"team_plan" boolean DEFAULT false NOT NULL,
	"premium_canvas_limit" integer,
	"provider_price_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"impersonated_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_agent" text,
	"ip" text
);
--> statement-breakpoint
CREATE TABLE "sso_configs" (
	"team_id" text PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"email_domain" text,
	"issuer" text,
	"client_id" text,
	"client_secret" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sso_configs_email_domain_normalised" CHECK (email_domain = lower(email_domain))
);
--> statement-breakpoint
CREATE TABLE "teams" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"owner_user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text,
	"avatar_url" text,
	"avatar_key" text,
	"is_guest" boolean DEFAULT false NOT NULL,
	"role" text DEFAULT 'member' NOT NULL,
	"team_id" text,
	"token_hash" text,
	"token_created_at" timestamp with time zone,
	"email_on" boolean DEFAULT true NOT NULL,
	"my_email_settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"client_email_settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"email_settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"signup_survey" jsonb,
	"offboarding_survey" jsonb,
	"initial_visit_data" jsonb,
	"is_staff" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_normalised" CHECK (email = lower(btrim(email))),
	CONSTRAINT "users_role_valid" CHECK (role in ('member', 'admin'))
);
--> statement-breakpoint
ALTER TABLE "annotation_labels" ADD CONSTRAINT "annotation_labels_annotation_id_annotations_id_fk" FOREIGN KEY ("annotation_id") REFERENCES "public"."annotations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "annotation_labels" ADD CONSTRAINT "annotation_labels_label_id_labels_id_fk" FOREIGN KEY ("label_id") REFERENCES "public"."labels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "annotation_replies" ADD CONSTRAINT "annotation_replies_annotation_id_annotations_id_fk" FOREIGN KEY ("annotation_id") REFERENCES "public"."annotations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "annotation_replies" ADD CONSTRAINT "annotation_replies_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "annotations" ADD CONSTRAINT "annotations_canvas_id_canvases_id_fk" FOREIGN KEY ("canvas_id") REFERENCES "public"."canvases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "annotations" ADD CONSTRAINT "annotations_canvas_revision_id_canvas_revisions_id_fk" FOREIGN KEY ("canvas_revision_id") REFERENCES "public"."canvas_revisions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "annotations" ADD CONSTRAINT "annotations_canvas_asset_id_canvas_assets_id_fk" FOREIGN KEY ("canvas_asset_id") REFERENCES "public"."canvas_assets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "annotations" ADD CONSTRAINT "annotations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "annotations" ADD CONSTRAINT "annotations_assigned_user_id_users_id_fk" FOREIGN KEY ("assigned_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_syncs" ADD CONSTRAINT "auto_syncs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_syncs" ADD CONSTRAINT "auto_syncs_canvas_id_canvases_id_fk" FOREIGN KEY ("canvas_id") REFERENCES "public"."canvases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "canvas_assets" ADD CONSTRAINT "canvas_assets_canvas_id_canvases_id_fk" FOREIGN KEY ("canvas_id") REFERENCES "public"."canvases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "canvas_assets" ADD CONSTRAINT "canvas_assets_canvas_revision_id_canvas_revisions_id_fk" FOREIGN KEY ("canvas_revision_id") REFERENCES "public"."canvas_revisions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "canvas_assets" ADD CONSTRAINT "canvas_assets_folder_id_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."folders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "canvas_reviews" ADD CONSTRAINT "canvas_reviews_canvas_id_canvases_id_fk" FOREIGN KEY ("canvas_id") REFERENCES "public"."canvases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "canvas_reviews" ADD CONSTRAINT "canvas_reviews_canvas_revision_id_canvas_revisions_id_fk" FOREIGN KEY ("canvas_revision_id") REFERENCES "public"."canvas_revisions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "canvas_reviews" ADD CONSTRAINT "canvas_reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "canvas_revisions" ADD CONSTRAINT "canvas_revisions_canvas_id_canvases_id_fk" FOREIGN KEY ("canvas_id") REFERENCES "public"."canvases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "canvas_users" ADD CONSTRAINT "canvas_users_canvas_id_canvases_id_fk" FOREIGN KEY ("canvas_id") REFERENCES "public"."canvases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "canvas_users" ADD CONSTRAINT "canvas_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "canvas_users" ADD CONSTRAINT "canvas_users_invited_by_user_id_users_id_fk" FOREIGN KEY ("invited_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "canvases" ADD CONSTRAINT "canvases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "canvases" ADD CONSTRAINT "canvases_folder_id_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."folders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "canvases" ADD CONSTRAINT "canvases_replaced_canvas_id_canvases_id_fk" FOREIGN KEY ("replaced_canvas_id") REFERENCES "public"."canvases"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "canvases" ADD CONSTRAINT "canvases_current_revision_id_canvas_revisions_id_fk" FOREIGN KEY ("current_revision_id") REFERENCES "public"."canvas_revisions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connected_accounts" ADD CONSTRAINT "connected_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deadline_reminders" ADD CONSTRAINT "deadline_reminders_canvas_id_canvases_id_fk" FOREIGN KEY ("canvas_id") REFERENCES "public"."canvases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deadline_reminders" ADD CONSTRAINT "deadline_reminders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deadline_reminders" ADD CONSTRAINT "deadline_reminders_recipient_user_id_users_id_fk" FOREIGN KEY ("recipient_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_attachments" ADD CONSTRAINT "file_attachments_annotation_id_annotations_id_fk" FOREIGN KEY ("annotation_id") REFERENCES "public"."annotations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_attachments" ADD CONSTRAINT "file_attachments_reply_id_annotation_replies_id_fk" FOREIGN KEY ("reply_id") REFERENCES "public"."annotation_replies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_attachments" ADD CONSTRAINT "file_attachments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "folders" ADD CONSTRAINT "folders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "folders" ADD CONSTRAINT "folders_parent_folder_id_folders_id_fk" FOREIGN KEY ("parent_folder_id") REFERENCES "public"."folders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invites" ADD CONSTRAINT "invites_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invites" ADD CONSTRAINT "invites_invited_by_user_id_users_id_fk" FOREIGN KEY ("invited_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "labels" ADD CONSTRAINT "labels_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_impersonated_user_id_users_id_fk" FOREIGN KEY ("impersonated_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_configs" ADD CONSTRAINT "sso_configs_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "annotation_labels_label_id_idx" ON "annotation_labels" USING btree ("label_id");--> statement-breakpoint
CREATE INDEX "annotation_replies_annotation_id_created_at_idx" ON "annotation_replies" USING btree ("annotation_id","created_at");--> statement-breakpoint
CREATE INDEX "annotation_replies_user_id_idx" ON "annotation_replies" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "annotations_canvas_id_created_at_idx" ON "annotations" USING btree ("canvas_id","created_at");--> statement-breakpoint
CREATE INDEX "annotations_canvas_id_path_idx" ON "annotations" USING btree ("canvas_id","path");--> statement-breakpoint
CREATE INDEX "annotations_canvas_revision_id_idx" ON "annotations" USING btree ("canvas_revision_id");--> statement-breakpoint
CREATE INDEX "annotations_canvas_asset_id_idx" ON "annotations" USING btree ("canvas_asset_id");--> statement-breakpoint
CREATE INDEX "annotations_user_id_idx" ON "annotations" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "annotations_assigned_user_id_idx" ON "annotations" USING btree ("assigned_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "auto_syncs_user_id_canvas_id_type_unique" ON "auto_syncs" USING btree ("user_id","canvas_id","type");--> statement-breakpoint
CREATE INDEX "auto_syncs_canvas_id_idx" ON "auto_syncs" USING btree ("canvas_id");--> statement-breakpoint
CREATE INDEX "canvas_assets_canvas_id_idx" ON "canvas_assets" USING btree ("canvas_id");--> statement-breakpoint
CREATE INDEX "canvas_assets_canvas_revision_id_position_idx" ON "canvas_assets" USING btree ("canvas_revision_id","position");--> statement-breakpoint
CREATE INDEX "canvas_assets_folder_id_idx" ON "canvas_assets" USING btree ("folder_id");--> statement-breakpoint
CREATE INDEX "canvas_reviews_canvas_id_idx" ON "canvas_reviews" USING btree ("canvas_id");--> statement-breakpoint
CREATE INDEX "canvas_reviews_canvas_revision_id_idx" ON "canvas_reviews" USING btree ("canvas_revision_id");--> statement-breakpoint
CREATE INDEX "canvas_reviews_user_id_idx" ON "canvas_reviews" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "canvas_revisions_canvas_id_number_unique" ON "canvas_revisions" USING btree ("canvas_id","number");--> statement-breakpoint
CREATE INDEX "canvas_users_user_id_idx" ON "canvas_users" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "canvas_users_invited_by_user_id_idx" ON "canvas_users" USING btree ("invited_by_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "canvases_subdomain_unique" ON "canvases" USING btree ("subdomain");--> statement-breakpoint
CREATE INDEX "canvases_user_id_updated_at_idx" ON "canvases" USING btree ("user_id","updated_at");--> statement-breakpoint
CREATE INDEX "canvases_user_id_archive_date_idx" ON "canvases" USING btree ("user_id","archive_date");--> statement-breakpoint
CREATE INDEX "canvases_folder_id_idx" ON "canvases" USING btree ("folder_id");--> statement-breakpoint
CREATE INDEX "canvases_replaced_canvas_id_idx" ON "canvases" USING btree ("replaced_canvas_id");--> statement-breakpoint
CREATE INDEX "canvases_current_revision_id_idx" ON "canvases" USING btree ("current_revision_id");--> statement-breakpoint
CREATE UNIQUE INDEX "connected_accounts_user_id_type_unique" ON "connected_accounts" USING btree ("user_id","type");--> statement-breakpoint
CREATE UNIQUE INDEX "customers_user_id_unique" ON "customers" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "customers_customer_id_unique" ON "customers" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "deadline_reminders_canvas_id_idx" ON "deadline_reminders" USING btree ("canvas_id");--> statement-breakpoint
CREATE INDEX "deadline_reminders_user_id_idx" ON "deadline_reminders" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "deadline_reminders_recipient_user_id_idx" ON "deadline_reminders" USING btree ("recipient_user_id");--> statement-breakpoint
CREATE INDEX "deadline_reminders_status_reminder_date_idx" ON "deadline_reminders" USING btree ("status","reminder_date");--> statement-breakpoint
CREATE INDEX "events_user_id_id_idx" ON "events" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "events_canvas_id_id_idx" ON "events" USING btree ("canvas_id","id");--> statement-breakpoint
CREATE INDEX "events_actor_user_id_idx" ON "events" USING btree ("actor_user_id");--> statement-breakpoint
CREATE INDEX "events_user_id_unread_idx" ON "events" USING btree ("user_id") WHERE read_at is null;--> statement-breakpoint
CREATE INDEX "events_created_at_idx" ON "events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "file_attachments_annotation_id_idx" ON "file_attachments" USING btree ("annotation_id");--> statement-breakpoint
CREATE INDEX "file_attachments_reply_id_idx" ON "file_attachments" USING btree ("reply_id");--> statement-breakpoint
CREATE INDEX "file_attachments_user_id_idx" ON "file_attachments" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "folders_shareable_id_unique" ON "folders" USING btree ("shareable_id");--> statement-breakpoint
CREATE INDEX "folders_user_id_idx" ON "folders" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "folders_parent_folder_id_idx" ON "folders" USING btree ("parent_folder_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invites_code_unique" ON "invites" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "invites_team_id_email_unique" ON "invites" USING btree ("team_id","email");--> statement-breakpoint
CREATE INDEX "invites_email_idx" ON "invites" USING btree ("email");--> statement-breakpoint
CREATE INDEX "invites_invited_by_user_id_idx" ON "invites" USING btree ("invited_by_user_id");--> statement-breakpoint
CREATE INDEX "invoices_user_id_created_at_idx" ON "invoices" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "invoices_customer_id_idx" ON "invoices" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_provider_invoice_id_unique" ON "invoices" USING btree ("provider_invoice_id");--> statement-breakpoint
CREATE INDEX "labels_team_id_idx" ON "labels" USING btree ("team_id");--> statement-breakpoint
CREATE INDEX "outbox_emails_to_created_at_idx" ON "outbox_emails" USING btree ("to","created_at");--> statement-breakpoint
CREATE INDEX "password_reset_tokens_user_id_idx" ON "password_reset_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "rate_limits_reset_at_idx" ON "rate_limits" USING btree ("reset_at");--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_impersonated_user_id_idx" ON "sessions" USING btree ("impersonated_user_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_at_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sso_configs_email_domain_unique" ON "sso_configs" USING btree ("email_domain");--> statement-breakpoint
CREATE INDEX "teams_owner_user_id_idx" ON "teams" USING btree ("owner_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "users_token_hash_unique" ON "users" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "users_team_id_idx" ON "users" USING btree ("team_id");