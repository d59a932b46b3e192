// "Reenviar" of a failed message (docs/decisions/115): back in the queue from its first try,
// rendered again from its stored payload when it is sent, with fresh link tokens; every token
// ever stored for it is deleted first, so an old link stops working.
import { and, eq, sql } from "drizzle-orm";
import { emailOutbox } from "../../../db/schema.ts";
import type { Database } from "../db/db.server.ts";
import { wakeSql } from "./enqueue.server.ts";
import type { LinkToken, Registry } from "./registry.ts";

/** False when there is no such failed message. */
export async function resendFailedMessage(
  db: Database,
  registry: Registry,
  outboxId: string,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ template: emailOutbox.template })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.id, outboxId), eq(emailOutbox.status, "failed")))
      .for("update");
    const message = row && registry.message(row.template);
    if (!message) return false;
    for (const link of Object.values<LinkToken<string>>(message.links)) {
      await tx.execute(link.revoke(outboxId));
    }
    await tx
      .update(emailOutbox)
      .set({
        status: "queued",
        attempts: 0,
        runAt: sql`now()`,
        lastError: null,
        settledAt: null,
        seenAt: null,
      })
      .where(eq(emailOutbox.id, outboxId));
    await tx.execute(wakeSql);
    return true;
  });
}
