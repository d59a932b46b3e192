CREATE TABLE "maintenance_windows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"reason" text NOT NULL,
	"declared_by" text NOT NULL,
	"declared_at" timestamp with time zone NOT NULL,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "maintenance_windows_order_check" CHECK ("maintenance_windows"."ends_at" > "maintenance_windows"."starts_at"),
	CONSTRAINT "maintenance_windows_declared_check" CHECK ("maintenance_windows"."declared_at" <= "maintenance_windows"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "service_credit_thresholds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"minutes" integer NOT NULL,
	"set_by" text NOT NULL,
	"set_at" timestamp with time zone NOT NULL,
	CONSTRAINT "service_credit_thresholds_minutes_check" CHECK ("service_credit_thresholds"."minutes" >= 0 and "service_credit_thresholds"."minutes" <= 44640)
);
--> statement-breakpoint
ALTER TABLE "subscription_charges" ADD COLUMN "credited_cycle" integer;--> statement-breakpoint
ALTER TABLE "subscription_charges" ADD COLUMN "downtime_minutes" integer;--> statement-breakpoint
ALTER TABLE "subscription_charges" ADD COLUMN "credit_threshold_minutes" integer;--> statement-breakpoint
ALTER TABLE "subscription_charges" ADD COLUMN "service_credit_usd_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "maintenance_windows_starts_idx" ON "maintenance_windows" USING btree ("starts_at");--> statement-breakpoint
CREATE INDEX "service_credit_thresholds_set_at_idx" ON "service_credit_thresholds" USING btree ("set_at");--> statement-breakpoint
-- Hand-written (docs/decisions/394; keep at the END when this migration is regenerated): the
-- credit threshold is printed on /termos and /precos, so a change empties the page cache like
-- the other tables public pages read (drizzle/0027, docs/decisions/221).
CREATE TRIGGER "public_pages_changed" AFTER INSERT OR UPDATE OR DELETE ON "service_credit_thresholds"
  FOR EACH ROW EXECUTE FUNCTION "public_pages_changed"();--> statement-breakpoint
CREATE TRIGGER "public_pages_truncated" AFTER TRUNCATE ON "service_credit_thresholds"
  FOR EACH STATEMENT EXECUTE FUNCTION "public_pages_changed"();
