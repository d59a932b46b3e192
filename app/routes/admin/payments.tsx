import { data, Form } from "react-router";
import { Button } from "../../components/ui/button.tsx";
import { Input, Label } from "../../components/ui/form-fields.tsx";
import { TableScroll } from "../../components/ui/table-scroll.tsx";
import {
  moneyKindLabels,
  moneySourceLabels,
  paymentsAdminCopy as copy,
} from "../../content/sales.ts";
import { formatDateTime } from "../../features/admin/date-time.ts";
import { adminSessionContext } from "../../features/admin/guard.server.ts";
import { readAdminForm } from "../../features/admin/form.server.ts";
import { formatBrl } from "../../features/orders/format.ts";
import {
  applyWaitingMoney,
  listWaitingMoney,
  refundWaitingMoney,
} from "../../features/sales/payments-admin.server.ts";
import { RefundDestinationFields } from "../../features/sales/refund-fields.tsx";
import { refundTypedFields, resolveWaitingSchema } from "../../features/sales/schema.ts";
import { appNow } from "../../platform/http/clock.server.ts";
import { providerProblems } from "../../platform/payments/provider-status.server.ts";
import { providerStatusCopy } from "../../content/pix.ts";
import { pixRefundCopy } from "../../content/sales.ts";
import { listPixRefunds } from "../../features/sales/pix-refunds.server.ts";
import type { Route } from "./+types/payments";

// /admin/pagamentos, "Pagamentos a resolver": money received that no order or charge took,
// each with its reason; staff apply it or send it back (docs/decisions/331).

export function meta() {
  return [{ title: copy.metaTitle }, { name: "robots", content: "noindex" }];
}

export function headers() {
  return { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" };
}

export async function loader() {
  const waiting = await listWaitingMoney();
  const problems = await providerProblems();
  const refunds = await listPixRefunds();
  return {
    problems: problems.map((item) => ({
      provider: providerStatusCopy.providerNames[item.provider] ?? item.provider,
      problem: item.problem,
      since: item.since.toISOString(),
    })),
    refunds: refunds.map((refund) => ({
      id: refund.id,
      requestedAt: refund.requestedAt.toISOString(),
      reference: refund.reference,
      amount: formatBrl(refund.amountCents),
      state: pixRefundCopy.states[refund.state],
      reason: refund.reason,
    })),
    waiting: waiting.map((event) => ({
      id: event.id,
      receivedAt: event.receivedAt.toISOString(),
      source: event.source,
      sourceId: event.sourceId,
      kind: event.kind,
      amount:
        event.currency === "BRL"
          ? formatBrl(event.amountCents)
          : `${event.amountCents} ${event.currency}`,
      reference: event.reference,
      description: event.description,
      reason: event.waitingReason,
    })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const read = await readAdminForm(
    request,
    resolveWaitingSchema,
    copy.errorTitle,
    refundTypedFields,
  );
  if (!read.ok) return data({ ok: false as const, message: read.message }, { status: read.status });
  const staff = context.get(adminSessionContext).email;
  const form = read.data;
  const result =
    form.intent === "apply"
      ? await applyWaitingMoney(form.eventId, form.reference, staff, appNow())
      : await refundWaitingMoney(form.eventId, form, staff, appNow());
  if (!result.ok)
    return data({ ok: false as const, message: result.message }, { status: result.status });
  return data({
    ok: true as const,
    message: form.intent === "apply" ? copy.applied : copy.refunded,
  });
}

export default function AdminPaymentsPage({ loaderData, actionData }: Route.ComponentProps) {
  const c = copy.columns;
  return (
    <div className="grid gap-4">
      <h2 className="text-2xl font-semibold">{copy.title}</h2>
      {loaderData.problems.map((item) => (
        <p key={item.provider} role="alert" className="rounded-md border border-destructive p-3">
          <strong>{item.provider}:</strong> {item.problem}{" "}
          {providerStatusCopy.since(formatDateTime(new Date(item.since)))}
        </p>
      ))}
      <p>{copy.intro}</p>
      {actionData ? (
        <p role={actionData.ok ? "status" : "alert"} className="rounded-md border p-3">
          {actionData.message}
        </p>
      ) : null}
      {loaderData.waiting.length === 0 ? (
        <p>{copy.empty}</p>
      ) : (
        <TableScroll label={copy.table}>
          <table className="w-full text-sm">
            <caption className="sr-only">{copy.table}</caption>
            <thead>
              <tr className="text-left">
                <th scope="col">{c.receivedAt}</th>
                <th scope="col">{c.source}</th>
                <th scope="col">{c.amount}</th>
                <th scope="col">{c.reason}</th>
                <th scope="col">{c.actions}</th>
              </tr>
            </thead>
            <tbody>
              {loaderData.waiting.map((event) => (
                <tr key={event.id} className="border-t align-top">
                  <td>{formatDateTime(new Date(event.receivedAt))}</td>
                  <td>
                    {moneySourceLabels[event.source]} · {moneyKindLabels[event.kind]}
                    <br />
                    <span className="text-muted-foreground">{event.sourceId}</span>
                    {event.description ? (
                      <>
                        <br />
                        <span className="text-muted-foreground">{event.description}</span>
                      </>
                    ) : null}
                  </td>
                  <td>
                    {event.amount}
                    {event.reference ? ` · ${event.reference}` : ""}
                  </td>
                  <td>{event.reason}</td>
                  <td className="grid gap-3">
                    <Form method="post" className="grid gap-1.5" noValidate>
                      <input type="hidden" name="intent" value="apply" />
                      <input type="hidden" name="eventId" value={event.id} />
                      <Label htmlFor={`aplicar-${event.id}`}>{copy.applyTo}</Label>
                      <Input
                        id={`aplicar-${event.id}`}
                        name="reference"
                        required
                        maxLength={13}
                        defaultValue={event.reference ?? ""}
                      />
                      <Button type="submit">{copy.apply}</Button>
                    </Form>
                    <details>
                      <summary className="cursor-pointer">{copy.refund}</summary>
                      <Form method="post" className="mt-2 grid gap-1.5" noValidate>
                        <input type="hidden" name="intent" value="refund" />
                        <input type="hidden" name="eventId" value={event.id} />
                        <RefundDestinationFields id={event.id} confirmText={copy.confirm} />
                        <Button type="submit" variant="outline">
                          {copy.refund}
                        </Button>
                      </Form>
                    </details>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      <section aria-labelledby="devolucoes-pix" className="grid gap-2">
        <h3 id="devolucoes-pix" className="text-xl font-semibold">
          {pixRefundCopy.title}
        </h3>
        <p>{pixRefundCopy.intro}</p>
        {loaderData.refunds.length === 0 ? (
          <p>{pixRefundCopy.empty}</p>
        ) : (
          <ul className="grid gap-1 text-sm">
            {loaderData.refunds.map((refund) => (
              <li key={refund.id} className="break-words">
                {formatDateTime(new Date(refund.requestedAt))} · {refund.reference} ·{" "}
                {refund.amount} · <strong>{refund.state}</strong>
                {refund.reason ? ` (${refund.reason})` : ""}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
