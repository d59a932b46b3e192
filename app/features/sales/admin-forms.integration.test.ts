import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { exchangeRates } from "../../../db/schema.ts";
import {
  type AdminSectionPath,
  callSection,
  signIn,
} from "../../../tests/support/admin-requests.ts";
import { validationCopy } from "../../content/admin.ts";
import { formReadMessages } from "../../content/http-errors.ts";
import { invitationsAdminCopy } from "../../content/invitations.ts";
import { ordersAdminCopy } from "../../content/orders.ts";
import { subscriptionOutcomeCopy, subscriptionsAdminCopy } from "../../content/subscriptions.ts";
import { createOrResetAdmin } from "../../lib/auth.server.ts";
import { getDb } from "../../platform/db/db.server.ts";
import { MAX_INVITE_BATCH } from "../invitations/admin-queries.server.ts";
import { OrdersPanel } from "../orders/admin-panel.tsx";

// Every refused input of the commerce admin forms (/admin/pedidos, /admin/assinaturas,
// /admin/convites) read through readAdminForm: a 4xx with its Portuguese message, never a 500,
// and what staff typed sent back to fill the form again. A hidden id that is no row id is
// answered 404, as a row that does not exist.

const ADMIN = { email: "formularios@agentesfx.test", password: "uma-senha-bem-longa-2" };
const ROW = "00000000-0000-4000-8000-000000000000";
let cookie: string;

beforeAll(async () => {
  const db = await getDb();
  await createOrResetAdmin(db, ADMIN);
  // The invitations' rate check (decision 354) comes after the form: a rate keeps it quiet.
  await db.insert(exchangeRates).values({ rate: "5.4321", setBy: ADMIN.email });
  cookie = await signIn(ADMIN.email, ADMIN.password);
});

interface Refusal {
  section: AdminSectionPath;
  fields: Record<string, string | string[]>;
  status: number;
  error: string;
  /** A typed field whose value comes back, with the message shown beside it. */
  kept?: string;
}

const orders = ordersAdminCopy;
const subs = subscriptionsAdminCopy;
const invites = invitationsAdminCopy;
const longText = "a".repeat(501);

