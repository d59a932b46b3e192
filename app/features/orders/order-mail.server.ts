// What each change of an order queues, in the change's own transaction (docs/decisions/180):
// the person's message and, for an acceptance or a payment, staff's. The payloads carry the
// text the messages show (amounts, the deadline in Brasília time, the PIX code), so a later
// rate or configuration change never alters a queued message.
import { eq, inArray } from "drizzle-orm";
import { orders, pixCharges, waitlist } from "../../../db/schema.ts";
import { receiptCopy } from "../../content/account.ts";
import { orderEmailCopy, paymentMethodLabels } from "../../content/orders.ts";
import type { Executor } from "../../platform/db/db.server.ts";
import { getEnv } from "../../platform/http/env.server.ts";
import { enqueue } from "../../platform/jobs/enqueue.server.ts";
import type { MessageJob } from "../../platform/jobs/registry.ts";
import { paymentReceiptMessage } from "../account/messages.tsx";
import { orderRateLine } from "./rate-line.ts";
import { formatDateTime } from "../admin/date-time.ts";
import { deadlineText } from "../invitations/deadline.ts";
import { formatBrl, formatRate, formatUsd } from "./format.ts";
import {
  orderCreatedMessage,
  orderExpiredMessage,
  orderPaidMessage,
  orderReminderMessage,
  orderRunningMessage,
  orderVpsReadyMessage,
  staffOrderAcceptedMessage,
  staffOrderPaidMessage,
  staffPaymentLinkRequestedMessage,
  staffSetupOverdueMessage,
  staffSetupSubmittedMessage,
} from "./messages.tsx";
import type { PaymentMethod, TradingPlatform } from "./model.ts";
import { parseDecimal } from "./money.ts";
import { pixCode } from "./pix.server.ts";

type Order = typeof orders.$inferSelect;

export interface Person {
  name: string;
  email: string;
}

/** Where staff hear of acceptances and payments (decision 181). */
export function staffAddress(): string {
  const env = getEnv();
  return env.STAFF_EMAIL ?? env.CONTACT_EMAIL;
}

const usdText = (order: Pick<Order, "totalUsdCents">) =>
  order.totalUsdCents === null ? orderEmailCopy.none : formatUsd(order.totalUsdCents);

const brlText = (cents: number | null) => (cents === null ? "" : formatBrl(cents));

/**
 * The PIX copia e cola of an order: its own charge's (API Pix), the static code when PIX is
 * configured and the amount in reais is set, or "". Null while its charge is being created
 * at the PSP: the e-mail then waits for it (pix-charges.server.ts queues it).
 */
async function pixCodeOf(tx: Executor, order: Order): Promise<string | null> {
  const [charge] = await tx
    .select({ state: pixCharges.state, copyPaste: pixCharges.copyPaste })
    .from(pixCharges)
    .where(eq(pixCharges.orderId, order.id));
  if (charge?.state === "pending") return null;
  if (charge?.state === "active" && charge.copyPaste) return charge.copyPaste;
  const env = getEnv();
  if (!env.PIX_KEY || order.totalBrlCents === null || order.totalBrlCents <= 0) return "";
  return pixCode(
    { key: env.PIX_KEY, name: env.PIX_MERCHANT_NAME, city: env.PIX_MERCHANT_CITY },
    { amountBrlCents: order.totalBrlCents, txid: order.reference },
  );
}

/** The order with how to pay: amounts, deadline, PIX code, the link to its page. */
async function paymentInstructions(
  tx: Executor,
  order: Order,
  person: Person,
): Promise<MessageJob | null> {
  if (!order.invitationId) return null;
  const pixCode = await pixCodeOf(tx, order);
  if (pixCode === null) return null;
  const rate = order.exchangeRate === null ? null : parseDecimal(order.exchangeRate, 4);
  return orderCreatedMessage.to(person.email, {
    invitationId: order.invitationId,
    name: person.name,
    robotName: order.robotName,
    reference: order.reference,
    amountUsd: usdText(order),
    amountBrl: brlText(order.totalBrlCents),
    rate: rate === null ? "" : formatRate(rate),
    deadline: deadlineText(order.deadline),
    pixCode,
  });
}

/** The acceptance: the order with how to pay, to the person; the news, to staff. */
export async function queueOrderCreated(tx: Executor, order: Order, person: Person) {
  const instructions = await paymentInstructions(tx, order, person);
  await enqueue(
    tx,
    ...(instructions ? [instructions] : []),
    staffOrderAcceptedMessage.to(staffAddress(), {
      reference: order.reference,
      name: person.name,
      email: person.email,
      robotName: order.robotName,
      amountUsd: usdText(order),
      amountBrl: brlText(order.totalBrlCents) || orderEmailCopy.none,
      deadline: deadlineText(order.deadline),
    }),
  );
}

/** People of these orders, by order id (an erased person has none). */
async function peopleOf(tx: Executor, orderIds: readonly string[]) {
  if (orderIds.length === 0) return new Map<string, Order & Person>();
  const rows = await tx
    .select({ order: orders, name: waitlist.name, email: waitlist.email })
    .from(orders)
    .innerJoin(waitlist, eq(waitlist.id, orders.waitlistId))
    .where(inArray(orders.id, [...orderIds]));
  return new Map(rows.map(({ order, name, email }) => [order.id, { ...order, name, email }]));
}

/**
 * Orders accepted before any rate took the first one staff set: the amount in reais and the
 * PIX code the order page promised to send (decision 180).
 */
