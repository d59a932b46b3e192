CREATE TABLE "support_attachments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"message_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"content_type" text,
	"bytes" "bytea",
	"refusal" text,
	CONSTRAINT "support_attachments_kept_or_refused_check" CHECK (("support_attachments"."refusal" is null) = ("support_attachments"."bytes" is not null and "support_attachments"."content_type" is not null)),
	CONSTRAINT "support_attachments_type_check" CHECK ("support_attachments"."content_type" in ('application/pdf', 'image/png', 'image/jpeg', 'text/plain')),
	CONSTRAINT "support_attachments_refusal_check" CHECK ("support_attachments"."refusal" in ('type', 'content', 'size', 'per-message', 'per-conversation'))
);
--> statement-breakpoint
ALTER TABLE "support_conversations" ADD COLUMN "overdue_notified_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "support_attachments" ADD CONSTRAINT "support_attachments_message_id_support_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."support_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "support_attachments_message_idx" ON "support_attachments" USING btree ("message_id");--> statement-breakpoint
ALTER TABLE "support_messages" DROP COLUMN "dropped_attachments";