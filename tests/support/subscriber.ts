import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { orders, robots, subscriptions, waitlist } from "../../db/schema.ts";
import { inviteNext } from "../../app/features/invitations/invitations.server.ts";
import { acceptInvitation } from "../../app/features/sales/accept.server.ts";
import { markOrderPaid } from "../../app/features/sales/pay.server.ts";
import { getDb } from "../../app/platform/db/db.server.ts";
import { deliverQueued, messagesTo } from "./outbox.ts";
import type { TestSmtpServer } from "./smtp-server.ts";

// A customer of the subscriptions tests: signed up, invited, accepted, and (unless told
// otherwise) paid through the real order functions.

export const STAFF = "financeiro@agentesfx.test";
// 31 January 2027, 11h in São Paulo: cycles renew on 28/02, 31/03, 30/04...
export const PAID_AT = new Date("2027-01-31T14:00:00Z");

let run = 0;

type SubscriptionRow = typeof subscriptions.$inferSelect;
interface Subscribed<S> {
  subscription: S;
  email: string;
  robotId: string;
  orderId: string;
}

/** A person invited to a robot, who accepts and pays: returns their subscription. */
export async function subscribe(
  key: string,
  options: { smtp: TestSmtpServer; partnerBroker?: boolean; paidAt?: Date; pay?: true },
): Promise<Subscribed<SubscriptionRow>>;
export async function subscribe(
  key: string,
  options: { smtp: TestSmtpServer; partnerBroker?: boolean; paidAt?: Date; pay: false },
): Promise<Subscribed<null>>;
export async function subscribe(
  key: string,
  options: { smtp: TestSmtpServer; partnerBroker?: boolean; paidAt?: Date; pay?: boolean },
): Promise<Subscribed<SubscriptionRow | null>> {
  run += 1;
  const db = await getDb();
  const [robot] = await db.select().from(robots).where(eq(robots.key, key));
  const email = `cliente${run}@exemplo.com`;
  await db.insert(waitlist).values({
    name: `Cliente ${run}`,
    email,
    interestedAgents: [key],
    termsAcceptedAt: new Date("2027-01-01T12:00:00Z"),
    createdAt: new Date(Date.UTC(2027, 0, 1, 0, run)),
    confirmedAt: new Date("2027-01-01T12:00:00Z"),
  });
  const invitedAt = new Date((options.paidAt ?? PAID_AT).getTime() - 3_600_000);
  await inviteNext(robot!.id, 1, STAFF, invitedAt);
  // Links are minted when the invitation is sent (docs/decisions/113).
  await deliverQueued(options.smtp);
  const [mail] = messagesTo(options.smtp, email);
  const token = /\/convite\/([A-Za-z0-9_-]{43})/.exec(mail?.text ?? "")?.[1] ?? "";
  await acceptInvitation(token, invitedAt, options.partnerBroker ?? false);
  const [order] = await db
    .select({ id: orders.id })
    .from(orders)
    .innerJoin(waitlist, eq(waitlist.id, orders.waitlistId))
    .where(eq(waitlist.email, email));
  if (options.pay === false) {
    return { subscription: null, email, robotId: robot!.id, orderId: order!.id };
  }
  const paid = await markOrderPaid(
    order!.id,
    { method: "pix", reference: "E2E-1" },
    STAFF,
    options.paidAt ?? PAID_AT,
  );
  expect(paid.outcome).toBe("paid");
  const [subscription] = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.orderId, order!.id));
  return { subscription: subscription!, email, robotId: robot!.id, orderId: order!.id };
}