export async function queueAmountsSet(tx: Executor, orderIds: readonly string[]) {
  const people = await peopleOf(tx, orderIds);
  const jobs = await Promise.all(
    [...people.values()].map((order) => paymentInstructions(tx, order, order)),
  );
  await enqueue(tx, ...jobs.filter((job) => job !== null));
}

/** The e-mail an order's charge held back, now that the charge is live (or failed). */
export async function queuePaymentInstructions(tx: Executor, orderId: string) {
  await queueAmountsSet(tx, [orderId]);
}

/** Payments: the setup link and the receipt to the person, the payment to staff. */
export async function queueOrdersPaid(
  tx: Executor,
  paid: readonly {
    orderId: string;
    amountBrlCents: number | null;
    method: PaymentMethod;
    reference: string;
    paidAt: Date;
  }[],
) {
  const people = await peopleOf(
    tx,
    paid.map((item) => item.orderId),
  );
  const jobs: MessageJob[] = [];
  for (const payment of paid) {
    const order = people.get(payment.orderId);
    if (!order) continue;
    const amount = brlText(payment.amountBrlCents) || orderEmailCopy.none;
    jobs.push(
      orderPaidMessage.to(order.email, {
        orderId: order.id,
        name: order.name,
        robotName: order.robotName,
        reference: order.reference,
        amount,
      }),
      paymentReceiptMessage.to(order.email, {
        name: order.name,
        service: receiptCopy.service(order.robotName, 1),
        amount,
        rate: orderRateLine(order) ?? "",
        method: paymentMethodLabels[payment.method],
        paymentReference: payment.reference,
        reference: order.reference,
        paidAt: formatDateTime(payment.paidAt),
      }),
      staffOrderPaidMessage.to(staffAddress(), {
        reference: order.reference,
        name: order.name,
        email: order.email,
        robotName: order.robotName,
        amount,
        method: paymentMethodLabels[payment.method],
        paymentReference: payment.reference,
      }),
    );
  }
  await enqueue(tx, ...jobs);
}

/** The deadline passed unpaid: the spot is free. */
export async function queueOrderExpired(tx: Executor, orderId: string) {
  const order = (await peopleOf(tx, [orderId])).get(orderId);
  if (!order) return;
  await enqueue(
    tx,
    orderExpiredMessage.to(order.email, {
      name: order.name,
      robotName: order.robotName,
      reference: order.reference,
    }),
  );
}

/** The reminder 12 hours before the deadline (decision 180). */
export function orderReminder(order: Order, person: Person): MessageJob | null {
  if (!order.invitationId) return null;
  return orderReminderMessage.to(person.email, {
    invitationId: order.invitationId,
    name: person.name,
    robotName: order.robotName,
    reference: order.reference,
    amountBrl: brlText(order.totalBrlCents),
    deadline: deadlineText(order.deadline),
  });
}

/** Staff's setup steps, each told to the person. */
export async function queueSetupStep(tx: Executor, orderId: string, step: "vps-ready" | "running") {
  const order = (await peopleOf(tx, [orderId])).get(orderId);
  if (!order) return;
  const message = step === "vps-ready" ? orderVpsReadyMessage : orderRunningMessage;
  await enqueue(tx, message.to(order.email, { name: order.name, robotName: order.robotName }));
}

/** The person asked for a card, PayPal or crypto link: staff send it before the deadline. */
export async function queuePaymentLinkRequested(
  tx: Executor,
  orderId: string,
  method: PaymentMethod,
) {
  const order = (await peopleOf(tx, [orderId])).get(orderId);
  if (!order) return;
  await enqueue(
    tx,
    staffPaymentLinkRequestedMessage.to(staffAddress(), {
      reference: order.reference,
      name: order.name,
      email: order.email,
      robotName: order.robotName,
      method: paymentMethodLabels[method],
      amountUsd: usdText(order),
      amountBrl: brlText(order.totalBrlCents) || orderEmailCopy.none,
      deadline: deadlineText(order.deadline),
    }),
  );
}

/** The setup form arrived: the 2-4 business hours of the VPS promise start (decision 346). */
export async function queueSetupSubmitted(
  tx: Executor,
  orderId: string,
  form: { accountNumber: string; brokerServer: string; platform: TradingPlatform },
) {
  const order = (await peopleOf(tx, [orderId])).get(orderId);
  if (!order) return;
  await enqueue(
    tx,
    staffSetupSubmittedMessage.to(staffAddress(), {
      reference: order.reference,
      name: order.name,
      robotName: order.robotName,
      accountNumber: form.accountNumber,
      brokerServer: form.brokerServer,
      platform: form.platform,
    }),
  );
}

/** The VPS is past the 4 business hours promised from the form. */
export async function queueSetupOverdue(tx: Executor, orderId: string, submittedAt: Date) {
  const [order] = await tx
    .select({ reference: orders.reference, robotName: orders.robotName, name: waitlist.name })
    .from(orders)
    .leftJoin(waitlist, eq(waitlist.id, orders.waitlistId))
    .where(eq(orders.id, orderId));
  if (!order) return;
  await enqueue(
    tx,
    staffSetupOverdueMessage.to(staffAddress(), {
      reference: order.reference,
      name: order.name ?? orderEmailCopy.none,
      robotName: order.robotName,
      submittedAt: formatDateTime(submittedAt),
    }),
  );
}
