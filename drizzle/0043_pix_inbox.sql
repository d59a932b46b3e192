CREATE TABLE "pix_inbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pix" jsonb NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"run_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text
);
--> statement-breakpoint
CREATE INDEX "pix_inbox_run_at_idx" ON "pix_inbox" USING btree ("run_at");