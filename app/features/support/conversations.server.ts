// Support conversations (decisions 385-387): opened from the panel, /contato or an e-mail,
// answered by staff, threaded by each conversation's reply address. Every customer message
// e-mails staff; every staff answer e-mails the customer with the reply address as Reply-To.
import { randomInt } from "node:crypto";
import { and, asc, desc, eq, sql } from "drizzle-orm";
import {
  orders,
  subscriptions,
  supportConversations,
  supportMessages,
  waitlist,
} from "../../../db/schema.ts";
import { getDb, withTransaction, type Executor } from "../../platform/db/db.server.ts";
import { getEnv } from "../../platform/http/env.server.ts";
import { enqueue } from "../../platform/jobs/enqueue.server.ts";
import { replyAddress } from "../../platform/mail/reply-address.ts";
import { formatDateTime } from "../admin/date-time.ts";
import { yearsBetween } from "../orders/business-hours.ts";
import { nationalHolidays } from "../orders/holidays.server.ts";
import { ORDER_REFERENCE_ALPHABET } from "../orders/model.ts";
import { duePromise, firstResponseDueAt } from "./due.ts";
import {
  supportReceivedMessage,
  supportReplyMessage,
  supportStaffNoticeMessage,
} from "./messages.tsx";
import type { ConversationOrigin } from "./model.ts";

const TOKEN_ALPHABET = "abcdefghijklmnopqrstuvwxyz234567";

function newReplyToken(): string {
  let token = "";
  for (let i = 0; i < 26; i++) token += TOKEN_ALPHABET[randomInt(32)];
  return token;
}

/** "S" and 8 characters of Crockford's base32: what the customer and staff quote. */
export function newReference(): string {
  let reference = "S";
  for (let i = 0; i < 8; i++) reference += ORDER_REFERENCE_ALPHABET[randomInt(32)];
  return reference;
}

/** The conversation's reply address, or "" when no e-mail reaches the inbox. */
export function conversationReplyTo(token: string): string {
  const domain = getEnv().SUPPORT_INBOUND_DOMAIN;
  return domain ? replyAddress(token, domain) : "";
}

function staffAddress(): string {
  const env = getEnv();
  return env.STAFF_EMAIL ?? env.CONTACT_EMAIL;
}

/** When the first answer to a message written at `at` is due. */
export async function dueAfter(at: Date): Promise<Date> {
  // Four business hours never span more than a fortnight, holidays and all.
  const holidays = await nationalHolidays(yearsBetween(at, new Date(at.getTime() + 14 * 864e5)));
  return firstResponseDueAt(at, holidays);
}

/** The person's name and address, for a conversation opened from the panel. */
export async function personOf(waitlistId: string) {
  const db = await getDb();
  const [person] = await db
    .select({ name: waitlist.name, email: waitlist.email })
    .from(waitlist)
    .where(eq(waitlist.id, waitlistId));
  return person;
}

/** A customer's subscription as the support forms name it: its robot and its order. */
export interface SupportSubscription {
  id: string;
  robotName: string;
  orderReference: string;
}

/** The person's subscriptions that have not ended, newest first. */
export async function supportSubscriptionsOf(
  waitlistId: string,
  db: Executor | undefined = undefined,
): Promise<SupportSubscription[]> {
  const executor = db ?? (await getDb());
  return executor
    .select({
      id: subscriptions.id,
      robotName: subscriptions.robotName,
      orderReference: orders.reference,
    })
    .from(subscriptions)
    .innerJoin(orders, eq(orders.id, subscriptions.orderId))
    .where(and(eq(orders.waitlistId, waitlistId), sql`${subscriptions.state} <> 'ended'`))
    .orderBy(desc(subscriptions.createdAt));
}

export interface NewConversation {
  origin: ConversationOrigin;
  name: string;
  email: string;
  body: string;
  /** Known from the panel's session; otherwise the address is looked up. */
  waitlistId?: string | undefined;
  subscriptionId?: string | undefined;
  /** An e-mailed first message: its Message-ID and attachments not kept. */
  emailMessageId?: string | undefined;
  droppedAttachments?: number;
}

export interface OpenedConversation {
  id: string;
  reference: string;
  dueAt: Date;
  /** "Respondemos até amanhã, 10h." */
  promise: string;
}

/**
 * Opens a conversation with its first message, the customer's receipt (with the due time and
 * the reply address) and staff's notice, in one transaction. A /contato or e-mail address
 * that is a customer's carries the person, and their subscription when they have one only.
 */
