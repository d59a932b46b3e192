// "Robôs a ligar" and "Robôs a desligar" (docs/decisions/333, 344): every move that changes
// whether a robot should run adds a line in its own transaction: activation (staff set up
// the VPS), reactivation, suspension, the end of a subscription (at the end of a cancelled
// cycle, at once, or by a refund) and an erasure that ends it. Staff mark each line done once
// they switched the robot on or off in its VPS; an activation's line is done by the setup's
// last step ("agente em operação"), from either page.
import { and, asc, eq, isNull } from "drizzle-orm";
import { orderSetups, orders, robotSwitches, waitlist } from "../../../db/schema.ts";
import { withTransaction, type Executor } from "../../platform/db/db.server.ts";
import { startRobotIn } from "../orders/setup.server.ts";
import type { RobotSwitchAction } from "./model.ts";

/** Setup states in which a robot has a VPS it may run on. */
const HAS_VPS = new Set(["vps-ready", "running"]);

/**
 * Lists the robot of `orderId` to switch on or off. A robot whose VPS was never set up has
 * nothing to switch: its setup (/admin/implantacao) starts it. A line not yet done is settled
 * by this one either way: the robot's last word counts.
 */
export async function robotToSwitch(
  tx: Executor,
  line: { orderId: string; action: RobotSwitchAction; reason: string },
  now: Date,
): Promise<void> {
  await tx
    .update(robotSwitches)
    .set({ doneAt: now, doneBy: "sistema" })
    .where(and(eq(robotSwitches.orderId, line.orderId), isNull(robotSwitches.doneAt)));
  const [setup] = await tx
    .select({ state: orderSetups.state })
    .from(orderSetups)
    .where(eq(orderSetups.orderId, line.orderId));
  // On again only a robot that ran; off any robot whose VPS exists.
  const needed =
    line.action === "on" ? setup?.state === "running" : HAS_VPS.has(setup?.state ?? "");
  if (needed) await tx.insert(robotSwitches).values({ ...line, requestedAt: now });
}

/** The activation: the VPS is ready, the robot is to be switched on for the first time. */
export async function activationToSwitch(
  tx: Executor,
  orderId: string,
  reason: string,
  now: Date,
): Promise<void> {
  await tx.insert(robotSwitches).values({ orderId, action: "on", reason, requestedAt: now });
}

/** The setup's last step switched the robot on: its activation line is done. */
export async function activationSwitched(
  tx: Executor,
  orderId: string,
  actor: string,
  now: Date,
): Promise<void> {
  await tx
    .update(robotSwitches)
    .set({ doneAt: now, doneBy: actor })
    .where(
      and(
        eq(robotSwitches.orderId, orderId),
        eq(robotSwitches.action, "on"),
        isNull(robotSwitches.doneAt),
      ),
    );
}

export interface RobotSwitchItem {
  id: string;
  action: RobotSwitchAction;
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
export async function pendingRobotSwitches(): Promise<RobotSwitchItem[]> {
  return withTransaction((tx) =>
    tx
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
      .orderBy(asc(robotSwitches.requestedAt), asc(robotSwitches.id)),
  );
}

/**
 * Staff switched the robot: the line leaves the list. A first switch-on is the setup's last
 * step too (the credential is erased, the customer told), as on /admin/implantacao.
 */
export async function markRobotSwitched(id: string, actor: string, now: Date): Promise<boolean> {
  return withTransaction(async (tx) => {
    const [done] = await tx
      .update(robotSwitches)
      .set({ doneAt: now, doneBy: actor })
      .where(and(eq(robotSwitches.id, id), isNull(robotSwitches.doneAt)))
      .returning({ orderId: robotSwitches.orderId, action: robotSwitches.action });
    if (!done) return false;
    if (done.action === "on") await startRobotIn(tx, done.orderId, actor, now);
    return true;
  });
}