const refusals: Record<string, Refusal> = {
  "an unknown intent": {
    section: "/admin/pedidos",
    fields: { intent: "apagar-tudo" },
    status: 400,
    error: orders.invalidRequest,
  },
  "a rate that is no number": {
    section: "/admin/pedidos",
    fields: { intent: "set-rate", rate: "cinco", reason: "teste" },
    status: 400,
    error: orders.rateInvalid,
    kept: "rate",
  },
  "a rate out of range": {
    section: "/admin/pedidos",
    fields: { intent: "set-rate", rate: "25,00" },
    status: 400,
    error: orders.rateOutOfRange,
    kept: "rate",
  },
  "a rate's reason too long": {
    section: "/admin/pedidos",
    fields: { intent: "set-rate", rate: "5,43", reason: longText },
    status: 400,
    error: validationCopy.tooLong(orders.rateReason, 500),
    kept: "reason",
  },
  "an early discount of 0%": {
    section: "/admin/pedidos",
    fields: { intent: "set-early-discount", robotId: ROW, percent: "0", months: "3" },
    status: 400,
    error: orders.earlyInvalidPercent,
    kept: "percent",
  },
  "an early discount over 100%": {
    section: "/admin/pedidos",
    fields: { intent: "set-early-discount", robotId: ROW, percent: "100,01", months: "3" },
    status: 400,
    error: orders.earlyInvalidPercent,
    kept: "percent",
  },
  "an early discount for 2,5 months": {
    section: "/admin/pedidos",
    fields: { intent: "set-early-discount", robotId: ROW, percent: "10", months: "2.5" },
    status: 400,
    error: orders.earlyInvalidMonths,
    kept: "months",
  },
  "an early discount of a robot that is no row": {
    section: "/admin/pedidos",
    fields: { intent: "set-early-discount", robotId: "x", percent: "10", months: "3" },
    status: 404,
    error: orders.notFound,
  },
  "a payment by an unknown method": {
    section: "/admin/pedidos",
    fields: { intent: "mark-paid", orderId: ROW, method: "bitcoin", reference: "E2E" },
    status: 400,
    error: orders.invalidRequest,
  },
  "a payment without its reference": {
    section: "/admin/pedidos",
    fields: { intent: "mark-paid", orderId: ROW, method: "pix", reference: "  ", note: "nota" },
    status: 400,
    error: orders.referenceRequired,
    kept: "reference",
  },
  "a payment reference with a control character": {
    section: "/admin/pedidos",
    fields: { intent: "mark-paid", orderId: ROW, method: "pix", reference: "E2E\u0007" },
    status: 400,
    error: validationCopy.invalidCharacters(orders.paymentReference),
    kept: "reference",
  },
  "a payment note with a NUL": {
    section: "/admin/pedidos",
    fields: { intent: "mark-paid", orderId: ROW, method: "pix", reference: "E2E", note: "a\u0000" },
    status: 400,
    error: formReadMessages.nulCharacter,
  },
  "a payment of an order that is no row": {
    section: "/admin/pedidos",
    fields: { intent: "mark-paid", orderId: "1; drop", method: "pix", reference: "E2E" },
    status: 404,
    error: orders.notFound,
  },
  "a cancellation without its reason": {
    section: "/admin/pedidos",
    fields: { intent: "cancel", orderId: ROW, reason: "" },
    status: 400,
    error: orders.reasonRequired,
    kept: "reason",
  },
  "a link sent for an order that is no row": {
    section: "/admin/pedidos",
    fields: { intent: "mark-link-sent", orderId: "x" },
    status: 404,
    error: orders.notFound,
  },
  "a statement import that is no row": {
    section: "/admin/pedidos",
    fields: { intent: "apply-import", importId: "x" },
    status: 404,
    error: orders.notFound,
  },
  "a statement sent without its file": {
    section: "/admin/pedidos",
    fields: { intent: "import-statement" },
    status: 400,
    error: orders.importErrors.missing,
  },
  "a renewal paid for a charge that is no reference": {
    section: "/admin/assinaturas",
    fields: { intent: "mark-renewal-paid", charge: "AFX'; drop", method: "pix", reference: "x" },
    status: 404,
    error: subscriptionOutcomeCopy.chargeNotOpen,
  },
  "a renewal paid without its method": {
    section: "/admin/assinaturas",
    fields: { intent: "mark-renewal-paid", charge: "AFX0123456789", reference: "E2E" },
    status: 400,
    error: subs.methodRequired,
  },
  "a renewal paid without its reference": {
    section: "/admin/assinaturas",
    fields: { intent: "mark-renewal-paid", charge: "AFX0123456789", method: "pix", reference: "" },
    status: 400,
    error: subs.referenceRequired,
    kept: "reference",
  },
  "a cancellation not confirmed": {
    section: "/admin/assinaturas",
    fields: { intent: "cancel-subscription", subscriptionId: ROW },
    status: 400,
    error: subs.confirmRequired,
  },
  "a cancellation of a subscription that is no row": {
    section: "/admin/assinaturas",
    fields: { intent: "cancel-subscription", subscriptionId: "x", confirm: "on" },
    status: 404,
    error: subscriptionOutcomeCopy.notFound,
  },
  "an unknown subscription intent": {
    section: "/admin/assinaturas",
    fields: { intent: "reativar" },
    status: 400,
    error: subs.invalidRequest,
  },
  "inviting the next nobody": {
    section: "/admin/convites",
    fields: { intent: "convidar-proximos", robotId: ROW },
    status: 400,
    error: invites.invalidCount,
  },
  "inviting more than a batch": {
    section: "/admin/convites",
    fields: {
      intent: "convidar-proximos",
      robotId: ROW,
      personId: Array.from({ length: MAX_INVITE_BATCH + 1 }, () => ROW),
    },
    status: 400,
    error: invites.invalidCount,
  },
  "inviting a person that is no row among the next": {
    section: "/admin/convites",
    fields: { intent: "convidar-proximos", robotId: ROW, personId: [ROW, "x"] },
    status: 400,
    error: invites.invalidRequest,
  },
  "inviting the next to a robot that is no row": {
    section: "/admin/convites",
    fields: { intent: "convidar-proximos", robotId: "x", personId: ROW },
    status: 404,
    error: invites.notFound,
  },
  "inviting one person that is no row": {
    section: "/admin/convites",
    fields: { intent: "convidar-pessoa", robotId: ROW, personId: "x" },
    status: 404,
    error: invites.entry.refused["not-found"],
  },
  "a revocation not confirmed": {
    section: "/admin/convites",
    fields: { intent: "revogar", invitationId: ROW },
    status: 400,
    error: invites.confirmRequired,
  },
  "a revocation of an invitation that is no row": {
    section: "/admin/convites",
    fields: { intent: "revogar", invitationId: "x", confirmar: "sim" },
    status: 404,
    error: invites.notFound,
  },
};

