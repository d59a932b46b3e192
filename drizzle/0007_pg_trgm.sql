-- Trigram indexes for the admin's waitlist search (docs/decisions/073). PGlite loads the
-- extension's code itself (app/lib/db.server.ts passes it to PGlite.create).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
