// The per-subscription token the robot on the VPS signs its heartbeats with (decision 380):
// staff see it once when they set the VPS up; only its SHA-256 is stored, and issuing a new
// one revokes the previous.
import { and, eq, isNull } from "drizzle-orm";
import { orderEvents, robotTokens, subscriptions } from "../../../db/schema.ts";
import { withTransaction, type Executor } from "../../platform/db/db.server.ts";
import { newToken } from "../../platform/mail/link-tokens.server.ts";

/**
 * A fresh token for the subscription of `orderId` (null when it has none), the old one revoked;
 * the issuing is an audit row of the order, the token itself is only in the answer.
 */
export async function issueRobotToken(
  orderId: string,
  staff: string,
  now: Date,
): Promise<string | null> {
  return withTransaction(async (tx) => {
    const token = await replaceToken(tx, orderId, staff, now);
    if (token === null) return null;
    await tx.insert(orderEvents).values({
      orderId,
      actor: staff,
      at: now,
      fromState: "paid",
      toState: "paid",
      reason: "token do robô gerado; o anterior revogado",
    });
    return token;
  });
}

async function replaceToken(
  tx: Executor,
  orderId: string,
  staff: string,
  now: Date,
): Promise<string | null> {
  const [subscription] = await tx
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(eq(subscriptions.orderId, orderId))
    .for("update");
  if (!subscription) return null;
  await tx
    .update(robotTokens)
    .set({ revokedAt: now })
    .where(and(eq(robotTokens.subscriptionId, subscription.id), isNull(robotTokens.revokedAt)));
  const { token, hash } = newToken();
  await tx
    .insert(robotTokens)
    .values({ tokenHash: hash, subscriptionId: subscription.id, issuedBy: staff, issuedAt: now });
  return token;
}
