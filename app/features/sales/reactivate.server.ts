// The reactivate move (docs/decisions/330): a suspended subscription whose open charge is paid
// is active again from the payment date (pay.server.ts writes the cycle); here its
// consequences: the customer is told, and staff are told to switch the robot back on.
import { robotSwitchCopy } from "../../content/sales.ts";
import type { Executor } from "../../platform/db/db.server.ts";
import { formatLocalDate } from "../subscriptions/calendar.ts";
import { subscriptionReactivatedMessage } from "../subscriptions/messages.tsx";
import { notifyCustomer, type SubscriptionRow } from "../subscriptions/subscriptions.server.ts";
import { robotToSwitch } from "./robot-switches.server.ts";

export async function reactivatedLocked(
  tx: Executor,
  subscription: Pick<SubscriptionRow, "orderId" | "robotName">,
  paidThrough: string,
  now: Date,
): Promise<void> {
  await notifyCustomer(tx, subscription.orderId, (name, to) =>
    subscriptionReactivatedMessage.to(to, {
      name,
      robotName: subscription.robotName,
      paidThrough: formatLocalDate(paidThrough),
    }),
  );
  await robotToSwitch(
    tx,
    { orderId: subscription.orderId, action: "on", reason: robotSwitchCopy.reactivated },
    now,
  );
}