describe("the commerce admin forms refuse bad input", () => {
  it.each(Object.entries(refusals))("%s", async (_, refusal) => {
    const outcome = await callSection(refusal.section, { cookie, fields: refusal.fields });
    expect(outcome.status).toBe(refusal.status);
    const body = outcome.body as {
      ok: boolean;
      error: string;
      fieldErrors?: Record<string, string>;
      values?: Record<string, string>;
    };
    expect(body).toMatchObject({ ok: false, error: refusal.error });
    if (refusal.kept) {
      expect(body.values?.[refusal.kept]).toBe(refusal.fields[refusal.kept]);
      expect(body.fieldErrors?.[refusal.kept]).toBe(refusal.error);
      // Every other field typed comes back too.
      for (const [name, value] of Object.entries(refusal.fields)) {
        expect(body.values?.[name]).toBe(value);
      }
    }
  });
});

describe("a refused /admin/pedidos form", () => {
  /** The page as the server renders it after the refused post (no JavaScript needed). */
  async function pageAfter(fields: Record<string, string>) {
    const refused = await callSection("/admin/pedidos", { cookie, fields });
    expect(refused.status).toBe(400);
    const page = await callSection("/admin/pedidos", { cookie });
    const loaderData = page.body as Parameters<typeof OrdersPanel>[0];
    const Stub = createRoutesStub([
      {
        id: "orders",
        path: "/admin/pedidos",
        Component: () => createElement(OrdersPanel, loaderData),
      },
    ]);
    const html = renderToString(
      createElement(Stub, {
        initialEntries: ["/admin/pedidos"],
        hydrationData: { loaderData: { orders: loaderData }, actionData: { orders: refused.body } },
      }),
    );
    return { html, robots: loaderData.overview.robots };
  }

  it("comes back with what staff typed, in that form only", async () => {
    const rate = await pageAfter({ intent: "set-rate", rate: "cinco e pouco", reason: "feriado" });
    expect(rate.html).toContain('value="cinco e pouco"');
    expect(rate.html).toContain('value="feriado"');

    const { robots } = rate;
    expect(robots.length).toBeGreaterThan(1);
    const [first, second] = robots;
    const early = await pageAfter({
      intent: "set-early-discount",
      robotId: second!.id,
      percent: "150",
      months: "6",
    });
    const percentOf = (robotId: string) =>
      new RegExp(`id="pct-${robotId}"[^>]*value="([^"]*)"`).exec(early.html)?.[1] ?? null;
    expect(percentOf(second!.id)).toBe("150");
    expect(percentOf(first!.id)).toBeNull();
    expect(early.html).toContain(orders.earlyInvalidPercent);
  });
});
