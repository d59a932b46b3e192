CREATE TABLE "support_conversations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"origin" text NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"waitlist_id" uuid,
	"subscription_id" uuid,
	"robot_name" text,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"reply_token" text NOT NULL,
	"first_response_due_at" timestamp with time zone NOT NULL,
	"first_response_at" timestamp with time zone,
	"last_message_at" timestamp with time zone NOT NULL,
	"awaiting_staff" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_conversations_reference_unique" UNIQUE("reference"),
	CONSTRAINT "support_conversations_reply_token_unique" UNIQUE("reply_token"),
	CONSTRAINT "support_conversations_origin_check" CHECK ("support_conversations"."origin" in ('account', 'contact', 'email')),
	CONSTRAINT "support_conversations_state_check" CHECK ("support_conversations"."state" in ('open', 'closed'))
);
--> statement-breakpoint
CREATE TABLE "support_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"conversation_id" uuid NOT NULL,
	"author" text NOT NULL,
	"staff_email" text,
	"body" text NOT NULL,
	"email_message_id" text,
	"from_address" text,
	"dropped_attachments" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_messages_author_check" CHECK ("support_messages"."author" in ('customer', 'staff'))
);
--> statement-breakpoint
ALTER TABLE "support_conversations" ADD CONSTRAINT "support_conversations_waitlist_id_waitlist_id_fk" FOREIGN KEY ("waitlist_id") REFERENCES "public"."waitlist"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_conversations" ADD CONSTRAINT "support_conversations_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_messages" ADD CONSTRAINT "support_messages_conversation_id_support_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."support_conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "support_conversations_inbox_idx" ON "support_conversations" USING btree ("state","last_message_at");--> statement-breakpoint
CREATE INDEX "support_conversations_email_idx" ON "support_conversations" USING btree ("email");--> statement-breakpoint
CREATE INDEX "support_conversations_waitlist_idx" ON "support_conversations" USING btree ("waitlist_id");--> statement-breakpoint
CREATE UNIQUE INDEX "support_messages_email_idx" ON "support_messages" USING btree ("conversation_id","email_message_id");--> statement-breakpoint
CREATE INDEX "support_messages_conversation_idx" ON "support_messages" USING btree ("conversation_id","created_at");