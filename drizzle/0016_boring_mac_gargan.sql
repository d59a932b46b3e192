CREATE TABLE "performance_publications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"robot_id" uuid NOT NULL,
	"statement_id" uuid NOT NULL,
	"published_by" text NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "performance_statements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"robot_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"file" "bytea" NOT NULL,
	"sha256" text NOT NULL,
	"format" text NOT NULL,
	"account_kind" text NOT NULL,
	"broker" text NOT NULL,
	"server_clock" text NOT NULL,
	"currency" text NOT NULL,
	"record" jsonb NOT NULL,
	"reconciled" boolean NOT NULL,
	"uploaded_by" text NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "performance_statements_format_check" CHECK ("performance_statements"."format" in ('mt4', 'mt5')),
	CONSTRAINT "performance_statements_kind_check" CHECK ("performance_statements"."account_kind" in ('real', 'demo')),
	CONSTRAINT "performance_statements_clock_check" CHECK ("performance_statements"."server_clock" in ('ny-close', '+00:00', '+01:00', '+02:00', '+03:00', '+04:00', '-03:00', '-04:00', '-05:00'))
);
--> statement-breakpoint
ALTER TABLE "performance_publications" ADD CONSTRAINT "performance_publications_robot_id_robots_id_fk" FOREIGN KEY ("robot_id") REFERENCES "public"."robots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "performance_publications" ADD CONSTRAINT "performance_publications_statement_id_performance_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."performance_statements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "performance_statements" ADD CONSTRAINT "performance_statements_robot_id_robots_id_fk" FOREIGN KEY ("robot_id") REFERENCES "public"."robots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "performance_publications_robot_idx" ON "performance_publications" USING btree ("robot_id","published_at");--> statement-breakpoint
CREATE INDEX "performance_statements_robot_idx" ON "performance_statements" USING btree ("robot_id","uploaded_at");--> statement-breakpoint
CREATE FUNCTION "performance_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'performance history is append-only: % on % refused', TG_OP, TG_TABLE_NAME;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "performance_statements_append_only" BEFORE UPDATE OR DELETE ON "performance_statements" FOR EACH ROW EXECUTE FUNCTION "performance_append_only"();
--> statement-breakpoint
CREATE TRIGGER "performance_publications_append_only" BEFORE UPDATE OR DELETE ON "performance_publications" FOR EACH ROW EXECUTE FUNCTION "performance_append_only"();