export async function openConversation(
  input: NewConversation,
  now: Date,
): Promise<OpenedConversation> {
  const dueAt = await dueAfter(now);
  const promise = duePromise(dueAt, now);
  return withTransaction(async (tx) => {
    let { waitlistId, subscriptionId } = input;
    let robotName: string | null = null;
    if (!waitlistId) {
      const [person] = await tx
        .select({ id: waitlist.id })
        .from(waitlist)
        .where(eq(waitlist.email, input.email.toLowerCase()));
      waitlistId = person?.id;
      if (waitlistId) {
        const owned = await supportSubscriptionsOf(waitlistId, tx);
        if (owned.length === 1) subscriptionId = owned[0]!.id;
      }
    }
    if (waitlistId && subscriptionId) {
      const owned = await supportSubscriptionsOf(waitlistId, tx);
      const chosen = owned.find((s) => s.id === subscriptionId);
      subscriptionId = chosen?.id;
      robotName = chosen?.robotName ?? null;
    } else {
      subscriptionId = undefined;
    }
    const replyToken = newReplyToken();
    let conversation: { id: string; reference: string } | undefined;
    for (let attempt = 0; !conversation && attempt < 5; attempt++) {
      [conversation] = await tx
        .insert(supportConversations)
        .values({
          reference: newReference(),
          origin: input.origin,
          waitlistId: waitlistId ?? null,
          subscriptionId: subscriptionId ?? null,
          robotName,
          name: input.name,
          email: input.email.toLowerCase(),
          replyToken,
          firstResponseDueAt: dueAt,
          lastMessageAt: now,
        })
        .onConflictDoNothing({ target: supportConversations.reference })
        .returning({ id: supportConversations.id, reference: supportConversations.reference });
    }
    if (!conversation) throw new Error("no free support reference after 5 tries");
    await tx.insert(supportMessages).values({
      conversationId: conversation.id,
      author: "customer",
      body: input.body,
      emailMessageId: input.emailMessageId ?? null,
      fromAddress: input.origin === "email" ? input.email.toLowerCase() : null,
      droppedAttachments: input.droppedAttachments ?? 0,
      createdAt: now,
    });
    // An e-mail from an address we do not know gets no automatic answer: a forged sender
    // would turn it into backscatter (decision 385).
    if (input.origin !== "email" || waitlistId) {
      await enqueue(
        tx,
        supportReceivedMessage.to(input.email, {
          reference: conversation.reference,
          promise,
          message: input.body,
          replyTo: conversationReplyTo(replyToken),
        }),
      );
    }
    await enqueue(tx, staffNotice(conversation, dueAt));
    return { ...conversation, dueAt, promise };
  });
}

const staffNotice = (conversation: { id: string; reference: string }, dueAt: Date) =>
  supportStaffNoticeMessage.to(staffAddress(), {
    reference: conversation.reference,
    due: formatDateTime(dueAt),
    conversationId: conversation.id,
  });

export type CustomerReplyOutcome = "stored" | "duplicate" | "unknown" | "throttled";

/**
 * A customer's e-mailed reply, appended to the conversation its token names (reopened when
 * closed). A redelivered Message-ID is stored once. An answered conversation owes a new
 * answer within business hours again.
 */
export async function appendCustomerReply(
  input: {
    token: string;
    body: string;
    fromAddress: string;
    emailMessageId: string | null;
    droppedAttachments: number;
    perHour: number;
  },
  now: Date,
): Promise<CustomerReplyOutcome> {
  const dueAt = await dueAfter(now);
  return withTransaction(async (tx) => {
    const [conversation] = await tx
      .select()
      .from(supportConversations)
      .where(eq(supportConversations.replyToken, input.token))
      .for("update");
    if (!conversation) return "unknown";
    const [recent] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(supportMessages)
      .where(
        and(
          eq(supportMessages.conversationId, conversation.id),
          eq(supportMessages.author, "customer"),
          sql`${supportMessages.createdAt} > ${new Date(now.getTime() - 3_600_000)}`,
        ),
      );
    if ((recent?.count ?? 0) >= input.perHour) return "throttled";
    const inserted = await tx
      .insert(supportMessages)
      .values({
        conversationId: conversation.id,
        author: "customer",
        body: input.body,
        emailMessageId: input.emailMessageId,
        fromAddress: input.fromAddress.toLowerCase(),
        droppedAttachments: input.droppedAttachments,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: supportMessages.id });
    if (inserted.length === 0) return "duplicate";
    // Waiting for staff already: the earlier due time stands. Otherwise a new one.
    const waiting = conversation.awaitingStaff && conversation.state === "open";
    const due = waiting ? conversation.firstResponseDueAt : dueAt;
    await tx
      .update(supportConversations)
      .set({
        state: "open",
        awaitingStaff: true,
        lastMessageAt: now,
        firstResponseDueAt: due,
        ...(waiting ? {} : { firstResponseAt: null }),
      })
      .where(eq(supportConversations.id, conversation.id));
    await enqueue(tx, staffNotice(conversation, due));
    return "stored";
  });
}

export type StaffReplyOutcome = "sent" | "not-found";

