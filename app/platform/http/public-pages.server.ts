import pg from "pg";
import { getLogger } from "./logger.server.ts";

// The one signal that what public pages show has changed (a robot, a post, free spots), so
// anything that keeps rendered public pages (the page cache) must drop them. Callers say
// what changed only for the log; every listener drops everything. Call it after the change
// is committed: a page rendered before that would show the old data again.
//
// Several server processes on one PostgreSQL hear each other's changes through
// LISTEN/NOTIFY (docs/decisions/062-page-cache-across-processes.md). PGlite is opened by
// one process only (its data directory is locked), so there it stays in the process.

type Listener = (reason: string) => void;

const listeners = new Set<Listener>();
/** Tells the other processes; set while connected to PostgreSQL. */
let broadcast: ((reason: string) => void) | undefined;

export function onPublicPagesChanged(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function tellListeners(reason: string): void {
  for (const listener of listeners) listener(reason);
}

export function publicPagesChanged(reason: string): void {
  tellListeners(reason);
  broadcast?.(reason);
}

export const publicPagesChannel = "public_pages_changed";
const RECONNECT_DELAY_MS = 1_000;

export interface PublicPagesRelay {
  /** Sends a change to the other processes (not to this one's listeners). */
  send: (reason: string) => Promise<void>;
  close: () => Promise<void>;
}

/**
 * One dedicated PostgreSQL connection that LISTENs for changes made by other processes and
 * NOTIFYs theirs of ours. While it is down a change may be missed, so every (re)connection
 * first counts as a change.
 */
export async function connectPublicPagesRelay(
  connectionString: string,
  onRemoteChange: (reason: string) => void,
): Promise<PublicPagesRelay> {
  let client: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  async function connect(): Promise<void> {
    const fresh = new pg.Client({ connectionString });
    let ownBackend: number | undefined;
    fresh.on("notification", (message) => {
      // Our own NOTIFY comes back to this session too; our listeners already heard it.
      if (message.channel !== publicPagesChannel || message.processId === ownBackend) return;
      onRemoteChange(message.payload ?? "another process");
    });
    fresh.on("error", (error) => {
      getLogger().warn({ err: error }, "Public pages relay: PostgreSQL connection lost");
    });
    fresh.on("end", () => {
      if (client !== fresh) return;
      client = undefined;
      if (!closed) retry = setTimeout(reconnect, RECONNECT_DELAY_MS);
    });
    try {
      await fresh.connect();
      const { rows } = await fresh.query<{ pid: number }>("select pg_backend_pid() as pid");
      ownBackend = rows[0]?.pid;
      await fresh.query(`LISTEN ${publicPagesChannel}`);
    } catch (error) {
      await fresh.end().catch(() => {});
      throw error;
    }
    client = fresh;
  }

  function reconnect() {
    connect().then(
      () => onRemoteChange("relay reconnected"),
      (error: unknown) => {
        getLogger().warn({ err: error }, "Public pages relay: reconnecting failed");
        if (!closed) retry = setTimeout(reconnect, RECONNECT_DELAY_MS);
      },
    );
  }

  await connect();
  return {
    send: async (reason) => {
      await client?.query("select pg_notify($1, $2)", [publicPagesChannel, reason]);
    },
    close: async () => {
      closed = true;
      clearTimeout(retry);
      await client?.end();
    },
  };
}

/** Shares this process's changes with the others on this PostgreSQL, and theirs with it. */
export async function sharePublicPagesChanges(
  connectionString: string,
): Promise<() => Promise<void>> {
  const relay = await connectPublicPagesRelay(connectionString, tellListeners);
  broadcast = (reason) => {
    relay.send(reason).catch((error: unknown) => {
      getLogger().error({ err: error }, "Public pages relay: telling other processes failed");
    });
  };
  return async () => {
    broadcast = undefined;
    await relay.close();
  };
}
