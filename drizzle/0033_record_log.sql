CREATE TABLE "record_log_entries" (
	"seq" integer PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"robot" text NOT NULL,
	"account" text NOT NULL,
	"file_sha256" text NOT NULL,
	"previous_hash" text NOT NULL,
	"hash" text NOT NULL,
	"statement_id" uuid NOT NULL,
	CONSTRAINT "record_log_entries_kind_check" CHECK ("record_log_entries"."kind" in ('statement', 'publication', 'withdrawal'))
);
--> statement-breakpoint
CREATE TABLE "record_log_heads" (
	"size" integer PRIMARY KEY NOT NULL,
	"hash" text NOT NULL,
	"signed_at" timestamp with time zone NOT NULL,
	"public_key" text NOT NULL,
	"signature" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "record_log_keys" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"private_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "record_log_keys_one_row" CHECK ("record_log_keys"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "performance_publications" ADD COLUMN "action" text DEFAULT 'publish' NOT NULL;--> statement-breakpoint
ALTER TABLE "record_log_entries" ADD CONSTRAINT "record_log_entries_statement_id_performance_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."performance_statements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "performance_publications" ADD CONSTRAINT "performance_publications_action_check" CHECK ("performance_publications"."action" in ('publish', 'withdraw'));--> statement-breakpoint
-- docs/decisions/370: the log is append-only like the history it records.
CREATE TRIGGER "record_log_entries_append_only" BEFORE UPDATE OR DELETE ON "record_log_entries" FOR EACH ROW EXECUTE FUNCTION "performance_append_only"();--> statement-breakpoint
CREATE TRIGGER "record_log_heads_append_only" BEFORE UPDATE OR DELETE ON "record_log_heads" FOR EACH ROW EXECUTE FUNCTION "performance_append_only"();--> statement-breakpoint
CREATE TRIGGER "public_pages_changed" AFTER INSERT OR UPDATE OR DELETE ON "record_log_entries"
  FOR EACH ROW EXECUTE FUNCTION "public_pages_changed"();--> statement-breakpoint
-- The history stored before the log began enters it in the order it happened, each line
-- hashed as record-log-chain.server.ts writes it; the next append signs a head over it all.
DO $$
DECLARE
  previous text := repeat('0', 64);
  n integer := 0;
  line text;
  event record;
BEGIN
  FOR event IN
    SELECT * FROM (
      SELECT date_trunc('milliseconds', s.uploaded_at) AS at, 'statement' AS kind, 0 AS rank,
        s.id AS statement_id, s.robot_id, s.sha256, s.record ->> 'accountNumberMasked' AS account
      FROM performance_statements s
      UNION ALL
      SELECT date_trunc('milliseconds', p.published_at), 'publication', 1, p.statement_id,
        p.robot_id, s.sha256, s.record ->> 'accountNumberMasked'
      FROM performance_publications p JOIN performance_statements s ON s.id = p.statement_id
    ) history
    ORDER BY at, rank, statement_id
  LOOP
    n := n + 1;
    line := concat_ws(E'\t', n::text,
      to_char(event.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), event.kind,
      (SELECT key FROM robots WHERE id = event.robot_id), event.account, event.sha256, previous);
    INSERT INTO record_log_entries (seq, at, kind, robot, account, file_sha256, previous_hash, hash, statement_id)
    VALUES (n, event.at, event.kind, (SELECT key FROM robots WHERE id = event.robot_id),
      event.account, event.sha256, previous,
      encode(sha256(convert_to(line || E'\n', 'UTF8')), 'hex'), event.statement_id);
    previous := encode(sha256(convert_to(line || E'\n', 'UTF8')), 'hex');
  END LOOP;
END
$$;
