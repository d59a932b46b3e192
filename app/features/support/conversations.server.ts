// Support conversations (decisions 385-387): opened from the panel, /contato or an e-mail,
// answered by staff, threaded by each conversation's reply address. Every customer message
// e-mails staff; every staff answer e-mails the customer with the reply address as Reply-To.
import { randomInt } from "node:crypto";
import { and, asc, desc, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import {
  orders,
  subscriptions,
  supportAttachments,
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
import {
  refusedFilesText,
  withinCounts,
  type JudgedFile,
  type RefusedFile,
} from "./attachments.server.ts";
import { duePromise, firstResponseDueAt } from "./due.ts";
import {
  supportReceivedMessage,
  supportFilesRefusedMessage,
  supportReplyMessage,
  supportStaffNoticeMessage,
  supportStaffOverdueMessage,
} from "./messages.tsx";
import type { AttachmentContentType, AttachmentRefusal, ConversationOrigin } from "./model.ts";

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
  /** An e-mailed first message: its Message-ID and its files. */
  emailMessageId?: string | undefined;
  files?: JudgedFile[];
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
    const [message] = await tx
      .insert(supportMessages)
      .values({
        conversationId: conversation.id,
        author: "customer",
        body: input.body,
        emailMessageId: input.emailMessageId ?? null,
        fromAddress: input.origin === "email" ? input.email.toLowerCase() : null,
        createdAt: now,
      })
      .returning({ id: supportMessages.id });
    const refused = await storeFiles(tx, message!.id, input.files ?? [], 0);
    // An e-mail from an address we do not know gets no automatic answer: a forged sender
    // would turn it into backscatter (decision 385).
    if (input.origin !== "email" || waitlistId) {
      const replyTo = conversationReplyTo(replyToken);
      await enqueue(
        tx,
        supportReceivedMessage.to(input.email, {
          reference: conversation.reference,
          promise,
          message: input.body,
          replyTo,
        }),
      );
      await tellRefusedFiles(tx, { ...conversation, email: input.email, replyTo }, refused);
    }
    await enqueue(tx, staffNotice(conversation, dueAt));
    return { ...conversation, dueAt, promise };
  });
}

/**
 * Stores a message's files, kept and refused (decision 426), the counts applied with
 * `keptBefore` files already kept in the conversation; returns the refused ones.
 */
async function storeFiles(
  tx: Executor,
  messageId: string,
  files: JudgedFile[],
  keptBefore: number,
): Promise<RefusedFile[]> {
  const judged = withinCounts(files, keptBefore);
  if (judged.length > 0) {
    await tx.insert(supportAttachments).values(
      judged.map((file) =>
        "refusal" in file
          ? { messageId, fileName: file.fileName, sizeBytes: file.sizeBytes, refusal: file.refusal }
          : {
              messageId,
              fileName: file.fileName,
              sizeBytes: file.sizeBytes,
              contentType: file.contentType,
              bytes: file.bytes,
            },
      ),
    );
  }
  return judged.filter((file): file is RefusedFile => "refusal" in file);
}

/** The customer is told, at the conversation's address, which files were not kept and why. */
async function tellRefusedFiles(
  tx: Executor,
  conversation: { reference: string; email: string; replyTo: string },
  refused: RefusedFile[],
) {
  if (refused.length === 0) return;
  await enqueue(
    tx,
    supportFilesRefusedMessage.to(conversation.email, {
      reference: conversation.reference,
      files: refusedFilesText(refused),
      replyTo: conversation.replyTo,
    }),
  );
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
    files: JudgedFile[];
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
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: supportMessages.id });
    if (inserted.length === 0) return "duplicate";
    const [kept] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(supportAttachments)
      .innerJoin(supportMessages, eq(supportMessages.id, supportAttachments.messageId))
      .where(
        and(
          eq(supportMessages.conversationId, conversation.id),
          isNull(supportAttachments.refusal),
        ),
      );
    const refused = await storeFiles(tx, inserted[0]!.id, input.files, kept?.count ?? 0);
    await tellRefusedFiles(
      tx,
      { ...conversation, replyTo: conversationReplyTo(conversation.replyToken) },
      refused,
    );
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

/**
 * Staff are e-mailed once for each due time that passes unanswered (decision 425): the
 * conversation records the due time it was flagged for, so a run again, on either worker,
 * sends nothing more, and a later message that owes a new answer can be flagged in turn.
 */
export async function notifyOverdueConversations(now: Date): Promise<number> {
  return withTransaction(async (tx) => {
    const flagged = await tx
      .update(supportConversations)
      .set({ overdueNotifiedDueAt: sql`${supportConversations.firstResponseDueAt}` })
      .where(
        and(
          eq(supportConversations.state, "open"),
          eq(supportConversations.awaitingStaff, true),
          lte(supportConversations.firstResponseDueAt, now),
          sql`${supportConversations.overdueNotifiedDueAt} is distinct from ${supportConversations.firstResponseDueAt}`,
        ),
      )
      .returning({
        id: supportConversations.id,
        reference: supportConversations.reference,
        dueAt: supportConversations.firstResponseDueAt,
      });
    for (const conversation of flagged) {
      await enqueue(
        tx,
        supportStaffOverdueMessage.to(staffAddress(), {
          reference: conversation.reference,
          due: formatDateTime(conversation.dueAt),
          conversationId: conversation.id,
        }),
      );
    }
    return flagged.length;
  });
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
  /** The missed due time staff were e-mailed about (decision 425), when it is this one. */
  overdueNotified: boolean;
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
      overdueNotifiedDueAt: supportConversations.overdueNotifiedDueAt,
    })
    .from(supportConversations)
    .where(eq(supportConversations.state, state))
    .orderBy(
      desc(supportConversations.awaitingStaff),
      asc(supportConversations.firstResponseDueAt),
      desc(supportConversations.lastMessageAt),
    )
    .limit(200);
  return rows.map(({ overdueNotifiedDueAt, ...row }) => ({
    ...row,
    ...overdueOf({ ...row, overdueNotifiedDueAt }, now),
  }));
}

