CREATE TABLE "bank_credits" (
	"key" text PRIMARY KEY NOT NULL,
	"posted_on" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"description" text NOT NULL,
	"import_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "early_discounts" (
	"robot_id" uuid PRIMARY KEY NOT NULL,
	"basis_points" integer NOT NULL,
	"months" integer NOT NULL,
	"set_by" text NOT NULL,
	"set_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "early_discounts_bp_check" CHECK ("early_discounts"."basis_points" between 1 and 10000),
	CONSTRAINT "early_discounts_months_check" CHECK ("early_discounts"."months" between 1 and 120)
);
--> statement-breakpoint
CREATE TABLE "exchange_rates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"rate" numeric(8, 4) NOT NULL,
	"set_by" text NOT NULL,
	"set_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exchange_rates_range_check" CHECK ("exchange_rates"."rate" between 1 and 20)
);
--> statement-breakpoint
CREATE TABLE "order_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"actor" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"from_state" text,
	"to_state" text,
	"reason" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_setups" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"state" text DEFAULT 'awaiting-form' NOT NULL,
	"account_number" text,
	"broker_server" text,
	"platform" text,
	"whatsapp" text,
	"credential_sealed" text,
	"submitted_at" timestamp with time zone,
	"vps_ready_at" timestamp with time zone,
	"running_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "order_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"invitation_id" uuid,
	"waitlist_id" uuid,
	"robot_id" uuid,
	"robot_name" text NOT NULL,
	"state" text DEFAULT 'awaiting-payment' NOT NULL,
	"partner_broker" boolean NOT NULL,
	"price_usd_cents" integer,
	"partner_discount_usd_cents" integer,
	"early_discount_bp" integer,
	"early_discount_months" integer,
	"early_discount_usd_cents" integer,
	"total_usd_cents" integer,
	"exchange_rate" numeric(8, 4),
	"exchange_rate_set_by" text,
	"exchange_rate_set_at" timestamp with time zone,
	"total_brl_cents" integer,
	"deadline" timestamp with time zone NOT NULL,
	"reminder_at" timestamp with time zone,
	"link_method" text,
	"link_requested_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	CONSTRAINT "orders_reference_unique" UNIQUE("reference"),
	CONSTRAINT "orders_invitation_id_unique" UNIQUE("invitation_id"),
	CONSTRAINT "orders_state_check" CHECK ("orders"."state" in ('awaiting-payment', 'paid', 'expired', 'cancelled', 'refunded')),
	CONSTRAINT "orders_amounts_check" CHECK ("orders"."total_brl_cents" >= 0 and "orders"."total_usd_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"method" text NOT NULL,
	"amount_brl_cents" integer,
	"reference" text NOT NULL,
	"note" text,
	"credit_key" text,
	"recorded_by" text NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "statement_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"format" text NOT NULL,
	"account" text,
	"sha256" text NOT NULL,
	"credits" jsonb NOT NULL,
	"uploaded_by" text NOT NULL,
	"uploaded_at" timestamp with time zone NOT NULL,
	"applied_by" text,
	"applied_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "bank_credits" ADD CONSTRAINT "bank_credits_import_id_statement_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."statement_imports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "early_discounts" ADD CONSTRAINT "early_discounts_robot_id_robots_id_fk" FOREIGN KEY ("robot_id") REFERENCES "public"."robots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_setups" ADD CONSTRAINT "order_setups_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_tokens" ADD CONSTRAINT "order_tokens_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_invitation_id_invitations_id_fk" FOREIGN KEY ("invitation_id") REFERENCES "public"."invitations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_waitlist_id_waitlist_id_fk" FOREIGN KEY ("waitlist_id") REFERENCES "public"."waitlist"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_robot_id_robots_id_fk" FOREIGN KEY ("robot_id") REFERENCES "public"."robots"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exchange_rates_set_at_idx" ON "exchange_rates" USING btree ("set_at");--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id","at");--> statement-breakpoint
CREATE INDEX "order_setups_state_idx" ON "order_setups" USING btree ("state","submitted_at");--> statement-breakpoint
CREATE INDEX "order_tokens_order_idx" ON "order_tokens" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "orders_state_created_idx" ON "orders" USING btree ("state","created_at");--> statement-breakpoint
CREATE INDEX "orders_awaiting_deadline_idx" ON "orders" USING btree ("deadline") WHERE "orders"."state" = 'awaiting-payment';--> statement-breakpoint
CREATE INDEX "orders_awaiting_amount_idx" ON "orders" USING btree ("total_brl_cents") WHERE "orders"."state" = 'awaiting-payment';--> statement-breakpoint
CREATE INDEX "orders_waitlist_idx" ON "orders" USING btree ("waitlist_id");