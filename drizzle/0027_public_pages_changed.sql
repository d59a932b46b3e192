-- docs/decisions/221: what public pages show changes only through these tables; any write to
-- them, from the app or from plain SQL, tells every listening server process at commit
-- (channel public_pages_changed, payload: the table's name), and each empties its page cache.
-- Row triggers: a write that touches no row says nothing; the notifications of one
-- transaction are folded into one per table by PostgreSQL.
CREATE FUNCTION "public_pages_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('public_pages_changed', TG_TABLE_NAME);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "public_pages_changed" AFTER INSERT OR UPDATE OR DELETE ON "robots"
  FOR EACH ROW EXECUTE FUNCTION "public_pages_changed"();--> statement-breakpoint
CREATE TRIGGER "public_pages_truncated" AFTER TRUNCATE ON "robots"
  FOR EACH STATEMENT EXECUTE FUNCTION "public_pages_changed"();--> statement-breakpoint
CREATE TRIGGER "public_pages_changed" AFTER INSERT OR UPDATE OR DELETE ON "robot_slug_history"
  FOR EACH ROW EXECUTE FUNCTION "public_pages_changed"();--> statement-breakpoint
CREATE TRIGGER "public_pages_truncated" AFTER TRUNCATE ON "robot_slug_history"
  FOR EACH STATEMENT EXECUTE FUNCTION "public_pages_changed"();--> statement-breakpoint
CREATE TRIGGER "public_pages_changed" AFTER INSERT OR UPDATE OR DELETE ON "blog_posts"
  FOR EACH ROW EXECUTE FUNCTION "public_pages_changed"();--> statement-breakpoint
CREATE TRIGGER "public_pages_truncated" AFTER TRUNCATE ON "blog_posts"
  FOR EACH STATEMENT EXECUTE FUNCTION "public_pages_changed"();--> statement-breakpoint
CREATE TRIGGER "public_pages_changed" AFTER INSERT OR UPDATE OR DELETE ON "performance_statements"
  FOR EACH ROW EXECUTE FUNCTION "public_pages_changed"();--> statement-breakpoint
CREATE TRIGGER "public_pages_truncated" AFTER TRUNCATE ON "performance_statements"
  FOR EACH STATEMENT EXECUTE FUNCTION "public_pages_changed"();--> statement-breakpoint
CREATE TRIGGER "public_pages_changed" AFTER INSERT OR UPDATE OR DELETE ON "performance_publications"
  FOR EACH ROW EXECUTE FUNCTION "public_pages_changed"();--> statement-breakpoint
CREATE TRIGGER "public_pages_truncated" AFTER TRUNCATE ON "performance_publications"
  FOR EACH STATEMENT EXECUTE FUNCTION "public_pages_changed"();--> statement-breakpoint
-- Free spots count invitations that are accepted or open (robots/queries.server.ts
-- spotColumns): only a change of robot, status or deadline can move them.
CREATE TRIGGER "public_pages_changed" AFTER INSERT OR DELETE ON "invitations"
  FOR EACH ROW EXECUTE FUNCTION "public_pages_changed"();--> statement-breakpoint
CREATE TRIGGER "public_pages_changed_update" AFTER UPDATE ON "invitations"
  FOR EACH ROW WHEN (OLD."robot_id" IS DISTINCT FROM NEW."robot_id"
    OR OLD."status" IS DISTINCT FROM NEW."status"
    OR OLD."deadline" IS DISTINCT FROM NEW."deadline")
  EXECUTE FUNCTION "public_pages_changed"();--> statement-breakpoint
CREATE TRIGGER "public_pages_truncated" AFTER TRUNCATE ON "invitations"
  FOR EACH STATEMENT EXECUTE FUNCTION "public_pages_changed"();