function overdueOf(
  row: Pick<InboxRow, "state" | "awaitingStaff" | "firstResponseDueAt"> & {
    overdueNotifiedDueAt: Date | null;
  },
  now: Date,
): Pick<InboxRow, "overdue" | "overdueNotified"> {
  const overdue = isOverdue(row, now);
  return {
    overdue,
    overdueNotified:
      overdue && row.overdueNotifiedDueAt?.getTime() === row.firstResponseDueAt.getTime(),
  };
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
    attachments: AttachmentRow[];
    createdAt: Date;
  }[];
}

/** A file of a message as staff see it: kept (downloadable) or refused with its reason. */
export interface AttachmentRow {
  id: string;
  fileName: string;
  sizeBytes: number;
  contentType: AttachmentContentType | null;
  refusal: AttachmentRefusal | null;
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
  return {
    ...row,
    ...overdueOf(row, now),
    replyAddress: conversationReplyTo(row.replyToken),
    subscriptions: row.waitlistId ? await supportSubscriptionsOf(row.waitlistId) : [],
    messages: (await messagesOf(conversationId)).map(({ emailMessageId, ...message }) => ({
      ...message,
      viaEmail: emailMessageId !== null || message.fromAddress !== null,
      fromAddress:
        message.fromAddress && message.fromAddress !== row.email ? message.fromAddress : null,
    })),
  };
}

/** A conversation's messages, oldest first, each with its files. */
async function messagesOf(conversationId: string) {
  const db = await getDb();
  const messages = await db
    .select()
    .from(supportMessages)
    .where(eq(supportMessages.conversationId, conversationId))
    .orderBy(asc(supportMessages.createdAt), asc(supportMessages.id));
  const files =
    messages.length === 0
      ? []
      : await db
          .select({
            id: supportAttachments.id,
            messageId: supportAttachments.messageId,
            fileName: supportAttachments.fileName,
            sizeBytes: supportAttachments.sizeBytes,
            contentType: supportAttachments.contentType,
            refusal: supportAttachments.refusal,
          })
          .from(supportAttachments)
          .where(
            inArray(
              supportAttachments.messageId,
              messages.map((message) => message.id),
            ),
          )
          .orderBy(asc(supportAttachments.fileName), asc(supportAttachments.id));
  return messages.map((message) => ({
    id: message.id,
    author: message.author,
    staffEmail: message.staffEmail,
    body: message.body,
    emailMessageId: message.emailMessageId,
    fromAddress: message.fromAddress,
    attachments: files
      .filter((file) => file.messageId === message.id)
      .map(({ messageId: _, ...file }): AttachmentRow => file),
    createdAt: message.createdAt,
  }));
}

/** A kept file of the conversation, for staff's download; null when there is none. */
export async function keptAttachment(conversationId: string, attachmentId: string) {
  const uuid = /^[0-9a-f-]{36}$/;
  if (!uuid.test(conversationId) || !uuid.test(attachmentId)) return null;
  const db = await getDb();
  const [row] = await db
    .select({
      fileName: supportAttachments.fileName,
      contentType: supportAttachments.contentType,
      bytes: supportAttachments.bytes,
    })
    .from(supportAttachments)
    .innerJoin(supportMessages, eq(supportMessages.id, supportAttachments.messageId))
    .where(
      and(
        eq(supportAttachments.id, attachmentId),
        eq(supportMessages.conversationId, conversationId),
        isNull(supportAttachments.refusal),
      ),
    );
  return row?.bytes && row.contentType
    ? { fileName: row.fileName, contentType: row.contentType, bytes: row.bytes }
    : null;
}

/** A conversation as its customer reads it: no staff addresses, no internal details. */
export interface OwnConversationView {
  reference: string;
  state: "open" | "closed";
  awaitingStaff: boolean;
  firstResponseDueAt: Date;
  createdAt: Date;
  replyAddress: string;
  messages: {
    id: string;
    author: "customer" | "staff";
    body: string;
    createdAt: Date;
    attachments: Omit<AttachmentRow, "contentType">[];
  }[];
}

const conversationReference = new RegExp(`^S[${ORDER_REFERENCE_ALPHABET}]{8}$`);

/** One of the person's own conversations, for the panel; null for anyone else's. */
export async function ownConversation(
  waitlistId: string,
  reference: string,
): Promise<OwnConversationView | null> {
  if (!conversationReference.test(reference)) return null;
  const db = await getDb();
  const [row] = await db
    .select()
    .from(supportConversations)
    .where(
      and(
        eq(supportConversations.reference, reference),
        eq(supportConversations.waitlistId, waitlistId),
      ),
    );
  if (!row) return null;
  return {
    reference: row.reference,
    state: row.state,
    awaitingStaff: row.awaitingStaff,
    firstResponseDueAt: row.firstResponseDueAt,
    createdAt: row.createdAt,
    replyAddress: conversationReplyTo(row.replyToken),
    messages: (await messagesOf(row.id)).map((message) => ({
      id: message.id,
      author: message.author,
      body: message.body,
      createdAt: message.createdAt,
      attachments: message.attachments.map(({ contentType: _, ...file }) => file),
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
