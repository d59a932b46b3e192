// The registry of messages and jobs (docs/decisions/113). A feature declares each of its
// messages once with defineMessage (name, payload fields, which links carry a fresh token,
// transactional or marketing, and its React component) and each background job with
// defineJob; the composition root (app/registry.server.ts) lists them all and hands the
// registry to the worker. The platform never imports a feature.
import { sql, type SQL } from "drizzle-orm";
import type { ReactElement } from "react";
import type { Database } from "../db/db.server.ts";

/** Every payload value is a string: what the message shows, or the id of a link's owner. */
export type Payload<F extends string = string> = { readonly [K in F]: string };

export type MessageKind = "transactional" | "marketing";

/** A link's token as stored: its hash, for the message that carries it. */
export interface StoredToken<F extends string> {
  hash: string;
  outboxId: string;
  payload: Payload<F>;
}

/**
 * A link whose token is minted when the message is sent, never when it is queued: the outbox
 * and the local mailbox never hold a usable token, and a resend gets a new one. Only the
 * token's SHA-256 is stored, by SQL the feature writes for its own token table.
 */
export interface SendLink<F extends string> {
  /**
   * Stores the hashes of several messages' links in one statement (the worker's claimed batch,
   * docs/decisions/240); yields `token_hash` for each link whose owner still exists.
   */
  store: (tokens: readonly StoredToken<F>[]) => SQL;
  /** Deletes one token (its send failed, so no one holds it). */
  forget: (hash: string) => SQL;
  /**
   * Gives a stored token a new hash, its owner, purpose and expiry kept: staff open a
   * local-mailbox message, whose tokens were never kept (docs/decisions/400). Yields
   * `token_hash` when the token exists. One function per token table, shared by its links.
   */
  reissue: (hash: string, newHash: string) => SQL;
}

/** The link of an outbox message, which staff may resend. */
export interface LinkToken<F extends string> extends SendLink<F> {
  /** Deletes every token stored for the message: a resend makes the old links stop working. */
  revoke: (outboxId: string) => SQL;
}

/**
 * `tokens` as a VALUES list for a link's `store` to select from: each row is the token's hash
 * (text), then `columns` of its message (each cast by the caller).
 */
export function tokenValues<F extends string>(
  tokens: readonly StoredToken<F>[],
  columns: (token: StoredToken<F>) => readonly SQL[],
): SQL {
  return sql`(values ${sql.join(
    tokens.map((token) => sql`(${token.hash}, ${sql.join([...columns(token)], sql`, `)})`),
    sql`, `,
  )})`;
}

export interface MessageContext {
  siteUrl: string;
  contactEmail: string;
}

export interface MessageContent {
  subject: string;
  element: ReactElement;
  /** Marketing messages: the one-click unsubscribe link (List-Unsubscribe, RFC 8058). */
  unsubscribeUrl?: string;
  /** This message's own Reply-To (a support conversation's reply address), over the default. */
  replyTo?: string;
}

export interface MessageDefinition<
  N extends string = string,
  F extends string = string,
  L extends string = string,
> {
  readonly type: "message";
  readonly name: N;
  readonly kind: MessageKind;
  /** The payload's fields, in the order the SQL fragments take them. */
  readonly fields: readonly F[];
  readonly links: { readonly [K in L]: LinkToken<F> };
  readonly compose: (
    payload: Payload<F>,
    links: { readonly [K in L]: string },
    context: MessageContext,
  ) => MessageContent;
  /** A message to `to`, for enqueue(tx, job). */
  readonly to: (to: string, payload: Payload<F>) => MessageJob;
}

export interface MessageJob {
  readonly type: "message";
  readonly name: string;
  readonly to: string;
  readonly payload: Payload;
}

// Any message, whatever its fields and links (the registry's element type).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyMessage = MessageDefinition<string, any, any>;

export function defineMessage<
  const N extends string,
  const F extends string,
  L extends string = never,
>(
  spec: Omit<MessageDefinition<N, F, L>, "type" | "to" | "links"> & {
    links?: { readonly [K in L]: LinkToken<F> };
  },
): MessageDefinition<N, F, L> {
  const links = (spec.links ?? {}) as { readonly [K in L]: LinkToken<F> };
  return {
    ...spec,
    type: "message",
    links,
    to: (to, payload) => ({ type: "message", name: spec.name, to, payload }),
  };
}

