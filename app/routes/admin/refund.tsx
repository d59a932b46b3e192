import { data, Form, href, Link } from "react-router";
import { Button } from "../../components/ui/button.tsx";
import { Input, Label } from "../../components/ui/form-fields.tsx";
import { refundPageCopy as copy } from "../../content/sales.ts";
import { adminSessionContext } from "../../features/admin/guard.server.ts";
import { readAdminForm } from "../../features/admin/form.server.ts";
import { rowId } from "../../features/admin/schema-fields.ts";
import { formatBrl } from "../../features/orders/format.ts";
import { parseDecimal } from "../../features/orders/money.ts";
import { RefundDestinationFields } from "../../features/sales/refund-fields.tsx";
import { refundQuote, refundSale } from "../../features/sales/refund.server.ts";
import { refundSchema, refundTypedFields } from "../../features/sales/schema.ts";
import { appNow } from "../../platform/http/clock.server.ts";
import type { Route } from "./+types/refund";

// /admin/reembolso/:orderId: the one refund of a sale, reached from /admin/pedidos and
// /admin/assinaturas (docs/decisions/332). It says what the refund covers, asks where the
// money goes and needs the confirmation before anything is sent.

export function meta() {
  return [{ title: copy.metaTitle }, { name: "robots", content: "noindex" }];
}

async function quoteOf(orderId: string) {
  if (!rowId.safeParse(orderId).success) throw data(copy.notFound, { status: 404 });
  const quote = await refundQuote(orderId, appNow());
  if (!quote) throw data(copy.notFound, { status: 404 });
  return quote;
}

export async function loader({ params }: Route.LoaderArgs) {
  return { quote: await quoteOf(params.orderId) };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const quote = await quoteOf(params.orderId);
  const read = await readAdminForm(request, refundSchema, copy.invalid, refundTypedFields);
  if (!read.ok) return data({ ok: false as const, message: read.message }, { status: read.status });
  if (!quote.refundable) {
    return data({ ok: false as const, message: copy.notRefundable(quote.state) }, { status: 409 });
  }
  const amountCents = read.data.amount === null ? null : parseDecimal(read.data.amount, 2);
  const result = await refundSale(
    { orderId: quote.orderId },
    { ...read.data, amountCents },
    context.get(adminSessionContext).email,
    appNow(),
  );
  if (result.outcome === "refunded") {
    return data({ ok: true as const, message: copy.done(formatBrl(result.amountCents)) });
  }
  if (result.outcome === "not-found") {
    return data({ ok: false as const, message: copy.notFound }, { status: 404 });
  }
  return data({ ok: false as const, message: result.message }, { status: 409 });
}

export default function AdminRefundPage({ loaderData, actionData }: Route.ComponentProps) {
  const { quote } = loaderData;
  return (
    <div className="grid max-w-2xl gap-4">
      <h2 className="text-2xl font-semibold">{copy.title(quote.robotName, quote.reference)}</h2>
      {actionData ? (
        <p role={actionData.ok ? "status" : "alert"} className="rounded-md border p-3">
          {actionData.message}
        </p>
      ) : null}
      {quote.refundable ? (
        <>
          <p>{copy.intro}</p>
          <p>{copy.person(quote.personName ?? "—")}</p>
          <p>{copy.paid(formatBrl(quote.paidCents))}</p>
          <p className="font-medium">
            {quote.withinGuarantee
              ? copy.withinGuarantee(formatBrl(quote.paidCents))
              : copy.afterGuarantee}
          </p>
          <Form method="post" className="grid gap-3" noValidate>
            {quote.withinGuarantee ? null : (
              <div className="grid gap-1.5">
                <Label htmlFor="valor">{copy.amount}</Label>
                <Input id="valor" name="amount" inputMode="decimal" required maxLength={20} />
              </div>
            )}
            <RefundDestinationFields id={quote.orderId} confirmText={copy.confirm} />
            <div>
              <Button type="submit">{copy.submit}</Button>
            </div>
          </Form>
        </>
      ) : (
        <p>{copy.notRefundable(quote.state)}</p>
      )}
      <p>
        <Link className="underline" to={href("/admin/pedidos")}>
          {copy.back}
        </Link>
      </p>
    </div>
  );
}
