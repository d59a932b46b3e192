-- docs/decisions/216: a statement's file in parts of at most 256 KB, each written by a
-- statement of its own, so PGlite never holds the server's thread for a whole 5 MB insert.
-- The files already uploaded move into parts unchanged (their SHA-256 still matches).
CREATE TABLE "performance_statement_files" (
	"statement_id" uuid NOT NULL,
	"part" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	CONSTRAINT "performance_statement_files_statement_id_part_pk" PRIMARY KEY("statement_id","part")
);
--> statement-breakpoint
INSERT INTO "performance_statement_files" ("statement_id", "part", "bytes")
SELECT s."id", p.n, substring(s."file" FROM p.n * 262144 + 1 FOR 262144)
FROM "performance_statements" s,
	generate_series(0, greatest(octet_length(s."file") - 1, 0) / 262144) AS p(n);
--> statement-breakpoint
ALTER TABLE "performance_statements" DROP COLUMN "file";
--> statement-breakpoint
CREATE TRIGGER "performance_statement_files_append_only" BEFORE UPDATE OR DELETE ON "performance_statement_files" FOR EACH ROW EXECUTE FUNCTION "performance_append_only"();
