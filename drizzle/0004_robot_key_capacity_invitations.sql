CREATE TABLE "invitation_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"invitation_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"waitlist_id" uuid NOT NULL,
	"robot_id" uuid NOT NULL,
	"status" text DEFAULT 'sent' NOT NULL,
	"invited_by" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"deadline" timestamp with time zone NOT NULL,
	"reminder_at" timestamp with time zone,
	"accepted_at" timestamp with time zone,
	"declined_at" timestamp with time zone,
	"expired_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"revoked_by" text,
	CONSTRAINT "invitations_status_check" CHECK ("invitations"."status" in ('sent', 'accepted', 'declined', 'expired', 'revoked'))
);
--> statement-breakpoint
CREATE TABLE "robot_slug_history" (
	"slug" text PRIMARY KEY NOT NULL,
	"robot_id" uuid NOT NULL,
	"retired_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "robots" ADD COLUMN "key" text;--> statement-breakpoint
ALTER TABLE "robots" ADD COLUMN "capacity" integer;--> statement-breakpoint
ALTER TABLE "robots" ADD COLUMN "auto_invite" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "invitation_tokens" ADD CONSTRAINT "invitation_tokens_invitation_id_invitations_id_fk" FOREIGN KEY ("invitation_id") REFERENCES "public"."invitations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_waitlist_id_waitlist_id_fk" FOREIGN KEY ("waitlist_id") REFERENCES "public"."waitlist"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_robot_id_robots_id_fk" FOREIGN KEY ("robot_id") REFERENCES "public"."robots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "robot_slug_history" ADD CONSTRAINT "robot_slug_history_robot_id_robots_id_fk" FOREIGN KEY ("robot_id") REFERENCES "public"."robots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invitation_tokens_invitation_idx" ON "invitation_tokens" USING btree ("invitation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invitations_live_idx" ON "invitations" USING btree ("waitlist_id","robot_id") WHERE "invitations"."status" in ('sent', 'accepted');--> statement-breakpoint
CREATE INDEX "invitations_robot_status_idx" ON "invitations" USING btree ("robot_id","status");--> statement-breakpoint
CREATE INDEX "invitations_open_deadline_idx" ON "invitations" USING btree ("deadline") WHERE "invitations"."status" = 'sent';--> statement-breakpoint
CREATE INDEX "invitations_waitlist_idx" ON "invitations" USING btree ("waitlist_id","sent_at");--> statement-breakpoint
ALTER TABLE "robots" ADD CONSTRAINT "robots_capacity_check" CHECK ("robots"."capacity" >= 0);