// The process's invitation deadline keeper (docs/decisions/092): a sweep at start-up
// and then again at the earliest open deadline or after INVITATION_SWEEP_MS, whichever comes
// first. It expires passed invitations and unpaid orders (inviting the next where the robot
// says so) and queues due reminders; a deadline missed while no server ran is caught by the first sweep.
import { appNow } from "../../platform/http/clock.server.ts";
import { getDb } from "../../platform/db/db.server.ts";
import { getEnv } from "../../platform/http/env.server.ts";
import { getLogger } from "../../platform/http/logger.server.ts";
import { expireDueOrders, nextOrderDeadline } from "../orders/orders.server.ts";
import { expireDueInvitations, nextDeadline, sendDueReminders } from "./invitations.server.ts";

let stopCurrent: (() => Promise<void>) | undefined;

/** One pass: returns how long to wait before the next one. */
async function sweepOnce(intervalMs: number): Promise<number> {
  const now = appNow();
  const expired = await expireDueInvitations(now);
  const reminded = await sendDueReminders(now);
  // Orders unpaid at their invitation's deadline (issue 23) are kept by the same sweep.
  const ordersExpired = await expireDueOrders(now);
  if (expired > 0 || reminded > 0 || ordersExpired > 0) {
    getLogger().info({ expired, reminded, ordersExpired }, "invitation sweep");
  }
  const db = await getDb();
  const deadlines = [await nextDeadline(db), await nextOrderDeadline(db)].flatMap((d) => d ?? []);
  if (deadlines.length === 0) return intervalMs;
  const next = new Date(Math.min(...deadlines.map((d) => d.getTime())));
  // A few milliseconds past the deadline, so the invitation is due when the timer fires.
  return Math.min(intervalMs, Math.max(0, next.getTime() - appNow().getTime() + 5));
}

export function startInvitationWorker(): void {
  if (stopCurrent) return;
  const intervalMs = getEnv().INVITATION_SWEEP_MS;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const tick = () => {
    running = (async () => {
      let delay = intervalMs;
      try {
        delay = await sweepOnce(intervalMs);
      } catch (error) {
        getLogger().warn({ err: error }, "invitation sweep failed; will retry");
      }
      if (!stopped) timer = setTimeout(tick, delay);
    })();
  };
  tick();
  stopCurrent = async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  };
}

export async function stopInvitationWorker(): Promise<void> {
  const stop = stopCurrent;
  stopCurrent = undefined;
  await stop?.();
}
