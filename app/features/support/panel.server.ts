// What the panel shows of support: the person's subscriptions to pick from and their
// conversations, each with the due time still owed (decision 386).
import { supportPanelCopy } from "../../content/support.ts";
import { formatDateTime } from "../admin/date-time.ts";
import { conversationsOf, supportSubscriptionsOf } from "./conversations.server.ts";
import { duePromise } from "./due.ts";
import type { OwnConversation } from "./own-conversations.tsx";

export async function supportPanelData(waitlistId: string, now: Date) {
  const [subscriptions, conversations] = await Promise.all([
    supportSubscriptionsOf(waitlistId),
    conversationsOf(waitlistId),
  ]);
  return {
    subscriptions,
    conversations: conversations.map((c): OwnConversation => ({
      id: c.id,
      reference: c.reference,
      state: c.state,
      awaitingStaff: c.awaitingStaff,
      createdAt: formatDateTime(c.createdAt),
      promise:
        c.state !== "open" || !c.awaitingStaff
          ? null
          : c.firstResponseDueAt > now
            ? duePromise(c.firstResponseDueAt, now)
            : supportPanelCopy.late,
    })),
  };
}
