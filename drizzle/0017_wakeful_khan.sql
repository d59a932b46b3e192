CREATE TABLE "campaign_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"campaign_id" uuid NOT NULL,
	"email" text NOT NULL,
	"waitlist_id" uuid,
	"subscriber_id" uuid,
	"domain" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone,
	CONSTRAINT "campaign_messages_status_check" CHECK ("campaign_messages"."status" in ('pending', 'sent', 'failed', 'suppressed', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text DEFAULT 'campaign' NOT NULL,
	"post_id" uuid,
	"subject" text DEFAULT '' NOT NULL,
	"preview_text" text DEFAULT '' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"audience" text DEFAULT 'newsletter' NOT NULL,
	"waitlist_filter" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"scheduled_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" text,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaigns_status_check" CHECK ("campaigns"."status" in ('draft', 'scheduled', 'sending', 'done', 'cancelled')),
	CONSTRAINT "campaigns_audience_check" CHECK ("campaigns"."audience" in ('newsletter', 'waitlist', 'both')),
	CONSTRAINT "campaigns_kind_check" CHECK ("campaigns"."kind" in ('campaign', 'post'))
);
--> statement-breakpoint
CREATE TABLE "send_rates" (
	"key" text PRIMARY KEY NOT NULL,
	"tat" timestamp with time zone NOT NULL,
	"granted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "delivery_reports" DROP CONSTRAINT "delivery_reports_kind_check";--> statement-breakpoint
ALTER TABLE "delivery_reports" DROP CONSTRAINT "delivery_reports_source_check";--> statement-breakpoint
ALTER TABLE "suppressions" DROP CONSTRAINT "suppressions_reason_check";--> statement-breakpoint
ALTER TABLE "campaign_messages" ADD CONSTRAINT "campaign_messages_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_messages" ADD CONSTRAINT "campaign_messages_waitlist_id_waitlist_id_fk" FOREIGN KEY ("waitlist_id") REFERENCES "public"."waitlist"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_messages" ADD CONSTRAINT "campaign_messages_subscriber_id_newsletter_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."newsletter_subscribers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_post_id_blog_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."blog_posts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_messages_campaign_email_idx" ON "campaign_messages" USING btree ("campaign_id","email");--> statement-breakpoint
CREATE INDEX "campaign_messages_due_idx" ON "campaign_messages" USING btree ("run_at") WHERE "campaign_messages"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "campaign_messages_campaign_status_idx" ON "campaign_messages" USING btree ("campaign_id","status");--> statement-breakpoint
CREATE INDEX "campaigns_due_idx" ON "campaigns" USING btree ("scheduled_at") WHERE "campaigns"."status" = 'scheduled';--> statement-breakpoint
CREATE UNIQUE INDEX "campaigns_post_idx" ON "campaigns" USING btree ("post_id") WHERE "campaigns"."kind" = 'post';--> statement-breakpoint
ALTER TABLE "delivery_reports" ADD CONSTRAINT "delivery_reports_kind_check" CHECK ("delivery_reports"."kind" in ('hard-bounce', 'soft-bounce', 'complaint', 'auto-reply', 'unclassified'));--> statement-breakpoint
ALTER TABLE "delivery_reports" ADD CONSTRAINT "delivery_reports_source_check" CHECK ("delivery_reports"."source" in ('smtp-receiver', 'http', 'smtp-answer'));--> statement-breakpoint
ALTER TABLE "suppressions" ADD CONSTRAINT "suppressions_reason_check" CHECK ("suppressions"."reason" in ('hard-bounce', 'soft-bounce', 'complaint'));