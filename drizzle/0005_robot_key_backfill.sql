-- Issue 10: each robot's immutable key is the agent id its slug or, for a robot whose slug
-- was already edited, its seeded name points to; any other row keeps its slug as key.
UPDATE "robots" SET "key" = "slug" WHERE "slug" IN ('yenmax', 'midaspulse', 'trendkey-btc');--> statement-breakpoint
UPDATE "robots" AS r SET "key" = m."key"
FROM (VALUES ('YenMax Agent', 'yenmax'), ('MidasPulse Agent', 'midaspulse'), ('TrendKey BTC', 'trendkey-btc')) AS m("name", "key")
WHERE r."key" IS NULL AND r."name" = m."name"
  AND NOT EXISTS (SELECT 1 FROM "robots" o WHERE o."key" = m."key");--> statement-breakpoint
UPDATE "robots" SET "key" = "slug" WHERE "key" IS NULL;--> statement-breakpoint
-- Issue 12: TrendKey BTC has 20 spots (SPEC.md section 9); the others stay unlimited.
UPDATE "robots" SET "capacity" = 20 WHERE "key" = 'trendkey-btc' AND "capacity" IS NULL;
