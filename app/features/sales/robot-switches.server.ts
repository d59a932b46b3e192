// "Robôs a ligar" and "Robôs a desligar" (docs/decisions/333): the moves that change whether a
// robot should run (reactivate, suspend, end, refund) each add a line in their transaction;
// staff mark it done once they switched the robot on or off in its VPS.
import { and, asc, eq, isNull } from "drizzle-orm";
import { orderSetups, orders, robotSwitches, waitlist } from "../../../db/schema.ts";
import { withTransaction, type Executor } from "../../platform/db/db.server.ts";

export async function robotToSwitch(
  tx: Executor,
  line: { orderId: string; action: "on" | "off"; reason: string },
  now: Date,
): Promise<void> {
  // A switch not yet done the other way is settled by this one: the robot's last word counts.
  await tx
    .update(robotSwitches)
    .set({ doneAt: now, doneBy: "sistema" })
    .where(and(eq(robotSwitches.orderId, line.orderId), isNull(robotSwitches.doneAt)));
  await tx.insert(robotSwitches).values({ ...line, requestedAt: now });
}

export interface RobotSwitchItem {
  id: string;
  action: "on" | "off";
  reason: string;
  requestedAt: Date;
  robotName: string;
  reference: string;
  personName: string | null;
  accountNumber: string | null;
  brokerServer: string | null;
  platform: string | null;
}

/** The robots staff still have to switch on or off, oldest first. */
export async function pendingRobotSwitches(tx: Executor): Promise<RobotSwitchItem[]> {
  return tx
    .select({
      id: robotSwitches.id,
      action: robotSwitches.action,
      reason: robotSwitches.reason,
      requestedAt: robotSwitches.requestedAt,
      robotName: orders.robotName,
      reference: orders.reference,
      personName: waitlist.name,
      accountNumber: orderSetups.accountNumber,
      brokerServer: orderSetups.brokerServer,
      platform: orderSetups.platform,
    })
    .from(robotSwitches)
    .innerJoin(orders, eq(orders.id, robotSwitches.orderId))
    .leftJoin(waitlist, eq(waitlist.id, orders.waitlistId))
    .leftJoin(orderSetups, eq(orderSetups.orderId, orders.id))
    .where(isNull(robotSwitches.doneAt))
    .orderBy(asc(robotSwitches.requestedAt), asc(robotSwitches.id));
}

/** Staff switched the robot: the line leaves the list. */
export async function markRobotSwitched(id: string, actor: string, now: Date): Promise<boolean> {
  return withTransaction(async (tx) => {
    const done = await tx
      .update(robotSwitches)
      .set({ doneAt: now, doneBy: actor })
      .where(and(eq(robotSwitches.id, id), isNull(robotSwitches.doneAt)))
      .returning({ id: robotSwitches.id });
    return done.length > 0;
  });
}
