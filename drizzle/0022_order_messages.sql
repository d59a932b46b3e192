ALTER TABLE "order_tokens" ADD COLUMN "outbox_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "link_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "link_sent_by" text;--> statement-breakpoint
ALTER TABLE "order_tokens" ADD CONSTRAINT "order_tokens_outbox_id_email_outbox_id_fk" FOREIGN KEY ("outbox_id") REFERENCES "public"."email_outbox"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_tokens_outbox_idx" ON "order_tokens" USING btree ("outbox_id");