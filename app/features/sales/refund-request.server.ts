// The customer asks for the 7-day guarantee (docs/decisions/170, 345): the request is kept on
// the subscription, its audit row written, and staff e-mailed to send the refund from
// /admin/reembolso. On day 8 it is refused, and the refusal is an audit row too.
import { eq } from "drizzle-orm";
import { subscriptions } from "../../../db/schema.ts";
import { refundRequestCopy } from "../../content/sales.ts";
import { withTransaction, type Executor } from "../../platform/db/db.server.ts";
import { enqueue } from "../../platform/jobs/enqueue.server.ts";
import { formatDateTime } from "../admin/date-time.ts";
import { staffAddress } from "../orders/order-mail.server.ts";
import { formatLocalDate, guarantee, type LocalDate } from "../subscriptions/calendar.ts";
import {
  auditSubscriptions,
  customerOf,
  type SubscriptionRow,
} from "../subscriptions/subscriptions.server.ts";
import { staffRefundRequestedMessage } from "./messages.tsx";

export type RefundRequestOutcome =
  | { outcome: "requested" }
  | { outcome: "already-requested" }
  | { outcome: "guarantee-over"; lastDay: LocalDate }
  | { outcome: "not-refundable" }
  | { outcome: "not-found" };

/** Records the request on a locked row within the guarantee, and tells staff. */
export async function refundRequestedLocked(
  tx: Executor,
  row: SubscriptionRow,
  why: string,
  now: Date,
  // The person is being erased: staff's mail names the order, not them.
  { anonymous = false }: { anonymous?: boolean } = {},
): Promise<void> {
  await tx
    .update(subscriptions)
    .set({ refundRequestedAt: now })
    .where(eq(subscriptions.id, row.id));
  await auditSubscriptions(tx, [
    {
      subscriptionId: row.id,
      actor: "cliente",
      at: now,
      fromState: row.state,
      toState: row.state,
      reason: `reembolso da garantia pedido (${why})`,
    },
  ]);
  const person = anonymous ? null : await customerOf(tx, row.orderId);
  await enqueue(
    tx,
    staffRefundRequestedMessage.to(staffAddress(), {
      orderId: row.orderId,
      name: person?.name ?? refundRequestCopy.erasedPerson,
      email: person?.email ?? "—",
      robotName: row.robotName,
      requestedAt: formatDateTime(now),
      lastDay: formatLocalDate(guarantee(row.firstPaidAt, now).lastDay),
      why,
    }),
  );
}

/** The customer asks for the 7-day guarantee; on day 8 it is refused. */
export async function requestRefund(id: string, now: Date): Promise<RefundRequestOutcome> {
  return withTransaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, id))
      .for("update");
    if (!row) return { outcome: "not-found" };
    if (row.state === "ended" || row.state === "refunded") return { outcome: "not-refundable" };
    if (row.refundRequestedAt) return { outcome: "already-requested" };
    const check = guarantee(row.firstPaidAt, now);
    if (!check.allowed) {
      await auditSubscriptions(tx, [
        {
          subscriptionId: id,
          actor: "cliente",
          at: now,
          fromState: row.state,
          toState: row.state,
          reason: `reembolso recusado: dia ${check.day} após o primeiro pagamento`,
        },
      ]);
      return { outcome: "guarantee-over", lastDay: check.lastDay };
    }
    await refundRequestedLocked(tx, row, refundRequestCopy.fromAccount, now);
    return { outcome: "requested" };
  });
}
