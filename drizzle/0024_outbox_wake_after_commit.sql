-- docs/decisions/195: the outbox's NOTIFY trigger goes. PostgreSQL serialises the commits of
-- every transaction that sent a notification (one lock held across the WAL flush), so each
-- sign-up waited for the one before it. Transactions that enqueue notify themselves
-- (enqueue()), and one-statement writes wake the workers after their commit, coalesced.
DROP TRIGGER "email_outbox_queued" ON "email_outbox";--> statement-breakpoint
DROP FUNCTION "email_outbox_queued"();
