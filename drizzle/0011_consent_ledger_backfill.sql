-- Custom migration (docs/decisions/087): the consent ledger starts with what the waitlist's
-- columns already knew. Each existing entry gets its terms acceptance, its marketing consent
-- (if given) and its confirmation (if any), at the stored times, channel 'before-ledger'.
INSERT INTO "consent_events" ("waitlist_id", "kind", "channel", "text_version", "created_at")
SELECT "id", 'terms-accepted', 'before-ledger', 'anterior-ao-registro', "terms_accepted_at" FROM "waitlist";
--> statement-breakpoint
INSERT INTO "consent_events" ("waitlist_id", "kind", "channel", "text_version", "created_at")
SELECT "id", 'marketing-given', 'before-ledger', 'anterior-ao-registro', "terms_accepted_at" FROM "waitlist" WHERE "marketing_consent";
--> statement-breakpoint
INSERT INTO "consent_events" ("waitlist_id", "kind", "channel", "text_version", "created_at")
SELECT "id", 'email-confirmed', 'before-ledger', 'anterior-ao-registro', "confirmed_at" FROM "waitlist" WHERE "confirmed_at" IS NOT NULL;
