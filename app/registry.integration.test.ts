import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  emailOutbox,
  emailTokens,
  invitations,
  invitationTokens,
  newsletterSubscribers,
  orders,
  orderTokens,
  robots,
  waitlist,
} from "../db/schema.ts";
import { smtpServerForFile } from "../tests/support/smtp-for-file.ts";
import { accountSession } from "./features/account/session.server.ts";
import { confirmationTokenState } from "./features/confirmation/confirmation.server.ts";
import { lookUpInvitation } from "./features/invitations/invitations.server.ts";
import { setupLinkState } from "./features/orders/order-view.server.ts";
import { newsletterTokenState } from "./features/newsletter/newsletter.server.ts";
import { myDataLinkState } from "./features/privacy/my-data.server.ts";
import { unsubscribeLinkExists } from "./features/privacy/unsubscribe.server.ts";
import { closeDatabase, getDb, withTransaction } from "./platform/db/db.server.ts";
import { enqueue } from "./platform/jobs/enqueue.server.ts";
import type { AnyMessage } from "./platform/jobs/registry.ts";
import { resendFailedMessage } from "./platform/jobs/resend.server.ts";
import { processDueMessages, type WorkerOptions } from "./platform/jobs/worker.server.ts";
import { smtpTransport } from "./platform/mail/transport.server.ts";
import { registry } from "./registry.server.ts";

const smtp = await smtpServerForFile();

const site = "https://agentesfx.com.br";

async function options(overrides: Partial<WorkerOptions> = {}): Promise<WorkerOptions> {
  return {
    db: await getDb(),
    registry,
    transport: smtpTransport(smtp.url, "Agentes FX <nao-responda@agentesfx.com.br>"),
    context: { siteUrl: site, contactEmail: "suporte@agentesfx.com.br" },
    messageIdDomain: "agentesfx.com.br",
    retryBaseMs: 0,
    ...overrides,
  };
}

async function drain(overrides: Partial<WorkerOptions> = {}) {
  const opts = await options(overrides);
  try {
    while ((await processDueMessages(opts)) > 0);
  } finally {
    opts.transport.close();
  }
}

let serial = 0;
const nextAddress = (kind: string) => `${kind}-${(serial += 1)}@example.com`;

async function newEntry(kind: string) {
  const db = await getDb();
  const [entry] = await db
    .insert(waitlist)
    .values({ name: `Pessoa ${kind}`, email: nextAddress(kind), termsAcceptedAt: new Date() })
    .returning({ id: waitlist.id, name: waitlist.name, email: waitlist.email });
  return entry!;
}

async function newSubscriber(kind: string) {
  const db = await getDb();
  const [subscriber] = await db
    .insert(newsletterSubscribers)
    .values({ email: nextAddress(kind) })
    .returning({ id: newsletterSubscribers.id, email: newsletterSubscribers.email });
  return subscriber!;
}

async function newInvitation(kind: string) {
  const db = await getDb();
  const entry = await newEntry(kind);
  const [robot] = await db.select({ id: robots.id, name: robots.name }).from(robots).limit(1);
  const now = Date.now();
  const [invitation] = await db
    .insert(invitations)
    .values({
      waitlistId: entry.id,
      robotId: robot!.id,
      invitedBy: "equipe@agentesfx.test",
      sentAt: new Date(now),
      deadline: new Date(now + 48 * 3_600_000),
    })
    .returning({ id: invitations.id });
  return { entry, robot: robot!, invitationId: invitation!.id };
}

async function newOrder(kind: string) {
  const { entry, robot, invitationId } = await newInvitation(kind);
  const [order] = await (
    await getDb()
  )
    .insert(orders)
    .values({
      reference: `AFX${String((serial += 1)).padStart(10, "0")}`,
      invitationId,
      waitlistId: entry.id,
      robotId: robot.id,
      robotName: robot.name,
      partnerBroker: false,
      deadline: new Date(Date.now() + 48 * 3_600_000),
      state: "paid",
    })
    .returning({ id: orders.id });
  return { entry, robot, orderId: order!.id };
}

interface Fixture {
  to: string;
  payload: Record<string, string>;
  /** Whether the link's token opens what it should, for a message with a link. */
  linkWorks?: (token: string) => Promise<boolean>;
}

