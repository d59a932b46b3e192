CREATE TABLE "signed_statement_inboxes" (
	"robot_id" uuid PRIMARY KEY NOT NULL,
	"mailbox" text NOT NULL,
	"account_number" text NOT NULL,
	"broker_domains" text[] NOT NULL,
	"account_kind" text NOT NULL,
	"broker" text NOT NULL,
	"server_clock" text NOT NULL,
	"currency" text NOT NULL,
	"updated_by" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "signed_statement_inboxes_mailbox_unique" UNIQUE("mailbox")
);
--> statement-breakpoint
CREATE TABLE "signed_statement_message_parts" (
	"message_id" uuid NOT NULL,
	"part" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	CONSTRAINT "signed_statement_message_parts_message_id_part_pk" PRIMARY KEY("message_id","part")
);
--> statement-breakpoint
CREATE TABLE "signed_statement_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"robot_id" uuid NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"mail_from" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text,
	"outcome" text NOT NULL,
	"reason" text,
	"signing_domain" text,
	"detail" text,
	"statement_id" uuid,
	CONSTRAINT "signed_statement_messages_outcome_check" CHECK ("signed_statement_messages"."outcome" in ('accepted', 'refused')),
	CONSTRAINT "signed_statement_messages_reason_check" CHECK ("signed_statement_messages"."reason" in ('too-large', 'unsigned', 'signature-failed', 'key-unresolved', 'domain-not-allowed', 'no-statement', 'unreadable-statement', 'account-mismatch', 'not-reconciled', 'replayed')),
	CONSTRAINT "signed_statement_messages_refused_has_reason" CHECK (("signed_statement_messages"."outcome" = 'refused') = ("signed_statement_messages"."reason" is not null))
);
--> statement-breakpoint
ALTER TABLE "performance_statements" ADD COLUMN "signed_by_domain" text;--> statement-breakpoint
ALTER TABLE "performance_statements" ADD COLUMN "signature_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "signed_statement_inboxes" ADD CONSTRAINT "signed_statement_inboxes_robot_id_robots_id_fk" FOREIGN KEY ("robot_id") REFERENCES "public"."robots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signed_statement_messages" ADD CONSTRAINT "signed_statement_messages_robot_id_robots_id_fk" FOREIGN KEY ("robot_id") REFERENCES "public"."robots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signed_statement_messages" ADD CONSTRAINT "signed_statement_messages_statement_id_performance_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."performance_statements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "signed_statement_messages_robot_idx" ON "signed_statement_messages" USING btree ("robot_id","received_at");--> statement-breakpoint
CREATE INDEX "signed_statement_messages_sha_idx" ON "signed_statement_messages" USING btree ("sha256");--> statement-breakpoint
-- Hand-written (issue 38, docs/decisions/377): received messages and their raw parts are
-- append-only, like the statements they may become (the trigger function of decision 133).
CREATE TRIGGER "signed_statement_messages_append_only" BEFORE UPDATE OR DELETE ON "signed_statement_messages" FOR EACH ROW EXECUTE FUNCTION "performance_append_only"();--> statement-breakpoint
CREATE TRIGGER "signed_statement_message_parts_append_only" BEFORE UPDATE OR DELETE ON "signed_statement_message_parts" FOR EACH ROW EXECUTE FUNCTION "performance_append_only"();
