CREATE TABLE "scheduled_jobs" (
	"name" text PRIMARY KEY NOT NULL,
	"run_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text
);
--> statement-breakpoint
ALTER TABLE "email_outbox" DROP CONSTRAINT "email_outbox_status_check";--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "settled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "email_tokens" ADD COLUMN "outbox_id" uuid;--> statement-breakpoint
ALTER TABLE "invitation_tokens" ADD COLUMN "outbox_id" uuid;--> statement-breakpoint
ALTER TABLE "email_tokens" ADD CONSTRAINT "email_tokens_outbox_id_email_outbox_id_fk" FOREIGN KEY ("outbox_id") REFERENCES "public"."email_outbox"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitation_tokens" ADD CONSTRAINT "invitation_tokens_outbox_id_email_outbox_id_fk" FOREIGN KEY ("outbox_id") REFERENCES "public"."email_outbox"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_tokens_outbox_idx" ON "email_tokens" USING btree ("outbox_id");--> statement-breakpoint
CREATE INDEX "invitation_tokens_outbox_idx" ON "invitation_tokens" USING btree ("outbox_id");--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_status_check" CHECK ("email_outbox"."status" in ('queued', 'sent', 'failed', 'cancelled'));
--> statement-breakpoint
-- Workers LISTEN on this channel; every statement that queues messages wakes them at commit
-- (docs/decisions/115). Statements that queue none (a throttled sign-up) stay silent.
CREATE FUNCTION "email_outbox_queued"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM added) THEN
    PERFORM pg_notify('email_outbox_queued', '');
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "email_outbox_queued" AFTER INSERT ON "email_outbox"
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "email_outbox_queued"();--> statement-breakpoint
-- Settled messages get their settle time; sent ones keep no personal data (decision 116).
UPDATE "email_outbox" SET "settled_at" = coalesce("sent_at", "created_at") WHERE "status" <> 'queued';--> statement-breakpoint
UPDATE "email_outbox" SET "payload" = '{}'::jsonb WHERE "status" = 'sent';--> statement-breakpoint
-- Pending and failed messages name their link's owner instead of holding its token: links are
-- minted when a message is sent (decision 113).
UPDATE "email_outbox" o SET "payload" = (o."payload" - 'token') || jsonb_build_object('entryId', w."id"::text)
  FROM "waitlist" w
  WHERE o."status" <> 'sent' AND o."template" IN ('confirm-signup', 'my-data-link') AND w."email" = o."recipient";--> statement-breakpoint
UPDATE "email_outbox" o SET "payload" = (o."payload" - 'unsubscribeToken' - 'token') || jsonb_build_object('subscriberId', s."id"::text)
  FROM "newsletter_subscribers" s
  WHERE o."status" <> 'sent' AND o."template" IN ('confirm-newsletter', 'newsletter-welcome') AND s."email" = o."recipient";--> statement-breakpoint
UPDATE "email_outbox" o SET "payload" = (o."payload" - 'token') || jsonb_build_object('invitationId', coalesce(
    (SELECT t."invitation_id" FROM "invitation_tokens" t
      WHERE t."token_hash" = encode(sha256(convert_to(o."payload"->>'token', 'UTF8')), 'hex')),
    (SELECT i."id" FROM "invitations" i JOIN "waitlist" w ON w."id" = i."waitlist_id"
      WHERE w."email" = o."recipient" ORDER BY i."sent_at" DESC LIMIT 1))::text)
  WHERE o."status" <> 'sent' AND o."template" IN ('invitation', 'invitation-reminder');
