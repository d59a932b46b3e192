import { Form, href, Link } from "react-router";
import { Badge, type BadgeTone } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Input, Label, Select } from "../../components/ui/form-fields.tsx";
import {
  orderStateLabels,
  ordersAdminCopy as copy,
  paymentMethodLabels,
} from "../../content/orders.ts";
import { formatDateTime } from "../admin/date-time.ts";
import {
  ActionError,
  Intent,
  ListSection,
  usePlainFormResult,
  useSentAgain,
} from "../admin/plain-form.tsx";
import type { OrdersFilter, OrdersOverview } from "./admin-queries.server.ts";
import {
  formatBrl,
  formatDay,
  formatPercent,
  formatRate,
  formatUsd,
  hoursAndMinutesLeft,
} from "./format.ts";
import { orderIntents } from "./intents.ts";
import type { MatchedCredit } from "./matching.ts";
import { orderStates, type OrderState } from "./model.ts";
import { PaymentFields } from "./payment-fields.tsx";
import { UnresolvedPixList } from "./pix-unresolved.tsx";

// /admin/pedidos: the exchange rate, each robot's early-list discount, the statement import
// with its preview, and the orders with their actions. Plain forms: everything works
// without JavaScript; with it, the result is a toast.
// noValidate on each form: an empty field gets the server's Portuguese message, not the
// browser's own bubble in the browser's language.

export interface StatementPreviewView {
  id: string;
  appliedBy: string | null;
  appliedAt: Date | null;
  matches: MatchedCredit[];
  references: Record<string, string>;
}

const stateTone: Record<OrderState, BadgeTone> = {
  "awaiting-payment": "yellow",
  paid: "green",
  expired: "grey",
  cancelled: "grey",
  refunded: "blue",
};

const toast = {
  successTitle: copy.savedTitle,
  successText: copy.savedText,
  errorTitle: copy.errorTitle,
};

function RateForm({ rate }: { rate: OrdersOverview["rate"] }) {
  const typed = useSentAgain(orderIntents.setRate);
  return (
    <section
      aria-labelledby="cambio"
      className="min-w-0 rounded-2xl border border-border p-4 break-words"
    >
      <h2 id="cambio" className="text-lg font-semibold">
        {copy.rateTitle}
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        {rate?.source === "ptax" && rate.quotedOn
          ? copy.ratePtaxCurrent(formatRate(rate.rate), formatDay(rate.quotedOn))
          : rate
            ? `${copy.rateCurrent(
                formatRate(rate.rate),
                rate.setBy,
                formatDateTime(new Date(rate.setAt)),
              )}${rate.reason ? ` ${copy.rateOverride(rate.reason)}` : ""}`
            : copy.rateNone}
      </p>
      <Form method="post" className="mt-3 flex flex-wrap items-end gap-2" noValidate>
        <Intent value={orderIntents.setRate} />
        <div className="grid gap-1.5">
          <Label htmlFor="rate">{copy.rateLabel}</Label>
          <Input
            id="rate"
            name="rate"
            inputMode="decimal"
            required
            className="w-32!"
            defaultValue={typed?.rate}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="rate-reason">{copy.rateReason}</Label>
          <Input
            id="rate-reason"
            name="reason"
            maxLength={500}
            className="w-64!"
            defaultValue={typed?.reason}
          />
        </div>
        <Button type="submit">{copy.rateSave}</Button>
      </Form>
    </section>
  );
}

function EarlyDiscounts({ robots }: { robots: OrdersOverview["robots"] }) {
  return (
    <section
      aria-labelledby="desconto-lista"
      className="min-w-0 rounded-2xl border border-border p-4 break-words"
    >
      <h2 id="desconto-lista" className="text-lg font-semibold">
        {copy.earlyTitle}
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">{copy.earlyHelp}</p>
      <ul className="mt-3 grid gap-3">
        {robots.map((robot) => (
          <EarlyDiscount key={robot.id} robot={robot} />
        ))}
      </ul>
    </section>
  );
}

function EarlyDiscount({ robot }: { robot: OrdersOverview["robots"][number] }) {
  const typed = useSentAgain(orderIntents.setEarly, { robotId: robot.id });
  return (
    <li className="grid gap-2">
      <p className="font-medium">
        {robot.name}:{" "}
        {robot.early
          ? `${formatPercent(robot.early.basisPoints)} · ${robot.early.months} ${copy.earlyMonths.toLowerCase()}`
          : copy.earlyNone}
      </p>
      <div className="flex flex-wrap items-end gap-2">
        <Form method="post" className="flex flex-wrap items-end gap-2" noValidate>
          <Intent value={orderIntents.setEarly} />
          <input type="hidden" name="robotId" value={robot.id} />
          <div className="grid gap-1.5">
            <Label htmlFor={`pct-${robot.id}`}>{copy.earlyPercent}</Label>
            <Input
              id={`pct-${robot.id}`}
              name="percent"
              inputMode="decimal"
              required
              className="w-24!"
              defaultValue={typed?.percent}
            />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={`meses-${robot.id}`}>{copy.earlyMonths}</Label>
            <Input
              id={`meses-${robot.id}`}
              name="months"
              type="number"
              min={1}
              max={120}
              required
              className="w-20!"
              defaultValue={typed?.months}
            />
          </div>
          <Button type="submit" variant="outline">
            {copy.earlySave}
          </Button>
        </Form>
        {robot.early ? (
          <Form method="post">
            <Intent value={orderIntents.clearEarly} />
            <input type="hidden" name="robotId" value={robot.id} />
            <Button type="submit" variant="ghost">
              {copy.earlyClear}
            </Button>
          </Form>
        ) : null}
      </div>
    </li>
  );
}

