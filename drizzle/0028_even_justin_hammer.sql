CREATE TABLE "email_mailbox_openings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mailbox_id" uuid NOT NULL,
	"opened_by" text NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_mailbox" ADD COLUMN "link_hashes" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "email_mailbox_openings" ADD CONSTRAINT "email_mailbox_openings_mailbox_id_email_mailbox_id_fk" FOREIGN KEY ("mailbox_id") REFERENCES "public"."email_mailbox"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_mailbox_openings_mailbox_idx" ON "email_mailbox_openings" USING btree ("mailbox_id","opened_at");