CREATE TABLE "sso_domains" (
	"domain" text PRIMARY KEY NOT NULL,
	"team_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sso_domains_domain_normalised" CHECK (domain = lower(domain))
);
--> statement-breakpoint
ALTER TABLE "sso_configs" DROP CONSTRAINT "sso_configs_email_domain_normalised";--> statement-breakpoint
DROP INDEX "sso_configs_email_domain_unique";--> statement-breakpoint
ALTER TABLE "sso_configs" ADD COLUMN "sso_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sso_domains" ADD CONSTRAINT "sso_domains_team_id_sso_configs_team_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."sso_configs"("team_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sso_domains_team_id_idx" ON "sso_domains" USING btree ("team_id");--> statement-breakpoint
-- Keep the one domain each team had before domains got their own table.
INSERT INTO "sso_domains" ("domain", "team_id") SELECT "email_domain", "team_id" FROM "sso_configs" WHERE "email_domain" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "sso_configs" DROP COLUMN "email_domain";