function ImportForm() {
  return (
    <section
      aria-labelledby="extrato"
      className="min-w-0 rounded-2xl border border-border p-4 break-words"
    >
      <h2 id="extrato" className="text-lg font-semibold">
        {copy.importTitle}
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">{copy.importHelp}</p>
      <Form
        method="post"
        noValidate
        encType="multipart/form-data"
        className="mt-3 flex flex-wrap items-end gap-2"
      >
        <Intent value={orderIntents.importStatement} />
        <div className="grid gap-1.5">
          <Label htmlFor="statement">{copy.importFile}</Label>
          <input id="statement" name="statement" type="file" accept=".ofx,.csv,.txt" required />
        </div>
        <Button type="submit">{copy.importSend}</Button>
      </Form>
    </section>
  );
}

function matchText(entry: MatchedCredit, references: Record<string, string>): string {
  const { match } = entry;
  const label = copy.matchKinds[match.kind];
  if (match.kind === "reference" || match.kind === "amount" || match.kind === "wrong-amount") {
    return `${label}: ${references[match.orderId] ?? ""}`;
  }
  if (match.kind === "not-payable") {
    return `${label} (${references[match.orderId] ?? ""}, ${orderStateLabels[match.state]})`;
  }
  if (match.kind === "ambiguous") {
    return `${label}: ${match.orderIds.map((id) => references[id] ?? "").join(", ")}`;
  }
  return label;
}

function StatementPreview({ preview }: { preview: StatementPreviewView }) {
  const proposed = preview.matches.filter(
    (entry) => entry.match.kind === "reference" || entry.match.kind === "amount",
  );
  return (
    <section
      aria-labelledby="previa"
      className="min-w-0 rounded-2xl border-2 border-primary p-4 break-words"
    >
      <h2 id="previa" className="text-lg font-semibold">
        {copy.previewTitle}
      </h2>
      <ul className="mt-3 grid gap-1 text-sm">
        {preview.matches.map((entry) => (
          <li key={entry.credit.key} className="break-words">
            {copy.credit} {entry.credit.postedOn.split("-").reverse().join("/")} ·{" "}
            {formatBrl(entry.credit.amountCents)} · {entry.credit.description} →{" "}
            <strong>{matchText(entry, preview.references)}</strong>
          </li>
        ))}
      </ul>
      {preview.appliedAt ? (
        <p className="mt-3 text-sm">
          {copy.previewApplied(
            preview.appliedBy ?? "",
            formatDateTime(new Date(preview.appliedAt)),
          )}
        </p>
      ) : proposed.length > 0 ? (
        <Form method="post" className="mt-3">
          <Intent value={orderIntents.applyImport} />
          <input type="hidden" name="importId" value={preview.id} />
          <Button type="submit">{copy.previewApply}</Button>
        </Form>
      ) : (
        <p className="mt-3 text-sm">{copy.previewNothing}</p>
      )}
    </section>
  );
}

function Filters({ filter }: { filter: OrdersFilter }) {
  return (
    <Form method="get" className="flex flex-wrap items-end gap-3">
      <div className="grid gap-1.5">
        <Label htmlFor="situacao">{copy.filterState}</Label>
        <Select id="situacao" name="situacao" defaultValue={filter.state ?? ""} className="w-56!">
          <option value="">{copy.allStates}</option>
          {orderStates.map((state) => (
            <option key={state} value={state}>
              {orderStateLabels[state]}
            </option>
          ))}
        </Select>
      </div>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" name="link" value="1" defaultChecked={filter.linksOnly} />
        {copy.filterLinks}
      </label>
      <Button type="submit" variant="outline">
        {copy.filter}
      </Button>
    </Form>
  );
}

