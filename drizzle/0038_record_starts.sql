CREATE TABLE "performance_record_starts" (
	"robot_id" uuid PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"statement_id" uuid NOT NULL,
	"fixed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "performance_record_starts" ADD CONSTRAINT "performance_record_starts_robot_id_robots_id_fk" FOREIGN KEY ("robot_id") REFERENCES "public"."robots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "performance_record_starts" ADD CONSTRAINT "performance_record_starts_statement_id_performance_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."performance_statements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Hand-written (issue 38, docs/decisions/372): a robot's record start is never moved, so its
-- row refuses updates and deletes like the rest of the performance history.
CREATE TRIGGER "performance_record_starts_append_only" BEFORE UPDATE OR DELETE ON "performance_record_starts" FOR EACH ROW EXECUTE FUNCTION "performance_append_only"();--> statement-breakpoint
-- Hand-written: robots published before this migration get the start of their first
-- publication.
INSERT INTO "performance_record_starts" ("robot_id", "started_at", "statement_id", "fixed_at")
SELECT DISTINCT ON (p.robot_id) p.robot_id, (s.record ->> 'periodStart')::timestamptz, s.id, p.published_at
FROM "performance_publications" p JOIN "performance_statements" s ON s.id = p.statement_id
WHERE p.action = 'publish'
ORDER BY p.robot_id, p.published_at, p.id;
