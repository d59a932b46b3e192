CREATE TABLE "card_checkouts" (
	"preference_id" text PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"cut_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "order_setups" ADD COLUMN "overdue_notified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "waitlist" ADD COLUMN "erasure_requested_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "card_checkouts_live_idx" ON "card_checkouts" USING btree ("expires_at") WHERE "card_checkouts"."cut_at" is null;