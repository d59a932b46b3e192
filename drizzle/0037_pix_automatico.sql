CREATE TABLE "pix_mandates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subscription_id" uuid NOT NULL,
	"id_rec" text NOT NULL,
	"state" text DEFAULT 'awaiting-payer' NOT NULL,
	"ceiling_brl_cents" integer NOT NULL,
	"payer_name" text NOT NULL,
	"payer_cpf" text NOT NULL,
	"copy_paste" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"approved_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"ended_by" text,
	"end_reason" text,
	"cancel_requested_at" timestamp with time zone,
	"checked_at" timestamp with time zone,
	CONSTRAINT "pix_mandates_id_rec_unique" UNIQUE("id_rec"),
	CONSTRAINT "pix_mandates_state_check" CHECK ("pix_mandates"."state" in ('awaiting-payer', 'approved', 'rejected', 'expired', 'cancelled')),
	CONSTRAINT "pix_mandates_ended_by_check" CHECK ("pix_mandates"."ended_by" is null or "pix_mandates"."ended_by" in ('payer', 'receiver', 'psp')),
	CONSTRAINT "pix_mandates_ceiling_check" CHECK ("pix_mandates"."ceiling_brl_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "pix_recurring_charges" (
	"txid" text PRIMARY KEY NOT NULL,
	"charge_id" uuid NOT NULL,
	"mandate_id" uuid NOT NULL,
	"amount_brl_cents" integer NOT NULL,
	"due_date" date NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"retries" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"scheduled_at" timestamp with time zone,
	"settled_at" timestamp with time zone,
	CONSTRAINT "pix_recurring_charges_charge_id_unique" UNIQUE("charge_id"),
	CONSTRAINT "pix_recurring_charges_state_check" CHECK ("pix_recurring_charges"."state" in ('pending', 'scheduled', 'paid', 'failed', 'cancelled')),
	CONSTRAINT "pix_recurring_charges_amount_check" CHECK ("pix_recurring_charges"."amount_brl_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "pix_mandates" ADD CONSTRAINT "pix_mandates_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pix_recurring_charges" ADD CONSTRAINT "pix_recurring_charges_charge_id_subscription_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."subscription_charges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pix_recurring_charges" ADD CONSTRAINT "pix_recurring_charges_mandate_id_pix_mandates_id_fk" FOREIGN KEY ("mandate_id") REFERENCES "public"."pix_mandates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pix_mandates_live_idx" ON "pix_mandates" USING btree ("subscription_id") WHERE "pix_mandates"."state" in ('awaiting-payer', 'approved');--> statement-breakpoint
CREATE INDEX "pix_mandates_cancel_idx" ON "pix_mandates" USING btree ("cancel_requested_at") WHERE "pix_mandates"."cancel_requested_at" is not null;--> statement-breakpoint
CREATE INDEX "pix_recurring_charges_due_idx" ON "pix_recurring_charges" USING btree ("next_attempt_at") WHERE "pix_recurring_charges"."state" in ('pending', 'scheduled');