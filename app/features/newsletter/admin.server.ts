// /admin/assinantes: counts, search, CSV export and erasure of newsletter subscribers. The
// list is the newsletter's own (decision 104); a subscriber who is also on the waitlist keeps
// the waitlist entry when erased here.
import { stringify } from "csv-stringify/sync";
import { and, asc, count, desc, gt, ilike, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import { newsletterSubscribers } from "../../../db/schema.ts";
import { subscribersAdminCopy as copy } from "../../content/newsletter-admin.ts";
import { getDb } from "../../platform/db/db.server.ts";
import { rowsOf } from "../../platform/db/rows.ts";
import { formatDateTime } from "../admin/date-time.ts";
import { emailHashSql } from "../privacy/erasure.server.ts";
import type { SubscriberFilter, SubscriberState } from "./admin-filters.ts";

const LIST_LIMIT = 200;
const EXPORT_BATCH = 1000;

const s = newsletterSubscribers;
const stateWhere: Record<SubscriberState, SQL | undefined> = {
  todos: undefined,
  confirmados: and(isNotNull(s.confirmedAt), isNull(s.unsubscribedAt)),
  pendentes: and(isNull(s.confirmedAt), isNull(s.unsubscribedAt)),
  descadastrados: isNotNull(s.unsubscribedAt),
};

function whereOf(filter: SubscriberFilter): SQL | undefined {
  const escaped = filter.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
  return and(stateWhere[filter.situacao], filter.q ? ilike(s.email, `%${escaped}%`) : undefined);
}

function stateOf(row: { confirmedAt: Date | null; unsubscribedAt: Date | null }): string {
  if (row.unsubscribedAt) return copy.states.descadastrados;
  return row.confirmedAt ? copy.states.confirmados : copy.states.pendentes;
}

export async function loadSubscribers(filter: SubscriberFilter) {
  const db = await getDb();
  const [counts, [matching], rows] = await Promise.all([
    db
      .select({
        active: sql<number>`count(*) filter (where ${stateWhere.confirmados})::int`,
        pending: sql<number>`count(*) filter (where ${stateWhere.pendentes})::int`,
        unsubscribed: sql<number>`count(*) filter (where ${stateWhere.descadastrados})::int`,
      })
      .from(s),
    db.select({ total: count() }).from(s).where(whereOf(filter)),
    db
      .select({
        id: s.id,
        email: s.email,
        createdAt: s.createdAt,
        confirmedAt: s.confirmedAt,
        unsubscribedAt: s.unsubscribedAt,
      })
      .from(s)
      .where(whereOf(filter))
      .orderBy(desc(s.createdAt), desc(s.id))
      .limit(LIST_LIMIT),
  ]);
  return {
    counts: counts[0] ?? { active: 0, pending: 0, unsubscribed: 0 },
    total: matching?.total ?? 0,
    subscribers: rows.map((row) => ({ ...row, state: stateOf(row) })),
  };
}

export type SubscribersPage = Awaited<ReturnType<typeof loadSubscribers>>;

/** The filter's subscribers as a CSV (UTF-8 with BOM, like /admin/lista.csv), in batches. */
export function subscribersCsvStream(filter: SubscriberFilter): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let first = true;
  // Keyset on the address (unique): the export is in alphabetical order.
  let after: string | undefined;
  let done = false;
  const date = (value: Date | null) => (value ? formatDateTime(value) : "");
  return new ReadableStream({
    async pull(controller) {
      if (done) return controller.close();
      const db = await getDb();
      const rows = await db
        .select()
        .from(s)
        .where(and(whereOf(filter), after ? gt(s.email, after) : undefined))
        .orderBy(asc(s.email))
        .limit(EXPORT_BATCH);
      const last = rows.at(-1);
      if (last) after = last.email;
      done = rows.length < EXPORT_BATCH;
      const text = stringify(
        rows.map((row) => [
          row.email,
          stateOf(row),
          date(row.createdAt),
          date(row.confirmedAt),
          date(row.unsubscribedAt),
        ]),
        { bom: first, header: first, columns: [...copy.csvColumns], escape_formulas: true },
      );
      first = false;
      controller.enqueue(encoder.encode(text));
      if (done) controller.close();
    },
  });
}

/**
 * Deletes the subscriber, its links and its newsletter messages. The address's hash is kept
 * (decision 088) unless the address is also on the waitlist, whose messages it would stop.
 */
export async function eraseSubscriber(id: string): Promise<boolean> {
  const db = await getDb();
  const result = await db.execute(sql`
    with gone as (
      delete from newsletter_subscribers where id = ${id} returning email
    ), hashed as (
      insert into erased_emails (email_hash)
      select ${emailHashSql(sql`email`)} from gone
      where not exists (select 1 from waitlist w where w.email = gone.email)
      on conflict (email_hash) do update set erased_at = now()
    ), mailbox as (
      delete from email_mailbox where recipient in (select email from gone)
        and not exists (select 1 from waitlist w where w.email = email_mailbox.recipient)
    ), outbox as (
      delete from email_outbox where recipient in (select email from gone)
        and not exists (select 1 from waitlist w where w.email = email_outbox.recipient)
    )
    select count(*)::int as erased from gone`);
  return rowsOf<{ erased: number }>(result)[0]?.erased === 1;
}
