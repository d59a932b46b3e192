CREATE TABLE "delivery_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"source" text NOT NULL,
	"message_id" uuid,
	"recipient" text,
	"status" text,
	"detail" text,
	"subject" text,
	"raw" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" text,
	CONSTRAINT "delivery_reports_kind_check" CHECK (kind in ('hard-bounce', 'soft-bounce', 'complaint', 'auto-reply', 'unclassified')),
	CONSTRAINT "delivery_reports_source_check" CHECK (source in ('smtp-receiver', 'http', 'smtp-answer'))
);
--> statement-breakpoint
CREATE TABLE "suppressions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"reason" text NOT NULL,
	"message_id" uuid,
	"report_id" uuid,
	"detail" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	"lifted_at" timestamp with time zone,
	"lifted_by" text,
	CONSTRAINT "suppressions_reason_check" CHECK (reason in ('hard-bounce', 'soft-bounce', 'complaint')),
	CONSTRAINT "suppressions_email_lower_check" CHECK ("suppressions"."email" = lower(btrim("suppressions"."email")))
);
--> statement-breakpoint
ALTER TABLE "suppressions" ADD CONSTRAINT "suppressions_report_id_delivery_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."delivery_reports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "delivery_reports_recipient_idx" ON "delivery_reports" USING btree ("recipient","received_at");--> statement-breakpoint
CREATE INDEX "delivery_reports_review_idx" ON "delivery_reports" USING btree ("received_at") WHERE "delivery_reports"."reviewed_at" is null;--> statement-breakpoint
CREATE INDEX "suppressions_email_idx" ON "suppressions" USING btree ("email") WHERE "suppressions"."lifted_at" is null;--> statement-breakpoint
CREATE INDEX "suppressions_created_at_idx" ON "suppressions" USING btree ("created_at");