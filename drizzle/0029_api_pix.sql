CREATE TABLE "pix_charges" (
	"txid" text PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"amount_brl_cents" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"copy_paste" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"active_at" timestamp with time zone,
	CONSTRAINT "pix_charges_order_id_unique" UNIQUE("order_id"),
	CONSTRAINT "pix_charges_state_check" CHECK ("pix_charges"."state" in ('pending', 'active', 'failed')),
	CONSTRAINT "pix_charges_amount_check" CHECK ("pix_charges"."amount_brl_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "pix_receipts" (
	"end_to_end_id" text PRIMARY KEY NOT NULL,
	"txid" text,
	"amount_brl_cents" integer NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	"source" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"order_id" uuid,
	"outcome" text NOT NULL,
	"reason" text,
	"detail" text,
	"resolved_by" text,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "pix_receipts_outcome_check" CHECK ("pix_receipts"."outcome" in ('applied', 'unresolved')),
	CONSTRAINT "pix_receipts_source_check" CHECK ("pix_receipts"."source" in ('webhook', 'poll')),
	CONSTRAINT "pix_receipts_reason_check" CHECK (("pix_receipts"."outcome" = 'applied') = ("pix_receipts"."reason" is null) and ("pix_receipts"."reason" is null or "pix_receipts"."reason" in ('unknown-txid', 'wrong-amount', 'paid-after-expiry', 'already-paid', 'order-not-payable', 'conflicting-repeat')))
);
--> statement-breakpoint
ALTER TABLE "exchange_rates" ADD COLUMN "source" text DEFAULT 'staff' NOT NULL;--> statement-breakpoint
ALTER TABLE "exchange_rates" ADD COLUMN "quoted_on" text;--> statement-breakpoint
ALTER TABLE "exchange_rates" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "exchange_rate_source" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "exchange_rate_quoted_on" text;--> statement-breakpoint
ALTER TABLE "pix_charges" ADD CONSTRAINT "pix_charges_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pix_receipts" ADD CONSTRAINT "pix_receipts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pix_charges_pending_idx" ON "pix_charges" USING btree ("next_attempt_at") WHERE "pix_charges"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "pix_charges_active_idx" ON "pix_charges" USING btree ("active_at") WHERE "pix_charges"."state" = 'active';--> statement-breakpoint
CREATE INDEX "pix_receipts_unresolved_idx" ON "pix_receipts" USING btree ("received_at") WHERE "pix_receipts"."outcome" = 'unresolved' and "pix_receipts"."resolved_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "exchange_rates_ptax_day_idx" ON "exchange_rates" USING btree ("quoted_on") WHERE "exchange_rates"."source" = 'ptax';--> statement-breakpoint
ALTER TABLE "exchange_rates" ADD CONSTRAINT "exchange_rates_source_check" CHECK ("exchange_rates"."source" in ('ptax', 'staff'));