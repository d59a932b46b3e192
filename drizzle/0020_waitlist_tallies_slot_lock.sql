-- Issue 25 (docs/decisions/145): waitlist_tallies' trigger takes its slot's advisory lock
-- before any tally row, so transactions that write the waitlist in several statements never
-- deadlock on tally rows.
CREATE OR REPLACE FUNCTION waitlist_tallies_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  -- One slot per transaction, and rows locked in key order: two sign-ups never deadlock.
  chosen_slot smallint := (txid_current() % 8)::smallint;
BEGIN
  -- A transaction may write the list in several statements (decline, then invite the next
  -- person), each locking tally rows in key order; with days in the key two such transactions
  -- could take the same rows in opposite orders. One lock per slot, taken before any tally row,
  -- orders them all (docs/decisions/145).
  PERFORM pg_advisory_xact_lock(74025, chosen_slot);
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