// One real case per message of the registry: a message added without one fails below.
const fixtures: Record<string, (kind: string) => Promise<Fixture>> = {
  "confirm-signup": async (kind) => {
    const entry = await newEntry(kind);
    return {
      to: entry.email,
      payload: { entryId: entry.id, name: entry.name },
      linkWorks: async (token) => (await confirmationTokenState(token)) === "valid",
    };
  },
  "confirm-signup-reminder": async (kind) => {
    const entry = await newEntry(kind);
    return {
      to: entry.email,
      payload: { entryId: entry.id, name: entry.name, eraseDays: "30" },
      linkWorks: async (token) => (await confirmationTokenState(token)) === "valid",
    };
  },
  "invitation-expired": async (kind) => ({
    to: (await newEntry(kind)).email,
    payload: { name: "Pessoa", robotName: "TrendKey BTC" },
  }),
  "invitation-revoked": async (kind) => ({
    to: (await newEntry(kind)).email,
    payload: { name: "Pessoa", robotName: "TrendKey BTC" },
  }),
  "already-listed": async (kind) => ({ to: (await newEntry(kind)).email, payload: {} }),
  "my-data-link": async (kind) => {
    const entry = await newEntry(kind);
    return {
      to: entry.email,
      payload: { entryId: entry.id },
      linkWorks: async (token) => (await myDataLinkState(token)) === "valid",
    };
  },
  "account-link": async (kind) => {
    const entry = await newEntry(kind);
    return {
      to: entry.email,
      payload: { entryId: entry.id },
      linkWorks: async (token) => (await accountSession.linkState(token)) === "valid",
    };
  },
  "confirm-newsletter": async (kind) => {
    const subscriber = await newSubscriber(kind);
    return {
      to: subscriber.email,
      payload: { subscriberId: subscriber.id },
      linkWorks: async (token) => (await newsletterTokenState(token)) === "valid",
    };
  },
  "newsletter-welcome": async (kind) => {
    const subscriber = await newSubscriber(kind);
    return {
      to: subscriber.email,
      payload: { subscriberId: subscriber.id },
      linkWorks: unsubscribeLinkExists,
    };
  },
  invitation: async (kind) => {
    const { entry, robot, invitationId } = await newInvitation(kind);
    return {
      to: entry.email,
      payload: {
        invitationId,
        name: entry.name,
        robotName: robot.name,
        price: "US$ 100,00",
        discountedPrice: "US$ 75,00",
        deadline: "27/11/2026 às 14:30 (horário de Brasília)",
      },
      linkWorks: async (token) => (await lookUpInvitation(token, new Date())).state === "open",
    };
  },
  "invitation-reminder": async (kind) => {
    const { entry, robot, invitationId } = await newInvitation(kind);
    return {
      to: entry.email,
      payload: {
        invitationId,
        name: entry.name,
        robotName: robot.name,
        deadline: "27/11/2026 às 14:30 (horário de Brasília)",
      },
      linkWorks: async (token) => (await lookUpInvitation(token, new Date())).state === "open",
    };
  },
  "order-created": async (kind) => {
    const { entry, robot, invitationId } = await newInvitation(kind);
    return {
      to: entry.email,
      payload: {
        invitationId,
        name: entry.name,
        robotName: robot.name,
        reference: "AFX0123456789",
        amountUsd: "US$ 149,25",
        amountBrl: "R$ 810,74",
        rate: "5,4321",
        deadline: "27/11/2026 às 14:30 (horário de Brasília)",
        pixCode: "00020126",
      },
      linkWorks: async (token) => (await lookUpInvitation(token, new Date())).state === "open",
    };
  },
  "order-reminder": async (kind) => {
    const { entry, robot, invitationId } = await newInvitation(kind);
    return {
      to: entry.email,
      payload: {
        invitationId,
        name: entry.name,
        robotName: robot.name,
        reference: "AFX0123456789",
        amountBrl: "R$ 810,74",
        deadline: "27/11/2026 às 14:30 (horário de Brasília)",
      },
      linkWorks: async (token) => (await lookUpInvitation(token, new Date())).state === "open",
    };
  },
  "order-paid": async (kind) => {
    const { entry, robot, orderId } = await newOrder(kind);
    return {
      to: entry.email,
      payload: {
        orderId,
        name: entry.name,
        robotName: robot.name,
        reference: "AFX0123456789",
        amount: "R$ 810,74",
      },
      linkWorks: async (token) => (await setupLinkState(token)) === "valid",
    };
  },
  ...Object.fromEntries(
    (
      [
        ["order-expired", { reference: "AFX0123456789" }],
        ["order-vps-ready", {}],
        ["order-running", {}],
      ] as const
    ).map(([name, fields]) => [
      name,
      async (kind: string) => {
        const entry = await newEntry(kind);
        return {
          to: entry.email,
          payload: { name: entry.name, robotName: "YenMax Agent", ...fields },
        };
      },
    ]),
  ),
  "staff-order-accepted": async (kind) => ({
    to: nextAddress(kind),
    payload: {
      reference: "AFX0123456789",
      name: "Ana",
      email: "ana@exemplo.com",
      robotName: "YenMax Agent",
      amountUsd: "US$ 149,25",
      amountBrl: "R$ 810,74",
      deadline: "27/11/2026 às 14:30 (horário de Brasília)",
    },
  }),
  ...Object.fromEntries(
    ["fleet-incident-opened", "fleet-incident-closed"].map((name) => [
      name,
      async (kind: string) => ({
        to: nextAddress(kind),
        payload: {
          robotName: "YenMax Agent",
          person: "Ana",
          problem: "sem sinal há mais de 5 minutos",
          since: "10/03/2027 12:00",
        },
      }),
    ]),
  ),
  "support-received": async (kind) => ({
    to: nextAddress(kind),
    payload: {
      reference: "S0123ABCD",
      promise: "Respondemos até amanhã, 10h.",
      message: "Meu robô parou de operar.\n\nPodem verificar?",
      replyTo: "resposta+abcdefghijklmnopqrstuvwxyz@exemplo.com",
    },
  }),
  "support-reply": async (kind) => ({
    to: nextAddress(kind),
    payload: {
      reference: "S0123ABCD",
      message: "Reiniciamos a VPS; o robô voltou a operar.",
      replyTo: "",
    },
  }),
  "support-staff-notice": async (kind) => ({
    to: nextAddress(kind),
    payload: {
      reference: "S0123ABCD",
      due: "03/12/2026 10:00",
      conversationId: "00000000-0000-4000-8000-000000000000",
    },
  }),
  "support-files-refused": async (kind) => ({
    to: nextAddress(kind),
    payload: {
      reference: "S0123ABCD",
      files: "planilha.xlsx: tipo de arquivo não aceito (aceitamos PDF, PNG, JPEG e TXT).",
      replyTo: "resposta+abcdefghijklmnopqrstuvwxyz@exemplo.com",
    },
  }),
  "support-staff-overdue": async (kind) => ({
    to: nextAddress(kind),
    payload: {
      reference: "S0123ABCD",
      due: "03/12/2026 10:00",
      conversationId: "00000000-0000-4000-8000-000000000000",
    },
  }),
  "payment-receipt": async (kind) => {
    const entry = await newEntry(kind);
    return {
      to: entry.email,
      payload: {
        name: entry.name,
        service: "YenMax Agent, ciclo 2",
        amount: "R$ 810,74",
        rate: "Câmbio de R$ 5,4321 por US$ 1: PTAX de venda do Banco Central de 01/03/2027.",
        method: "PIX",
        paymentReference: "E2E0001",
        reference: "AFX0123456789",
        paidAt: "02/03/2027 10:00",
      },
    };
  },
  "staff-pix-mandate-ended": async (kind) => ({
    to: nextAddress(kind),
    payload: {
      name: "Ana",
      email: "ana@exemplo.com",
      robotName: "YenMax Agent",
      endingKind: "cancelled",
      reason: "Cancelada pelo usuário pagador",
    },
  }),
  "staff-money-waiting": async (kind) => ({
    to: nextAddress(kind),
    payload: { count: "1", lines: "R$ 810,74 recebido em 02/03/2027 (extrato): pedido encerrado" },
  }),
  "staff-payment-link-requested": async (kind) => ({
    to: nextAddress(kind),
    payload: {
      reference: "AFX0123456789",
      name: "Ana",
      email: "ana@exemplo.com",
      robotName: "YenMax Agent",
      method: "PayPal",
      amountUsd: "US$ 149,25",
      amountBrl: "R$ 810,74",
      deadline: "04/03/2027 18:00",
    },
  }),
  "staff-setup-submitted": async (kind) => ({
    to: nextAddress(kind),
    payload: {
      reference: "AFX0123456789",
      name: "Ana",
      robotName: "YenMax Agent",
      accountNumber: "12345678",
      brokerServer: "Broker-Live",
      platform: "MetaTrader 5",
    },
  }),
  "staff-setup-overdue": async (kind) => ({
    to: nextAddress(kind),
    payload: {
      reference: "AFX0123456789",
      name: "Ana",
      robotName: "YenMax Agent",
      submittedAt: "02/03/2027 10:00",
    },
  }),
  "staff-refund-requested": async (kind) => ({
    to: nextAddress(kind),
    payload: {
      orderId: "00000000-0000-4000-8000-000000000001",
      name: "Ana",
      email: "ana@exemplo.com",
      robotName: "YenMax Agent",
      requestedAt: "02/03/2027 10:00",
      lastDay: "05/03/2027",
      why: "pedido na área do cliente",
    },
  }),
  "staff-order-paid": async (kind) => ({
    to: nextAddress(kind),
    payload: {
      reference: "AFX0123456789",
      name: "Ana",
      email: "ana@exemplo.com",
      robotName: "YenMax Agent",
      amount: "R$ 810,74",
      method: "PIX",
      paymentReference: "E2E0001",
    },
  }),
  ...Object.fromEntries(
    (
      [
        [
          "renewal-charge",
          {
            dueDate: "28/02/2027",
            amountUsd: "US$ 149,25",
            amountBrl: "R$ 810,74",
            rate: "5,4321",
            rateLine:
              "Câmbio de R$ 5,4321 por US$ 1: PTAX de venda do Banco Central de 01/03/2027.",
            reference: "AFX0123456789",
            pixLine: "",
            creditLine: "",
          },
        ],
        [
          "renewal-reminder",
          {
            dueDate: "28/02/2027",
            amountUsd: "US$ 149,25",
            amountBrl: "R$ 810,74",
            rate: "5,4321",
            rateLine:
              "Câmbio de R$ 5,4321 por US$ 1: PTAX de venda do Banco Central de 01/03/2027.",
            reference: "AFX0123456789",
            pixLine: "PIX copia e cola: 000201",
            creditLine:
              "Crédito por indisponibilidade: no ciclo 2, o agente ficou 5 h 20 min sem sinal por falha do serviço, acima do limite de 4 h; descontamos US$ 1,11 (proporcional ao ciclo).",
          },
        ],
        ...(["renewal-debit", "renewal-debit-reminder"] as const).map(
          (name) =>
            [
              name,
              {
                dueDate: "28/02/2027",
                amountUsd: "US$ 149,25",
                amountBrl: "R$ 810,74",
                rate: "5,4321",
                rateLine:
                  "Câmbio de R$ 5,4321 por US$ 1: PTAX de venda do Banco Central de 01/03/2027.",
                creditLine: "",
              },
            ] as const,
        ),
        ["pix-mandate-ended", { endingKind: "cancelled" }],
        [
          "renewal-late",
          { dueDate: "28/02/2027", graceUntil: "02/03/2027", reference: "AFX0123456789" },
        ],
        ["subscription-suspended", { reference: "AFX0123456789" }],
        ["subscription-cancelled", { lastDay: "27/02/2027" }],
        ["subscription-refunded", { amount: "R$ 810,74", method: "PIX" }],
        ["subscription-reactivated", { paidThrough: "27/03/2027" }],
        ["subscription-ended", { day: "27/02/2027" }],
        [
          "sale-refunded",
          {
            amount: "R$ 810,74",
            what: "a assinatura e a implantação",
            how: "PIX para a chave informada",
            when: "02/03/2027",
          },
        ],
      ] as const
    ).map(([name, fields]) => [
      name,
      async (kind: string) => {
        const entry = await newEntry(kind);
        return {
          to: entry.email,
          payload: { name: entry.name, robotName: "YenMax Agent", ...fields },
        };
      },
    ]),
  ),
};

