import type { PgTable } from "drizzle-orm/pg-core";
import {
  earlyDiscounts,
  emailOutbox,
  exchangeRates,
  invitations,
  moneyEvents,
  orders,
  pixInbox,
  robots,
  waitlist,
} from "../../db/schema.ts";
import { getDb } from "../../app/platform/db/db.server.ts";

/**
 * A sales test's fresh start: deletes `first` (a test's own tables that refer to the sales),
 * then the Pix stored by the webhook, the orders (their subscriptions and charges go with them),
 * invitations, queued mail, waitlist, exchange rates and early-list discounts, and frees every robot's spots.
 */
export async function clearSales(first: PgTable[] = []) {
  const db = await getDb();
  for (const table of [
    ...first,
    pixInbox,
    moneyEvents,
    orders,
    invitations,
    emailOutbox,
    waitlist,
    exchangeRates,
    earlyDiscounts,
  ]) {
    await db.delete(table);
  }
  await db.update(robots).set({ capacity: null, autoInvite: false });
}
