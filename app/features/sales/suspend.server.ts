// The suspend move (docs/decisions/330): the grace period. Unpaid at the due date -> past due
// (with a notice), grace over -> suspended (staff stop the robot: "Robôs a desligar"). A cycle
// a Pix Automático mandate debits is past due the day after (docs/decisions/415): the debit is
// made on the due date, and its late notice then carries the pay link.
import { and, eq, lte, sql } from "drizzle-orm";
import {
  pixMandates,
  pixRecurringCharges,
  subscriptionCharges,
  subscriptions,
} from "../../../db/schema.ts";
import { withTransaction } from "../../platform/db/db.server.ts";
import { SYSTEM_ACTOR } from "../orders/orders.server.ts";
import { addDays, formatLocalDate, localDate, type LocalDate } from "../subscriptions/calendar.ts";
import { renewalLateMessage, subscriptionSuspendedMessage } from "../subscriptions/messages.tsx";
import type { SubscriptionState } from "../subscriptions/model.ts";
import {
  auditSubscriptions,
  BATCH,
  notifyCustomer,
  openChargeOf,
} from "../subscriptions/subscriptions.server.ts";
import { robotSwitchCopy } from "../../content/sales.ts";
import { robotToSwitch } from "./robot-switches.server.ts";
import { transition } from "./transitions.ts";

/** Not a subscription whose cycle due `day` its Pix Automático mandate is to debit. */
function notDebitedOn(day: LocalDate) {
  return sql`not (${subscriptions.paidThrough} = ${day} and exists (
    select 1 from ${pixRecurringCharges}
    join ${subscriptionCharges} on ${subscriptionCharges.id} = ${pixRecurringCharges.chargeId}
    join ${pixMandates} on ${pixMandates.id} = ${pixRecurringCharges.mandateId}
    where ${subscriptionCharges.subscriptionId} = ${subscriptions.id}
      and ${subscriptionCharges.state} = 'open'
      and ${pixRecurringCharges.state} in ('pending', 'scheduled')
      and ${pixMandates.state} = 'approved'))`;
}

export async function suspendDueSubscriptions(
  now: Date,
  graceDays: number,
): Promise<{ late: number; suspended: number }> {
  const today = localDate(now);
  const counts = { late: 0, suspended: 0 };
  const steps: {
    from: SubscriptionState;
    to: SubscriptionState;
    dueBy: LocalDate;
    key: keyof typeof counts;
  }[] = [
    { from: "active", to: "past-due", dueBy: today, key: "late" },
    { from: "past-due", to: "suspended", dueBy: addDays(today, -graceDays), key: "suspended" },
  ];
  for (const step of steps) {
    for (;;) {
      const ids = await withTransaction((tx) =>
        tx
          .select({ id: subscriptions.id })
          .from(subscriptions)
          .where(
            and(
              eq(subscriptions.state, step.from),
              lte(subscriptions.paidThrough, step.dueBy),
              // Robots "Sob consulta" are charged by hand: staff move those.
              sql`${subscriptions.priceUsdCents} is not null`,
              // A cycle its mandate debits is late once its due date, the debit's day, is over.
              step.key === "late" ? notDebitedOn(today) : undefined,
            ),
          )
          .limit(BATCH),
      );
      let moved = 0;
      for (const { id } of ids) {
        const done = await moveState(id, step.from, step.to, step.dueBy, graceDays, now);
        if (done) moved += 1;
      }
      counts[step.key] += moved;
      if (ids.length < BATCH || moved === 0) break;
    }
  }
  return counts;
}

async function moveState(
  id: string,
  from: SubscriptionState,
  to: SubscriptionState,
  dueBy: LocalDate,
  graceDays: number,
  now: Date,
): Promise<boolean> {
  return withTransaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, id))
      .for("update", { skipLocked: true });
    const step = row ? transition("subscription", "suspend", row.state) : null;
    if (!row || !step?.ok || row.state !== from || step.to !== to || row.paidThrough > dueBy) {
      return false;
    }
    const charge = await openChargeOf(tx, id);
    await tx
      .update(subscriptions)
      .set(to === "suspended" ? { state: to, suspendedAt: now } : { state: to })
      .where(and(eq(subscriptions.id, id), eq(subscriptions.state, from)));
    const reference = charge?.reference ?? "—";
    if (to === "past-due") {
      await auditSubscriptions(tx, [
        {
          subscriptionId: id,
          actor: SYSTEM_ACTOR,
          at: now,
          fromState: from,
          toState: to,
          reason: "ciclo vencido sem pagamento",
        },
      ]);
      await notifyCustomer(tx, row.orderId, (name, to) =>
        renewalLateMessage.to(to, {
          name,
          robotName: row.robotName,
          dueDate: formatLocalDate(row.paidThrough),
          graceUntil: formatLocalDate(addDays(row.paidThrough, graceDays - 1)),
          reference,
        }),
      );
    } else {
      await auditSubscriptions(tx, [
        {
          subscriptionId: id,
          actor: SYSTEM_ACTOR,
          at: now,
          fromState: from,
          toState: to,
          reason: "prazo de tolerância encerrado",
        },
      ]);
      await notifyCustomer(tx, row.orderId, (name, to) =>
        subscriptionSuspendedMessage.to(to, { name, robotName: row.robotName, reference }),
      );
      await robotToSwitch(
        tx,
        { orderId: row.orderId, action: "off", reason: robotSwitchCopy.suspended },
        now,
      );
    }
    return true;
  });
}