async function rowOf(id: string) {
  const [row] = await (await getDb()).select().from(emailOutbox).where(eq(emailOutbox.id, id));
  return row!;
}

/** Tokens stored (as hashes) for the message, in either token table. */
async function tokensOf(outboxId: string): Promise<number> {
  const db = await getDb();
  return (
    (await db.$count(emailTokens, eq(emailTokens.outboxId, outboxId))) +
    (await db.$count(invitationTokens, eq(invitationTokens.outboxId, outboxId))) +
    (await db.$count(orderTokens, eq(orderTokens.outboxId, outboxId)))
  );
}

/** The one message with this outbox id the SMTP server received last, and its link's token. */
function delivered(id: string) {
  const mails = smtp.messages.filter((mail) => mail.messageId === `<${id}@agentesfx.com.br>`);
  const mail = mails.at(-1);
  const tokens = [
    ...(mail?.text ?? "").matchAll(/agentesfx\.com\.br\/[a-z/-]+\/([A-Za-z0-9_-]{43})/g),
  ];
  return { count: mails.length, mail, token: tokens[0]?.[1] };
}

async function queue(message: AnyMessage, fixture: Fixture): Promise<string> {
  await withTransaction((tx) => enqueue(tx, message.to(fixture.to, fixture.payload)));
  const [row] = await (
    await getDb()
  )
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(eq(emailOutbox.recipient, fixture.to));
  return row!.id;
}