function OrderCard({ order, now }: { order: OrdersOverview["orders"][number]; now: number }) {
  const msLeft = new Date(order.deadline).getTime() - now;
  const awaiting = order.state === "awaiting-payment";
  const paidTyped = useSentAgain(orderIntents.markPaid, { orderId: order.id });
  const cancelTyped = useSentAgain(orderIntents.cancel, { orderId: order.id });
  return (
    <li className="rounded-lg border border-border p-3 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <strong>{order.reference}</strong>
        <Badge tone={stateTone[order.state]}>{orderStateLabels[order.state]}</Badge>
        {order.linkMethod ? (
          <Badge tone="blue">{copy.linkRequested(paymentMethodLabels[order.linkMethod])}</Badge>
        ) : null}
        {order.linkSentAt && order.linkSentBy ? (
          <Badge tone="green">
            {copy.linkSentBadge(order.linkSentBy, formatDateTime(new Date(order.linkSentAt)))}
          </Badge>
        ) : null}
      </div>
      <p className="mt-1 break-all">
        {order.personName ? `${order.personName} (${order.personEmail})` : copy.erasedPerson} ·{" "}
        {order.robotName}
      </p>
      <p className="mt-1">
        {order.totalUsdCents === null ? "—" : formatUsd(order.totalUsdCents)} ·{" "}
        {order.totalBrlCents === null ? copy.noAmount : formatBrl(order.totalBrlCents)}
        {awaiting ? (
          <>
            {" · "}
            {formatDateTime(new Date(order.deadline))} ·{" "}
            {msLeft > 0 ? copy.timeLeft(...hoursAndMinutesLeft(msLeft)) : copy.overdue}
          </>
        ) : null}
      </p>
      {awaiting && order.linkMethod ? (
        <Form method="post" className="mt-2 flex flex-wrap items-center gap-2">
          <Intent value={orderIntents.markLinkSent} />
          <input type="hidden" name="orderId" value={order.id} />
          <Button type="submit" variant="outline">
            {copy.markLinkSent}
          </Button>
          <span className="text-muted-foreground">{copy.markLinkSentHelp}</span>
        </Form>
      ) : null}
      {awaiting ? (
        <details className="mt-2" open={paidTyped !== undefined}>
          <summary className="cursor-pointer font-medium">{copy.markPaid}</summary>
          <Form method="post" className="mt-2 grid gap-2 sm:grid-cols-3" noValidate>
            <Intent value={orderIntents.markPaid} />
            <input type="hidden" name="orderId" value={order.id} />
            <PaymentFields
              id={order.id}
              methodLabel={copy.method}
              referenceLabel={copy.paymentReference}
              typed={paidTyped}
            />
            <div className="grid gap-1.5">
              <Label htmlFor={`nota-${order.id}`}>{copy.note}</Label>
              <Input
                id={`nota-${order.id}`}
                name="note"
                maxLength={500}
                defaultValue={paidTyped?.note}
              />
            </div>
            <div>
              <Button type="submit">{copy.markPaid}</Button>
            </div>
          </Form>
        </details>
      ) : null}
      {awaiting ? (
        <details className="mt-2" open={cancelTyped !== undefined}>
          <summary className="cursor-pointer font-medium">{copy.cancel}</summary>
          <Form method="post" className="mt-2 flex flex-wrap items-end gap-2" noValidate>
            <Intent value={orderIntents.cancel} />
            <input type="hidden" name="orderId" value={order.id} />
            <div className="grid gap-1.5">
              <Label htmlFor={`motivo-${order.id}`}>{copy.reason}</Label>
              <Input
                id={`motivo-${order.id}`}
                name="reason"
                required
                maxLength={500}
                defaultValue={cancelTyped?.reason}
              />
            </div>
            <Button type="submit" variant="outline">
              {copy.cancel}
            </Button>
          </Form>
        </details>
      ) : null}
      {order.state === "paid" ? (
        <p className="mt-2">
          <Link
            className="font-medium underline"
            to={href("/admin/reembolso/:orderId", { orderId: order.id })}
          >
            {copy.refund}
          </Link>
        </p>
      ) : null}
      <details className="mt-2">
        <summary className="cursor-pointer text-muted-foreground">{copy.history}</summary>
        <ol className="mt-1 grid gap-0.5 text-muted-foreground">
          {order.events.map((event) => (
            <li key={event.id}>
              {formatDateTime(new Date(event.at))} · {event.actor} ·{" "}
              {event.fromState ? orderStateLabels[event.fromState] : "—"} →{" "}
              {event.toState ? orderStateLabels[event.toState] : "—"} · {event.reason}
            </li>
          ))}
        </ol>
      </details>
    </li>
  );
}

export function OrdersPanel({
  overview,
  filter,
  preview,
  now,
}: {
  overview: OrdersOverview;
  filter: OrdersFilter;
  preview: StatementPreviewView | null;
  now: number;
}) {
  const result = usePlainFormResult(toast);
  return (
    <div className="grid gap-6">
      <ActionError result={result} />
      <div className="grid gap-4 lg:grid-cols-2">
        <RateForm rate={overview.rate} />
        <ImportForm />
      </div>
      <UnresolvedPixList items={overview.unresolvedPix} stuck={overview.stuckPix} />
      {preview ? <StatementPreview preview={preview} /> : null}
      <ListSection
        id="pedidos"
        title={copy.title}
        filters={<Filters filter={filter} />}
        items={overview.orders}
        empty={copy.empty}
      >
        {(order) => <OrderCard order={order} now={now} />}
      </ListSection>
      <EarlyDiscounts robots={overview.robots} />
    </div>
  );
}
