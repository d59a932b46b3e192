ALTER TABLE "robots" ALTER COLUMN "key" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "robots" ADD CONSTRAINT "robots_key_unique" UNIQUE("key");