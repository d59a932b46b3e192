import pg from "pg";
import { getLogger } from "./logger.server.ts";

// The one signal that what public pages show has changed (a robot, a post, a published
// statement, free spots), so anything that keeps rendered public pages (the page cache) must
// drop them. It comes from the database itself: triggers on the tables public pages read
// NOTIFY this channel at commit (drizzle/0027, docs/decisions/221), whoever wrote, the app
// or plain SQL. Every process listens: on PostgreSQL through one dedicated connection
// (several processes hear each other's writes, decision 062), on PGlite in the process that
// holds the database.

type Listener = (reason: string) => void;

const listeners = new Set<Listener>();

export function onPublicPagesChanged(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function tellListeners(reason: string): void {
  for (const listener of listeners) listener(reason);
}

/**
 * What public pages read, kept in the process until the same signal empties it (decisions
 * 432, 458): `get(key, read)` answers the value kept for `key`, or reads it and keeps it when
 * `keep` says so. A reading that began before a change is not kept. At most `max` keys; past
 * it the oldest goes.
 */
export function keptUntilPublicDataChanges<T>(
  max: number,
  keep: (value: T) => boolean = () => true,
): (key: string, read: () => Promise<T>) => Promise<T> {
  const kept = new Map<string, T>();
  let generation = 0;
  onPublicPagesChanged(() => {
    generation++;
    kept.clear();
  });
  return async (key, read) => {
    if (kept.has(key)) return kept.get(key) as T;
    const began = generation;
    const value = await read();
    if (generation === began && keep(value)) {
      if (kept.size >= max) kept.delete(kept.keys().next().value as string);
      kept.set(key, value);
    }
    return value;
  };
}

export const publicPagesChannel = "public_pages_changed";
const RECONNECT_DELAY_MS = 1_000;

/** PGlite's `listen`: the callback gets each payload; resolves with the way to stop. */
export type ListenFunction = (
  channel: string,
  callback: (payload: string) => void,
) => Promise<() => Promise<void>>;

/** Hears the embedded database's notifications (PGlite, one process). */
export function listenForPublicPagesChanges(listen: ListenFunction): Promise<() => Promise<void>> {
  return listen(publicPagesChannel, (payload) => tellListeners(payload));
}

export interface PublicPagesRelay {
  close: () => Promise<void>;
}

/**
 * One dedicated PostgreSQL connection that LISTENs for changes. While it is down a change
 * may be missed, so every reconnection first counts as a change.
 */
export async function connectPublicPagesRelay(
  connectionString: string,
  onChange: (reason: string) => void,
): Promise<PublicPagesRelay> {
  let client: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  async function connect(): Promise<void> {
    const fresh = new pg.Client({ connectionString });
    fresh.on("notification", (message) => {
      if (message.channel === publicPagesChannel) onChange(message.payload ?? "database");
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
      await fresh.query(`LISTEN ${publicPagesChannel}`);
    } catch (error) {
      await fresh.end().catch(() => {});
      throw error;
    }
    client = fresh;
  }

  function reconnect() {
    connect().then(
      () => onChange("relay reconnected"),
      (error: unknown) => {
        getLogger().warn({ err: error }, "Public pages relay: reconnecting failed");
        if (!closed) retry = setTimeout(reconnect, RECONNECT_DELAY_MS);
      },
    );
  }

  await connect();
  return {
    close: async () => {
      closed = true;
      clearTimeout(retry);
      await client?.end();
    },
  };
}

/** Hears the changes written to this PostgreSQL by any process (or by hand). */
export async function relayPublicPagesChanges(
  connectionString: string,
): Promise<() => Promise<void>> {
  const relay = await connectPublicPagesRelay(connectionString, tellListeners);
  return () => relay.close();
}
