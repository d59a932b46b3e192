CREATE TABLE "pix_due_charges" (
	"txid" text PRIMARY KEY NOT NULL,
	"charge_id" uuid NOT NULL,
	"amount_brl_cents" integer NOT NULL,
	"due_date" date NOT NULL,
	"days_after_due" integer NOT NULL,
	"fine_bp" integer NOT NULL,
	"interest_bp_month" integer NOT NULL,
	"holds_notice" boolean DEFAULT true NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"copy_paste" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"active_at" timestamp with time zone,
	CONSTRAINT "pix_due_charges_charge_id_unique" UNIQUE("charge_id"),
	CONSTRAINT "pix_due_charges_state_check" CHECK ("pix_due_charges"."state" in ('pending', 'active', 'failed')),
	CONSTRAINT "pix_due_charges_amount_check" CHECK ("pix_due_charges"."amount_brl_cents" > 0),
	CONSTRAINT "pix_due_charges_terms_check" CHECK ("pix_due_charges"."fine_bp" between 0 and 200 and "pix_due_charges"."interest_bp_month" between 0 and 100 and "pix_due_charges"."days_after_due" between 0 and 60)
);
--> statement-breakpoint
CREATE TABLE "pix_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"end_to_end_id" text NOT NULL,
	"order_id" uuid,
	"reference" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"state" text DEFAULT 'requested' NOT NULL,
	"psp_status" text,
	"reason" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"requested_by" text NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "pix_refunds_state_check" CHECK ("pix_refunds"."state" in ('requested', 'done', 'failed')),
	CONSTRAINT "pix_refunds_amount_check" CHECK ("pix_refunds"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "provider_status" (
	"provider" text PRIMARY KEY NOT NULL,
	"problem" text,
	"since" timestamp with time zone,
	"checked_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "renewal_charge_terms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"fine_bp" integer NOT NULL,
	"interest_bp_month" integer NOT NULL,
	"set_by" text NOT NULL,
	"set_at" timestamp with time zone NOT NULL,
	CONSTRAINT "renewal_charge_terms_check" CHECK ("renewal_charge_terms"."fine_bp" between 0 and 200 and "renewal_charge_terms"."interest_bp_month" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "money_events" DROP CONSTRAINT "money_events_kind_check";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "exchange_rate_reason" text;--> statement-breakpoint
ALTER TABLE "subscription_charges" ADD COLUMN "exchange_rate_source" text DEFAULT 'staff' NOT NULL;--> statement-breakpoint
ALTER TABLE "subscription_charges" ADD COLUMN "exchange_rate_quoted_on" text;--> statement-breakpoint
ALTER TABLE "subscription_charges" ADD COLUMN "exchange_rate_reason" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "payer_document" text;--> statement-breakpoint
ALTER TABLE "pix_due_charges" ADD CONSTRAINT "pix_due_charges_charge_id_subscription_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."subscription_charges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pix_refunds" ADD CONSTRAINT "pix_refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pix_due_charges_pending_idx" ON "pix_due_charges" USING btree ("next_attempt_at") WHERE "pix_due_charges"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "pix_refunds_due_idx" ON "pix_refunds" USING btree ("next_attempt_at") WHERE "pix_refunds"."state" = 'requested';--> statement-breakpoint
CREATE INDEX "pix_refunds_order_idx" ON "pix_refunds" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "renewal_charge_terms_set_at_idx" ON "renewal_charge_terms" USING btree ("set_at");--> statement-breakpoint
ALTER TABLE "money_events" ADD CONSTRAINT "money_events_kind_check" CHECK ("money_events"."kind" in ('credit', 'card-approved', 'pix-received', 'card-refunded', 'chargeback', 'refund-requested', 'refund-sent', 'refund-failed', 'notice'));--> statement-breakpoint
-- Hand-written (issue 37, docs/decisions/367-368): re-append after regenerating.
-- 1. Renewal charges name the rate they used: its source, PTAX day and override reason, from
--    the exchange_rates row they were made at; orders likewise take the override's reason.
UPDATE "subscription_charges" c SET "exchange_rate_source" = r."source",
  "exchange_rate_quoted_on" = r."quoted_on", "exchange_rate_reason" = r."reason"
  FROM "exchange_rates" r
  WHERE r."set_at" = c."exchange_rate_set_at" AND r."set_by" = c."exchange_rate_set_by";--> statement-breakpoint
UPDATE "orders" o SET "exchange_rate_reason" = r."reason"
  FROM "exchange_rates" r
  WHERE r."set_at" = o."exchange_rate_set_at" AND r."set_by" = o."exchange_rate_set_by"
    AND r."source" = 'staff';--> statement-breakpoint
-- 2. The ledger becomes the one record of money in: every Pix pix_receipts held for staff
--    that the ledger does not have yet waits there with its reason, then pix_receipts goes.
INSERT INTO "money_events" ("source", "source_id", "kind", "method", "amount_cents", "currency",
    "received_at", "origin", "reference", "state", "waiting_reason", "recorded_at")
  SELECT 'api-pix',
    CASE WHEN p."reason" = 'conflicting-repeat' THEN p."end_to_end_id" || ' repetido'
      ELSE p."end_to_end_id" END,
    'pix-received', 'pix', p."amount_brl_cents", 'BRL', p."paid_at", 'API Pix (' || p."source" || ')',
    p."txid", 'waiting',
    CASE p."reason"
      WHEN 'unknown-txid' THEN 'PIX sem cobrança conhecida (txid desconhecido)'
      WHEN 'wrong-amount' THEN 'valor diferente do cobrado'
      WHEN 'paid-after-expiry' THEN 'pago depois do vencimento da cobrança'
      WHEN 'already-paid' THEN 'pedido já estava pago (pagamento em duplicidade)'
      WHEN 'order-not-payable' THEN 'pedido não aguarda mais pagamento (expirado, cancelado ou reembolsado)'
      ELSE 'o PSP repetiu o endToEndId com dados diferentes' END
      || coalesce(': ' || p."detail", ''),
    p."received_at"
  FROM "pix_receipts" p
  WHERE p."outcome" = 'unresolved' AND p."resolved_at" IS NULL
  ON CONFLICT ("source", "source_id") DO NOTHING;--> statement-breakpoint
DROP TABLE "pix_receipts" CASCADE;
