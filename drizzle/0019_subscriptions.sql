CREATE TABLE "payment_notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" text NOT NULL,
	"request_id" text,
	"resource_id" text,
	"verified" boolean NOT NULL,
	"outcome" text NOT NULL,
	"detail" text,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscription_charges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subscription_id" uuid NOT NULL,
	"cycle" integer NOT NULL,
	"reference" text NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"due_date" date NOT NULL,
	"price_usd_cents" integer NOT NULL,
	"partner_discount_usd_cents" integer NOT NULL,
	"early_discount_usd_cents" integer NOT NULL,
	"total_usd_cents" integer NOT NULL,
	"exchange_rate" numeric(8, 4) NOT NULL,
	"exchange_rate_set_by" text NOT NULL,
	"exchange_rate_set_at" timestamp with time zone NOT NULL,
	"total_brl_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reminded_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"payment_method" text,
	"payment_reference" text,
	"payment_amount_brl_cents" integer,
	"payment_recorded_by" text,
	"voided_at" timestamp with time zone,
	CONSTRAINT "subscription_charges_reference_unique" UNIQUE("reference"),
	CONSTRAINT "subscription_charges_state_check" CHECK ("subscription_charges"."state" in ('open', 'paid', 'void')),
	CONSTRAINT "subscription_charges_amounts_check" CHECK ("subscription_charges"."total_brl_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "subscription_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subscription_id" uuid NOT NULL,
	"actor" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"from_state" text,
	"to_state" text,
	"reason" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"robot_name" text NOT NULL,
	"state" text DEFAULT 'active' NOT NULL,
	"price_usd_cents" integer,
	"early_discount_bp" integer,
	"early_discount_months" integer,
	"partner_broker" boolean NOT NULL,
	"anchor_date" date NOT NULL,
	"anchor_cycle" integer DEFAULT 1 NOT NULL,
	"paid_cycle" integer DEFAULT 1 NOT NULL,
	"paid_through" date NOT NULL,
	"first_paid_at" timestamp with time zone NOT NULL,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" text,
	"suspended_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"refund_requested_at" timestamp with time zone,
	"refund_method" text,
	"refund_reference" text,
	"refunded_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_order_id_unique" UNIQUE("order_id"),
	CONSTRAINT "subscriptions_state_check" CHECK ("subscriptions"."state" in ('active', 'past-due', 'suspended', 'cancelled', 'ended', 'refunded')),
	CONSTRAINT "subscriptions_cycles_check" CHECK ("subscriptions"."paid_cycle" >= "subscriptions"."anchor_cycle")
);
--> statement-breakpoint
ALTER TABLE "subscription_charges" ADD CONSTRAINT "subscription_charges_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_events" ADD CONSTRAINT "subscription_events_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_notifications_request_idx" ON "payment_notifications" USING btree ("provider","request_id") WHERE "payment_notifications"."verified";--> statement-breakpoint
CREATE INDEX "payment_notifications_received_idx" ON "payment_notifications" USING btree ("received_at");--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_charges_cycle_idx" ON "subscription_charges" USING btree ("subscription_id","cycle");--> statement-breakpoint
CREATE INDEX "subscription_charges_open_due_idx" ON "subscription_charges" USING btree ("due_date") WHERE "subscription_charges"."state" = 'open';--> statement-breakpoint
CREATE INDEX "subscription_events_subscription_idx" ON "subscription_events" USING btree ("subscription_id","at");--> statement-breakpoint
CREATE INDEX "subscriptions_state_paid_through_idx" ON "subscriptions" USING btree ("state","paid_through");