// What the panel shows of support: the person's subscriptions to pick from and their
// conversations, each with the due time still owed (decision 386).
import { supportPanelCopy } from "../../content/support.ts";
import { formatDateTime } from "../admin/date-time.ts";
import {
  conversationsOf,
  ownConversation,
  supportSubscriptionsOf,
} from "./conversations.server.ts";
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
      promise: promiseOf(c, now),
    })),
  };
}

/** What the customer is promised while an answer is owed: its due time, or that it is late. */
export function promiseOf(
  c: { state: "open" | "closed"; awaitingStaff: boolean; firstResponseDueAt: Date },
  now: Date,
): string | null {
  if (c.state !== "open" || !c.awaitingStaff) return null;
  return c.firstResponseDueAt > now ? duePromise(c.firstResponseDueAt, now) : supportPanelCopy.late;
}

/** One of the person's conversations for /minha-conta/suporte/:reference; null if not theirs. */
export async function ownConversationPage(waitlistId: string, reference: string, now: Date) {
  const conversation = await ownConversation(waitlistId, reference);
  if (!conversation) return null;
  return {
    reference: conversation.reference,
    closed: conversation.state === "closed",
    promise: promiseOf(conversation, now),
    createdAt: formatDateTime(conversation.createdAt),
    replyAddress: conversation.replyAddress,
    messages: conversation.messages.map((message) => ({
      ...message,
      createdAt: formatDateTime(message.createdAt),
    })),
  };
}

export type OwnConversationPageData = NonNullable<Awaited<ReturnType<typeof ownConversationPage>>>;
