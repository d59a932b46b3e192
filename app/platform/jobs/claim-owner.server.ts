// Who holds a claim, so that a dead worker's claims go back at once instead of waiting out
// their lease (docs/decisions/392). Each claim records its worker's owner id. On PGlite only
// one process opens the database (its data directory is locked), so a claim by any other
// process is a dead one's. On PostgreSQL the owner is a connection the worker holds for its
// life: its backend's pid and start time, dead once pg_stat_activity no longer lists it
// (a killed process's connections end with it).
import crypto from "node:crypto";
import { sql, type SQL } from "drizzle-orm";
import pg from "pg";
import type { Database } from "../db/db.server.ts";
import { runsInProcess } from "../db/db.server.ts";
import { getLogger } from "../http/logger.server.ts";

export interface ClaimOwner {
  /** Written with each claim this worker makes; null: the lease alone guards the claim. */
  readonly id: () => string | null;
  /** SQL true when the claim owner `owner` (a claimed_by column) is no longer alive. */
  readonly isDead: (owner: SQL) => SQL;
  readonly close: () => Promise<void>;
}

// Every worker of this process shares it: none of them ever takes another's claims.
const PROCESS_OWNER = `process:${crypto.randomUUID()}`;

/** The embedded database: every owner but this process is a dead process. */
function processOwner(): ClaimOwner {
  return {
    id: () => PROCESS_OWNER,
    isDead: (owner) => sql`(${owner} <> ${PROCESS_OWNER})`,
    close: async () => {},
  };
}

/** The live PostgreSQL backends as owner ids, as `backendOwner` writes them. */
const liveBackend = sql`(select 'pg:' || a.pid || ':' ||
  (extract(epoch from a.backend_start) * 1000000)::bigint from pg_stat_activity a)`;

/** A connection of its own, held while the worker runs: its backend names the claims. */
async function backendOwner(pool: pg.Pool): Promise<ClaimOwner> {
  let current = "";
  let client: pg.Client | undefined;
  let closed = false;
  const connect = async () => {
    const fresh = new pg.Client(pool.options);
    fresh.on("error", (error) =>
      getLogger().warn({ err: error }, "worker claim-owner connection lost"),
    );
    fresh.on("end", () => {
      if (closed || client !== fresh) return;
      // Its claims now look dead to the other workers; this worker's next claims fall back on
      // the lease alone until a new connection names them.
      client = undefined;
      current = "";
      setTimeout(() => void connect().catch(() => {}), 1_000).unref();
    });
    await fresh.connect();
    const { rows } = await fresh.query<{ owner: string }>(
      `select 'pg:' || pid || ':' || (extract(epoch from backend_start) * 1000000)::bigint as owner
       from pg_stat_activity where pid = pg_backend_pid()`,
    );
    current = rows[0]!.owner;
    client = fresh;
  };
  await connect();
  return {
    id: () => current || null,
    isDead: (owner) => sql`(${owner} like 'pg:%' and ${owner} not in ${liveBackend})`,
    close: async () => {
      closed = true;
      await client?.end();
    },
  };
}

export async function claimOwner(db: Database): Promise<ClaimOwner> {
  if (runsInProcess(db)) return processOwner();
  return backendOwner((db as unknown as { $client: pg.Pool }).$client);
}
