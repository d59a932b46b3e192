CREATE TABLE "waitlist_status_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entry_id" uuid NOT NULL,
	"status" text NOT NULL,
	"changed_by" text NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "waitlist_status_changes" ADD CONSTRAINT "waitlist_status_changes_entry_id_waitlist_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."waitlist"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "waitlist_status_changes_entry_idx" ON "waitlist_status_changes" USING btree ("entry_id","changed_at");--> statement-breakpoint
CREATE INDEX "waitlist_created_at_id_idx" ON "waitlist" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "waitlist_status_created_at_id_idx" ON "waitlist" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "waitlist_interested_agents_idx" ON "waitlist" USING gin ("interested_agents");