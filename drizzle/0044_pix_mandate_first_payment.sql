ALTER TABLE "pix_mandates" ALTER COLUMN "subscription_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "pix_mandates" ADD COLUMN "order_id" uuid;--> statement-breakpoint
ALTER TABLE "pix_mandates" ADD CONSTRAINT "pix_mandates_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pix_mandates_order_live_idx" ON "pix_mandates" USING btree ("order_id") WHERE "pix_mandates"."state" in ('awaiting-payer', 'approved');--> statement-breakpoint
ALTER TABLE "pix_mandates" ADD CONSTRAINT "pix_mandates_owner_check" CHECK ("pix_mandates"."subscription_id" is not null or "pix_mandates"."order_id" is not null);