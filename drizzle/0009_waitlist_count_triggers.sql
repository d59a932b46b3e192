-- waitlist_counts kept by statement triggers on waitlist (docs/decisions/074): every insert,
-- update and delete adds its net change per (status, kind, value) to one of 8 slot rows,
-- chosen per transaction, so concurrent sign-ups seldom wait on one row lock.
CREATE FUNCTION waitlist_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  -- One slot per transaction, and rows locked in key order: two sign-ups never deadlock.
  chosen_slot smallint := (txid_current() % 8)::smallint;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM waitlist_counts;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO waitlist_counts AS c (status, kind, value, slot, n)
      SELECT status, kind, value, chosen_slot, sum(n) FROM (
        SELECT status, 'status' AS kind, '' AS value, 1 AS n FROM new_rows
        UNION ALL SELECT status, 'agent', unnest(interested_agents), 1 FROM new_rows
        UNION ALL SELECT status, 'source', coalesce(source, ''), 1 FROM new_rows
      ) AS delta GROUP BY status, kind, value ORDER BY status, kind, value
      ON CONFLICT (status, kind, value, slot) DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO waitlist_counts AS c (status, kind, value, slot, n)
      SELECT status, kind, value, chosen_slot, sum(n) FROM (
        SELECT status, 'status' AS kind, '' AS value, -1 AS n FROM old_rows
        UNION ALL SELECT status, 'agent', unnest(interested_agents), -1 FROM old_rows
        UNION ALL SELECT status, 'source', coalesce(source, ''), -1 FROM old_rows
      ) AS delta GROUP BY status, kind, value ORDER BY status, kind, value
      ON CONFLICT (status, kind, value, slot) DO UPDATE SET n = c.n + excluded.n;
  ELSE
    -- An update that changes no counted column (status, agents, source) locks nothing.
    INSERT INTO waitlist_counts AS c (status, kind, value, slot, n)
      SELECT status, kind, value, chosen_slot, sum(n) FROM (
        SELECT status, 'status' AS kind, '' AS value, 1 AS n FROM new_rows
        UNION ALL SELECT status, 'agent', unnest(interested_agents), 1 FROM new_rows
        UNION ALL SELECT status, 'source', coalesce(source, ''), 1 FROM new_rows
        UNION ALL SELECT status, 'status', '', -1 FROM old_rows
        UNION ALL SELECT status, 'agent', unnest(interested_agents), -1 FROM old_rows
        UNION ALL SELECT status, 'source', coalesce(source, ''), -1 FROM old_rows
      ) AS delta GROUP BY status, kind, value HAVING sum(n) <> 0 ORDER BY status, kind, value
      ON CONFLICT (status, kind, value, slot) DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER waitlist_counts_on_insert AFTER INSERT ON waitlist
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION waitlist_counts_apply();
--> statement-breakpoint
CREATE TRIGGER waitlist_counts_on_update AFTER UPDATE ON waitlist
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION waitlist_counts_apply();
--> statement-breakpoint
CREATE TRIGGER waitlist_counts_on_delete AFTER DELETE ON waitlist
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION waitlist_counts_apply();
--> statement-breakpoint
CREATE TRIGGER waitlist_counts_on_truncate AFTER TRUNCATE ON waitlist
  FOR EACH STATEMENT EXECUTE FUNCTION waitlist_counts_apply();
--> statement-breakpoint
INSERT INTO waitlist_counts (status, kind, value, slot, n)
  SELECT status, kind, value, 0, count(*) FROM (
    SELECT status, 'status' AS kind, '' AS value FROM waitlist
    UNION ALL SELECT status, 'agent', unnest(interested_agents) FROM waitlist
    UNION ALL SELECT status, 'source', coalesce(source, '') FROM waitlist
  ) AS entries
  GROUP BY status, kind, value;