export interface JobContext {
  /** The application clock (docs/decisions/092). */
  now: Date;
}

/**
 * Work at a time, run by the same worker as the messages: `run` answers when it should run
 * again (a recurring job), or nothing when it is done.
 */
export interface JobDefinition<N extends string = string> {
  readonly type: "job";
  readonly name: N;
  readonly run: (context: JobContext) => Promise<Date | undefined>;
  /** Recurring jobs exist once, created when a worker starts if missing, due at once. */
  readonly recurring: boolean;
}

export function defineJob<const N extends string>(
  spec: Omit<JobDefinition<N>, "type">,
): JobDefinition<N> {
  return { ...spec, type: "job" };
}

/** A message a queue's claim leased: the worker mints its links, renders and sends it. */
export interface ClaimedMessage {
  /** Its Message-ID's and VERP sender's local part: the same on every try. */
  readonly id: string;
  readonly to: string;
  /** Tries so far, this one included. */
  readonly attempts: number;
  readonly kind: MessageKind;
  readonly payload: Payload;
  readonly links: { readonly [link: string]: SendLink<string> };
  /** Its component with subject, given the links' fresh tokens. */
  readonly compose: (
    links: { readonly [link: string]: string },
    context: MessageContext,
  ) => MessageContent;
}

/**
 * Messages a feature keeps in a table of its own (a campaign's, one row per recipient,
 * docs/decisions/190), sent by the same worker as the outbox: its concurrency, SMTP pool,
 * retries and settling. The outbox comes first; a queue gets the room left.
 */
export interface QueueDefinition<N extends string = string> {
  readonly type: "queue";
  readonly name: N;
  /**
   * Leases up to `limit` due messages (run_at pushed `leaseMs` ahead, FOR UPDATE SKIP LOCKED);
   * a message that must not go is settled by the claim and not returned.
   */
  readonly claim: (
    db: Database,
    limit: number,
    leaseMs: number,
    /** The claiming worker's owner id, recorded with each claim (claim-owner.server.ts). */
    owner?: string | null,
  ) => Promise<ClaimedMessage[]>;
  /**
   * Makes due at once the messages still leased by a dead worker (`isDead` of their owner);
   * answers how many.
   */
  readonly releaseDeadClaims: (db: Database, isDead: (owner: SQL) => SQL) => Promise<number>;
  readonly sent: (db: Database, ids: readonly string[]) => Promise<void>;
  /** Its link's owner is gone. */
  readonly cancelled: (db: Database, id: string) => Promise<void>;
  /** A try failed: due again in `retryInMs`, or settled failed when `final`. */
  readonly failed: (
    db: Database,
    message: ClaimedMessage,
    outcome: { lastError: string; final: boolean; retryInMs: number },
  ) => Promise<void>;
  /** When its next message is due (or may be claimed, throttles considered), if any. */
  readonly nextDue: (db: Database) => Promise<Date | undefined>;
}

export function defineQueue<const N extends string>(
  spec: Omit<QueueDefinition<N>, "type">,
): QueueDefinition<N> {
  return { ...spec, type: "queue" };
}

export interface Registry {
  readonly messages: readonly AnyMessage[];
  readonly jobs: readonly JobDefinition[];
  readonly queues: readonly QueueDefinition[];
  message: (name: string) => AnyMessage | undefined;
  job: (name: string) => JobDefinition | undefined;
}

/** The one registry: refuses two entries of the same name. */
export function createRegistry(
  entries: readonly (AnyMessage | JobDefinition | QueueDefinition)[],
): Registry {
  const byType = {
    message: new Map<string, AnyMessage>(),
    job: new Map<string, JobDefinition>(),
    queue: new Map<string, QueueDefinition>(),
  };
  for (const entry of entries) {
    const into: Map<string, unknown> = byType[entry.type];
    if (into.has(entry.name)) throw new Error(`two ${entry.type}s named "${entry.name}"`);
    into.set(entry.name, entry);
  }
  return {
    messages: [...byType.message.values()],
    jobs: [...byType.job.values()],
    queues: [...byType.queue.values()],
    message: (name) => byType.message.get(name),
    job: (name) => byType.job.get(name),
  };
}