describe("every message of the registry", () => {
  it("has a case here", () => {
    expect(Object.keys(fixtures).sort()).toEqual(registry.messages.map((m) => m.name).sort());
  });

  describe("each one", () => {
    const failed = new Map<string, { id: string; fixture: Fixture }>();

    // Every message is queued and fails for good, then one restart for all of them: what a
    // restart checks (nothing of the process survives but the database) is the same for
    // each, and reopening PGlite per message cost about 1 s each.
    beforeAll(async () => {
      for (const message of registry.messages) {
        const fixture = await fixtures[message.name]!(message.name);
        const id = await queue(message, fixture);
        expect(await rowOf(id)).toMatchObject({ template: message.name, status: "queued" });
        failed.set(message.name, { id, fixture });
      }
      smtp.refuse = true;
      try {
        await drain({ maxAttempts: 1 });
      } finally {
        smtp.refuse = false;
      }
      for (const { id, fixture } of failed.values()) {
        expect(await rowOf(id)).toMatchObject({ status: "failed", payload: fixture.payload });
        // No link of a send that failed stays usable.
        expect(await tokensOf(id)).toBe(0);
      }
      // A restart: nothing of the process survives but the database.
      await closeDatabase();
    });

    it.each(registry.messages.map((message) => [message.name, message] as const))(
      "%s: queued, failed for good, resent after a restart with a working link; a second resend kills the first link",
      async (name, message) => {
        const { id, fixture } = failed.get(name)!;
        expect(await resendFailedMessage(await getDb(), registry, id)).toBe(true);
        expect(await resendFailedMessage(await getDb(), registry, id)).toBe(false);
        await drain();
        const first = delivered(id);
        expect(first.count).toBe(1);
        expect(await rowOf(id)).toMatchObject({ status: "sent", payload: {} });
        if (!fixture.linkWorks) {
          expect(Object.keys(message.links)).toEqual([]);
          return;
        }
        expect(first.token).toBeDefined();
        expect(await fixture.linkWorks(first.token!)).toBe(true);

        // Staff resend it again (as if it had failed): a new link works, the old one no more.
        await (
          await getDb()
        )
          .update(emailOutbox)
          .set({ status: "failed", payload: fixture.payload })
          .where(eq(emailOutbox.id, id));
        expect(await resendFailedMessage(await getDb(), registry, id)).toBe(true);
        expect(await fixture.linkWorks(first.token!)).toBe(false);
        await drain();
        const second = delivered(id);
        expect(second.count).toBe(2);
        expect(second.token).not.toBe(first.token);
        expect(await fixture.linkWorks(second.token!)).toBe(true);
        expect(await tokensOf(id)).toBe(1);
      },
    );
  });

  it("cancels a message whose link's owner is gone, and keeps nothing of it", async () => {
    const fixture = await fixtures["confirm-signup"]!("gone");
    const message = registry.message("confirm-signup")!;
    const id = await queue(message, fixture);
    await (await getDb()).execute(sql`delete from waitlist where email = ${fixture.to}`);
    const before = smtp.messages.length;
    await drain();
    expect(await rowOf(id)).toMatchObject({ status: "cancelled", payload: {} });
    expect(smtp.messages.length).toBe(before);
  });
});
