ALTER TABLE "exchange_rates" ADD COLUMN "source" text DEFAULT 'staff' NOT NULL;--> statement-breakpoint
ALTER TABLE "exchange_rates" ADD COLUMN "quoted_on" text;--> statement-breakpoint
ALTER TABLE "exchange_rates" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "exchange_rate_source" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "exchange_rate_quoted_on" text;--> statement-breakpoint
CREATE UNIQUE INDEX "exchange_rates_ptax_day_idx" ON "exchange_rates" USING btree ("quoted_on") WHERE "exchange_rates"."source" = 'ptax';--> statement-breakpoint
ALTER TABLE "exchange_rates" ADD CONSTRAINT "exchange_rates_source_check" CHECK ("exchange_rates"."source" in ('ptax', 'staff'));