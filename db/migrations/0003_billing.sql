CREATE SEQUENCE "public"."invoice_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "billing_events" (
	"id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"type" text NOT NULL,
	"provider_created_at" timestamp with time zone NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cards" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"token" text NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" integer NOT NULL,
	"exp_year" integer NOT NULL,
	"is_default" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coupon_redemptions" (
	"id" text PRIMARY KEY NOT NULL,
	"coupon_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"invoices_applied" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" text PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"percent_off" integer,
	"amount_off_cents" integer,
	"duration" text NOT NULL,
	"duration_in_months" integer,
	"expires_at" timestamp with time zone,
	"max_redemptions" integer,
	"times_redeemed" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupons_one_discount" CHECK (("coupons"."percent_off" is null) <> ("coupons"."amount_off_cents" is null)),
	CONSTRAINT "coupons_percent_range" CHECK ("coupons"."percent_off" is null or ("coupons"."percent_off" between 1 and 100)),
	CONSTRAINT "coupons_duration" CHECK ("coupons"."duration" in ('once', 'repeating', 'forever'))
);
--> statement-breakpoint
CREATE TABLE "invoice_lines" (
	"id" text PRIMARY KEY NOT NULL,
	"invoice_id" text,
	"customer_id" text NOT NULL,
	"description" text NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"amount_cents" integer NOT NULL,
	"proration" boolean DEFAULT false NOT NULL,
	"period_start" timestamp with time zone,
	"period_end" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"plan_id" text NOT NULL,
	"status" text NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"current_period_start" timestamp with time zone NOT NULL,
	"current_period_end" timestamp with time zone NOT NULL,
	"trial_end" timestamp with time zone,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"canceled_at" timestamp with time zone,
	"notices" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_quantity_positive" CHECK ("subscriptions"."quantity" > 0)
);
--> statement-breakpoint
ALTER TABLE "plans" ALTER COLUMN "features" SET DEFAULT '[]'::jsonb;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "card_exp_month" integer;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "card_exp_year" integer;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "trial_end" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "quantity" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "provider_updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "subtotal" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "discount" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "subscription_id" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "finalized_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "attempt_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "next_payment_attempt" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "per_seat" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "selectable" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cards_customer_id_idx" ON "cards" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_redemptions_coupon_customer_unique" ON "coupon_redemptions" USING btree ("coupon_id","customer_id");--> statement-breakpoint
CREATE INDEX "coupon_redemptions_customer_id_idx" ON "coupon_redemptions" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_code_unique" ON "coupons" USING btree ("code");--> statement-breakpoint
CREATE INDEX "invoice_lines_invoice_id_idx" ON "invoice_lines" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "invoice_lines_customer_id_idx" ON "invoice_lines" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "subscriptions_customer_id_idx" ON "subscriptions" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "subscriptions_status_period_end_idx" ON "subscriptions" USING btree ("status","current_period_end");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_unique" ON "invoices" USING btree ("number");--> statement-breakpoint
-- The plan catalogue of packages/domain/src/plan-catalogue.ts (db/src/migrations.test.ts checks they agree).
INSERT INTO "plans" ("id", "name", "interval", "amount_cents", "currency", "features", "team_plan", "per_seat", "selectable", "premium_canvas_limit") VALUES
  ('free0', 'Free', NULL, 0, 'usd', '[]'::jsonb, false, false, true, NULL),
  ('team49', 'Team', 'month', 4900, 'usd', '["team","attachments"]'::jsonb, true, false, true, NULL),
  ('team49yearly', 'Team (yearly)', 'year', 49000, 'usd', '["team","attachments"]'::jsonb, true, false, true, NULL),
  ('individual19', 'Solo Starter', 'month', 1900, 'usd', '["attachments"]'::jsonb, false, false, true, 1),
  ('individual19yearly', 'Solo Starter (yearly)', 'year', 19000, 'usd', '["attachments"]'::jsonb, false, false, true, 1),
  ('individual29', 'Solo Plus', 'month', 2900, 'usd', '["attachments"]'::jsonb, false, false, true, 3),
  ('individual29yearly', 'Solo Plus (yearly)', 'year', 29000, 'usd', '["attachments"]'::jsonb, false, false, true, 3),
  ('individual35', 'Solo Pro', 'month', 3500, 'usd', '["attachments"]'::jsonb, false, false, true, 10),
  ('individual35yearly', 'Solo Pro (yearly)', 'year', 35000, 'usd', '["attachments"]'::jsonb, false, false, true, 10),
  ('enterprise35peruser', 'Enterprise', 'month', 3500, 'usd', '["team","labels","mentions","exports","folders","assign","pause","apiToken","attachments","sso"]'::jsonb, true, true, true, NULL),
  ('enterprise35peruseryearly', 'Enterprise (yearly)', 'year', 35000, 'usd', '["team","labels","mentions","exports","folders","assign","pause","apiToken","attachments","sso"]'::jsonb, true, true, true, NULL),
  ('enterprise45peruser', 'Enterprise Plus', 'month', 4500, 'usd', '["team","labels","mentions","exports","folders","assign","pause","apiToken","attachments","sso"]'::jsonb, true, true, true, NULL),
  ('enterprise45peruseryearly', 'Enterprise Plus (yearly)', 'year', 45000, 'usd', '["team","labels","mentions","exports","folders","assign","pause","apiToken","attachments","sso"]'::jsonb, true, true, true, NULL)
