CREATE TABLE "fleet_incidents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subscription_id" uuid NOT NULL,
	"flag" text NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "fleet_incidents_flag_check" CHECK ("fleet_incidents"."flag" in ('no-signal', 'disconnected', 'balance-drop'))
);
--> statement-breakpoint
CREATE TABLE "heartbeat_samples" (
	"subscription_id" uuid NOT NULL,
	"resolution" text NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"minutes" integer NOT NULL,
	"account_number" text NOT NULL,
	"balance_cents" bigint NOT NULL,
	"equity_cents" bigint NOT NULL,
	"open_positions" integer NOT NULL,
	"last_trade_at" timestamp with time zone,
	"last_trade_profit_cents" bigint,
	"robot_version" text NOT NULL,
	"terminal_connected" boolean NOT NULL,
	CONSTRAINT "heartbeat_samples_subscription_id_resolution_bucket_pk" PRIMARY KEY("subscription_id","resolution","bucket"),
	CONSTRAINT "heartbeat_samples_resolution_check" CHECK ("heartbeat_samples"."resolution" in ('minute', 'hour', 'day')),
	CONSTRAINT "heartbeat_samples_values_check" CHECK ("heartbeat_samples"."balance_cents" >= 0 and "heartbeat_samples"."equity_cents" >= 0 and "heartbeat_samples"."open_positions" >= 0 and "heartbeat_samples"."minutes" > 0)
);
--> statement-breakpoint
CREATE TABLE "robot_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"subscription_id" uuid NOT NULL,
	"issued_by" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "fleet_incidents" ADD CONSTRAINT "fleet_incidents_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "heartbeat_samples" ADD CONSTRAINT "heartbeat_samples_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "robot_tokens" ADD CONSTRAINT "robot_tokens_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fleet_incidents_open_idx" ON "fleet_incidents" USING btree ("subscription_id","flag") WHERE "fleet_incidents"."closed_at" is null;--> statement-breakpoint
CREATE INDEX "fleet_incidents_subscription_idx" ON "fleet_incidents" USING btree ("subscription_id","opened_at");--> statement-breakpoint
CREATE INDEX "heartbeat_samples_resolution_bucket_idx" ON "heartbeat_samples" USING btree ("resolution","bucket");--> statement-breakpoint
CREATE INDEX "robot_tokens_subscription_idx" ON "robot_tokens" USING btree ("subscription_id");