/** Staff's answer: stored, e-mailed to the customer with the reply address, due time met. */
export async function replyAsStaff(
  conversationId: string,
  staffEmail: string,
  body: string,
  now: Date,
): Promise<StaffReplyOutcome> {
  return withTransaction(async (tx) => {
    const [conversation] = await tx
      .select()
      .from(supportConversations)
      .where(eq(supportConversations.id, conversationId))
      .for("update");
    if (!conversation) return "not-found";
    await tx.insert(supportMessages).values({
      conversationId,
      author: "staff",
      staffEmail,
      body,
      createdAt: now,
    });
    await tx
      .update(supportConversations)
      .set({
        awaitingStaff: false,
        lastMessageAt: now,
        firstResponseAt: conversation.firstResponseAt ?? now,
      })
      .where(eq(supportConversations.id, conversationId));
    await enqueue(
      tx,
      supportReplyMessage.to(conversation.email, {
        reference: conversation.reference,
        message: body,
        replyTo: conversationReplyTo(conversation.replyToken),
      }),
    );
    return "sent";
  });
}

/** Staff close or reopen a conversation; false when there is none. */
export async function setConversationState(
  conversationId: string,
  state: "open" | "closed",
): Promise<boolean> {
  const db = await getDb();
  const changed = await db
    .update(supportConversations)
    .set({ state })
    .where(eq(supportConversations.id, conversationId))
    .returning({ id: supportConversations.id });
  return changed.length > 0;
}

export interface InboxRow {
  id: string;
  reference: string;
  origin: ConversationOrigin;
  name: string;
  email: string;
  robotName: string | null;
  state: "open" | "closed";
  awaitingStaff: boolean;
  firstResponseDueAt: Date;
  firstResponseAt: Date | null;
  lastMessageAt: Date;
  /** Owed an answer past its due time (decision 386). */
  overdue: boolean;
}

/** The inbox: open conversations waiting for staff first, by due time; or the closed ones. */
export async function inbox(state: "open" | "closed", now: Date): Promise<InboxRow[]> {
  const db = await getDb();
  const rows = await db
    .select({
      id: supportConversations.id,
      reference: supportConversations.reference,
      origin: supportConversations.origin,
      name: supportConversations.name,
      email: supportConversations.email,
      robotName: supportConversations.robotName,
      state: supportConversations.state,
      awaitingStaff: supportConversations.awaitingStaff,
      firstResponseDueAt: supportConversations.firstResponseDueAt,
      firstResponseAt: supportConversations.firstResponseAt,
      lastMessageAt: supportConversations.lastMessageAt,
    })
    .from(supportConversations)
    .where(eq(supportConversations.state, state))
    .orderBy(
      desc(supportConversations.awaitingStaff),
      asc(supportConversations.firstResponseDueAt),
      desc(supportConversations.lastMessageAt),
    )
    .limit(200);
  return rows.map((row) => ({ ...row, overdue: isOverdue(row, now) }));
}

export function isOverdue(
  row: Pick<InboxRow, "state" | "awaitingStaff" | "firstResponseDueAt">,
  now: Date,
): boolean {
  return row.state === "open" && row.awaitingStaff && row.firstResponseDueAt <= now;
}

export interface ConversationView extends InboxRow {
  replyAddress: string;
  subscriptions: SupportSubscription[];
  messages: {
    id: string;
    author: "customer" | "staff";
    staffEmail: string | null;
    body: string;
    viaEmail: boolean;
    fromAddress: string | null;
    droppedAttachments: number;
    createdAt: Date;
  }[];
}

export async function conversationView(
  conversationId: string,
  now: Date,
): Promise<ConversationView | null> {
  if (!/^[0-9a-f-]{36}$/.test(conversationId)) return null;
  const db = await getDb();
  const [row] = await db
    .select()
    .from(supportConversations)
    .where(eq(supportConversations.id, conversationId));
  if (!row) return null;
  const messages = await db
    .select()
    .from(supportMessages)
    .where(eq(supportMessages.conversationId, conversationId))
    .orderBy(asc(supportMessages.createdAt), asc(supportMessages.id));
  return {
    ...row,
    overdue: isOverdue(row, now),
    replyAddress: conversationReplyTo(row.replyToken),
    subscriptions: row.waitlistId ? await supportSubscriptionsOf(row.waitlistId) : [],
    messages: messages.map((message) => ({
      id: message.id,
      author: message.author,
      staffEmail: message.staffEmail,
      body: message.body,
      viaEmail: message.emailMessageId !== null || message.fromAddress !== null,
      fromAddress:
        message.fromAddress && message.fromAddress !== row.email ? message.fromAddress : null,
      droppedAttachments: message.droppedAttachments,
      createdAt: message.createdAt,
    })),
  };
}

/** The person's own conversations, for the panel: reference, when, answered or not. */
export async function conversationsOf(waitlistId: string) {
  const db = await getDb();
  return db
    .select({
      id: supportConversations.id,
      reference: supportConversations.reference,
      state: supportConversations.state,
      awaitingStaff: supportConversations.awaitingStaff,
      firstResponseDueAt: supportConversations.firstResponseDueAt,
      createdAt: supportConversations.createdAt,
    })
    .from(supportConversations)
    .where(eq(supportConversations.waitlistId, waitlistId))
    .orderBy(desc(supportConversations.createdAt))
    .limit(20);
}
