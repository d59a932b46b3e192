CREATE TABLE "money_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"source" text NOT NULL,
	"source_id" text NOT NULL,
	"kind" text NOT NULL,
	"method" text,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"origin" text NOT NULL,
	"reference" text,
	"description" text,
	"state" text NOT NULL,
	"order_id" uuid,
	"charge_id" uuid,
	"waiting_reason" text,
	"resolved_by" text,
	"resolved_at" timestamp with time zone,
	"resolution" text,
	"recorded_at" timestamp with time zone NOT NULL,
	CONSTRAINT "money_events_kind_check" CHECK ("money_events"."kind" in ('credit', 'card-approved', 'pix-received', 'card-refunded', 'chargeback', 'refund-sent', 'notice')),
	CONSTRAINT "money_events_source_check" CHECK ("money_events"."source" in ('statement', 'mercado-pago', 'api-pix', 'staff')),
	CONSTRAINT "money_events_state_check" CHECK ("money_events"."state" in ('applied', 'waiting', 'refunded', 'noted')),
	CONSTRAINT "money_events_amount_check" CHECK ("money_events"."amount_cents" >= 0),
	CONSTRAINT "money_events_applied_check" CHECK (num_nonnulls("money_events"."order_id", "money_events"."charge_id") <= 1
        and ("money_events"."state" = 'applied' or num_nonnulls("money_events"."order_id", "money_events"."charge_id") = 0))
);
--> statement-breakpoint
CREATE TABLE "robot_switches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"action" text NOT NULL,
	"reason" text NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"done_at" timestamp with time zone,
	"done_by" text,
	CONSTRAINT "robot_switches_action_check" CHECK ("robot_switches"."action" in ('on', 'off'))
);
--> statement-breakpoint
ALTER TABLE "money_events" ADD CONSTRAINT "money_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_events" ADD CONSTRAINT "money_events_charge_id_subscription_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."subscription_charges"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "robot_switches" ADD CONSTRAINT "robot_switches_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "money_events_source_idx" ON "money_events" USING btree ("source","source_id");--> statement-breakpoint
CREATE INDEX "money_events_waiting_idx" ON "money_events" USING btree ("received_at") WHERE "money_events"."state" = 'waiting';--> statement-breakpoint
CREATE INDEX "money_events_order_idx" ON "money_events" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "money_events_charge_idx" ON "money_events" USING btree ("charge_id");--> statement-breakpoint
CREATE INDEX "robot_switches_pending_idx" ON "robot_switches" USING btree ("action","requested_at") WHERE "robot_switches"."done_at" is null;