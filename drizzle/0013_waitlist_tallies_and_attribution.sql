-- Issue 25 (docs/decisions/145): waitlist_counts (074) gives way to waitlist_tallies, which
-- also keys the figures by São Paulo day, set of agents and confirmation, so any filter
-- without a search is counted from it. The triggers are rewritten for the new table.
DROP TRIGGER waitlist_counts_on_insert ON waitlist;--> statement-breakpoint
DROP TRIGGER waitlist_counts_on_update ON waitlist;--> statement-breakpoint
DROP TRIGGER waitlist_counts_on_delete ON waitlist;--> statement-breakpoint
DROP TRIGGER waitlist_counts_on_truncate ON waitlist;--> statement-breakpoint
DROP FUNCTION waitlist_counts_apply();--> statement-breakpoint
CREATE TABLE "waitlist_tallies" (
	"day" date NOT NULL,
	"status" text NOT NULL,
	"agents" text[] NOT NULL,
	"source" text NOT NULL,
	"confirmed" boolean NOT NULL,
	"slot" smallint NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "waitlist_tallies_day_status_agents_source_confirmed_slot_pk" PRIMARY KEY("day","status","agents","source","confirmed","slot")
);
--> statement-breakpoint
ALTER TABLE "waitlist_counts" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
DROP TABLE "waitlist_counts" CASCADE;--> statement-breakpoint
ALTER TABLE "waitlist" ADD COLUMN "utm_medium" text;--> statement-breakpoint
ALTER TABLE "waitlist" ADD COLUMN "utm_campaign" text;--> statement-breakpoint
ALTER TABLE "waitlist" ADD COLUMN "referrer" text;--> statement-breakpoint
CREATE INDEX "waitlist_source_key_created_at_idx" ON "waitlist" USING btree (lower(translate(coalesce(source, ''), 'áàâãäéèêëíìîïóòôõöúùûüçñÁÀÂÃÄÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑ', 'aaaaaeeeeiiiiooooouuuucnAAAAAEEEEIIIIOOOOOUUUUCN')),"created_at","id");
--> statement-breakpoint
CREATE FUNCTION waitlist_tallies_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  -- One slot per transaction, and rows locked in key order: two sign-ups never deadlock.
  chosen_slot smallint := (txid_current() % 8)::smallint;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM waitlist_tallies;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO waitlist_tallies AS t (day, status, agents, source, confirmed, slot, n)
      SELECT day, status, agents, source, confirmed, chosen_slot, sum(n) FROM (
        SELECT (created_at AT TIME ZONE 'America/Sao_Paulo')::date AS day, status,
               array(SELECT DISTINCT a FROM unnest(interested_agents) AS a ORDER BY a) AS agents,
               coalesce(source, '') AS source, confirmed_at IS NOT NULL AS confirmed, 1 AS n
          FROM new_rows
      ) AS delta GROUP BY day, status, agents, source, confirmed HAVING sum(n) <> 0
      ORDER BY day, status, agents, source, confirmed
      ON CONFLICT (day, status, agents, source, confirmed, slot) DO UPDATE SET n = t.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO waitlist_tallies AS t (day, status, agents, source, confirmed, slot, n)
      SELECT day, status, agents, source, confirmed, chosen_slot, sum(n) FROM (
        SELECT (created_at AT TIME ZONE 'America/Sao_Paulo')::date AS day, status,
               array(SELECT DISTINCT a FROM unnest(interested_agents) AS a ORDER BY a) AS agents,
               coalesce(source, '') AS source, confirmed_at IS NOT NULL AS confirmed, -1 AS n
          FROM old_rows
      ) AS delta GROUP BY day, status, agents, source, confirmed HAVING sum(n) <> 0
      ORDER BY day, status, agents, source, confirmed
      ON CONFLICT (day, status, agents, source, confirmed, slot) DO UPDATE SET n = t.n + excluded.n;
  ELSE
    -- An update that changes no counted column (day, status, agents, source, confirmation)
    -- nets to nothing and locks nothing.
    INSERT INTO waitlist_tallies AS t (day, status, agents, source, confirmed, slot, n)
      SELECT day, status, agents, source, confirmed, chosen_slot, sum(n) FROM (
        SELECT (created_at AT TIME ZONE 'America/Sao_Paulo')::date AS day, status,
               array(SELECT DISTINCT a FROM unnest(interested_agents) AS a ORDER BY a) AS agents,
               coalesce(source, '') AS source, confirmed_at IS NOT NULL AS confirmed, 1 AS n
          FROM new_rows
        UNION ALL SELECT (created_at AT TIME ZONE 'America/Sao_Paulo')::date AS day, status,
               array(SELECT DISTINCT a FROM unnest(interested_agents) AS a ORDER BY a) AS agents,
               coalesce(source, '') AS source, confirmed_at IS NOT NULL AS confirmed, -1 AS n
          FROM old_rows
      ) AS delta GROUP BY day, status, agents, source, confirmed HAVING sum(n) <> 0
      ORDER BY day, status, agents, source, confirmed
      ON CONFLICT (day, status, agents, source, confirmed, slot) DO UPDATE SET n = t.n + excluded.n;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER waitlist_tallies_on_insert AFTER INSERT ON waitlist
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION waitlist_tallies_apply();
--> statement-breakpoint
CREATE TRIGGER waitlist_tallies_on_update AFTER UPDATE ON waitlist
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION waitlist_tallies_apply();
--> statement-breakpoint
CREATE TRIGGER waitlist_tallies_on_delete AFTER DELETE ON waitlist
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION waitlist_tallies_apply();
--> statement-breakpoint
CREATE TRIGGER waitlist_tallies_on_truncate AFTER TRUNCATE ON waitlist
  FOR EACH STATEMENT EXECUTE FUNCTION waitlist_tallies_apply();
--> statement-breakpoint
INSERT INTO waitlist_tallies (day, status, agents, source, confirmed, slot, n)
  SELECT day, status, agents, source, confirmed, 0, count(*) FROM (
        SELECT (created_at AT TIME ZONE 'America/Sao_Paulo')::date AS day, status,
               array(SELECT DISTINCT a FROM unnest(interested_agents) AS a ORDER BY a) AS agents,
               coalesce(source, '') AS source, confirmed_at IS NOT NULL AS confirmed, 1 AS n
          FROM waitlist
  ) AS entries
  GROUP BY day, status, agents, source, confirmed;