ON CONFLICT ("id") DO UPDATE SET "name" = excluded."name", "interval" = excluded."interval", "amount_cents" = excluded."amount_cents", "currency" = excluded."currency", "features" = excluded."features", "team_plan" = excluded."team_plan", "per_seat" = excluded."per_seat", "selectable" = excluded."selectable", "premium_canvas_limit" = excluded."premium_canvas_limit", "updated_at" = now();--> statement-breakpoint
-- Invoices are immutable once finalised: after leaving draft only the payment fields may change
-- (status, amount paid, paid at, retry bookkeeping); lines of a finalised invoice cannot change at all.
CREATE FUNCTION "invoices_immutable_after_finalise"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD."status" <> 'draft' AND (
    NEW."number" IS DISTINCT FROM OLD."number" OR NEW."subtotal" <> OLD."subtotal" OR
    NEW."discount" <> OLD."discount" OR NEW."amount_due" <> OLD."amount_due" OR
    NEW."currency" <> OLD."currency" OR NEW."period_start" IS DISTINCT FROM OLD."period_start" OR
    NEW."period_end" IS DISTINCT FROM OLD."period_end" OR NEW."user_id" <> OLD."user_id" OR
    NEW."finalized_at" IS DISTINCT FROM OLD."finalized_at" OR NEW."status" = 'draft'
  ) THEN
    RAISE EXCEPTION 'invoice % is finalised and cannot change', OLD."id" USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "invoices_immutable_after_finalise" BEFORE UPDATE ON "invoices"
  FOR EACH ROW EXECUTE FUNCTION "invoices_immutable_after_finalise"();--> statement-breakpoint
CREATE FUNCTION "invoice_lines_immutable_after_finalise"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A cascade from a deleted invoice finds no invoice row any more and passes.
  IF (TG_OP <> 'INSERT' AND OLD."invoice_id" IS NOT NULL AND EXISTS (
        SELECT 1 FROM "invoices" WHERE "id" = OLD."invoice_id" AND "status" <> 'draft'))
     OR (TG_OP <> 'DELETE' AND NEW."invoice_id" IS NOT NULL AND EXISTS (
        SELECT 1 FROM "invoices" WHERE "id" = NEW."invoice_id" AND "status" <> 'draft')) THEN
    RAISE EXCEPTION 'lines of a finalised invoice cannot change' USING ERRCODE = 'check_violation';
  END IF;
  IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "invoice_lines_immutable_after_finalise" BEFORE INSERT OR UPDATE OR DELETE ON "invoice_lines"
  FOR EACH ROW EXECUTE FUNCTION "invoice_lines_immutable_after_finalise"();
