import { Form, href, Link } from "react-router";
import { Badge, type BadgeTone } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Checkbox, Input, Label, Select } from "../../components/ui/form-fields.tsx";
import { TableScroll } from "../../components/ui/table-scroll.tsx";
import { paymentMethodLabels } from "../../content/orders.ts";
import {
  subscriptionsAdminCopy as copy,
  subscriptionStateLabels,
} from "../../content/subscriptions.ts";
import type { ActionResult } from "../admin/action-result.ts";
import { formatDateTime } from "../admin/date-time.ts";
import { TextField } from "../admin/field.tsx";
import {
  ActionError,
  Intent,
  ListSection,
  usePlainFormResult,
  useSentAgain,
} from "../admin/plain-form.tsx";
import { formatBrl } from "../orders/format.ts";
import { percentText } from "../sales/late-charge.ts";
import type { PaymentMethod } from "../orders/model.ts";
import { PaymentFields } from "../orders/payment-fields.tsx";
import type {
  RevenueLine,
  SubscriptionListItem,
  SubscriptionsFilter,
  SubscriptionsOverview,
} from "./admin-queries.server.ts";
import { addDays, formatLocalDate } from "./calendar.ts";
import { subscriptionIntents } from "./intents.ts";
import { subscriptionStates, type SubscriptionState } from "./model.ts";

// /admin/assinaturas: counts by state, filters, the renewals of the next 7 days (mark paid),
// a link to the robots to switch on or off (/admin/ligar-desligar, decision 344), the revenue (a bar chart with its figures as a table) and the list
// with its actions. Plain forms: everything works without JavaScript; with it, a toast.
// noValidate on each form: an empty field gets the server's Portuguese message, not the
// browser's own bubble in the browser's language.

const stateTone: Record<SubscriptionState, BadgeTone> = {
  active: "green",
  "past-due": "yellow",
  suspended: "red",
  cancelled: "blue",
  ended: "grey",
  refunded: "grey",
};

const toast = {
  successTitle: copy.savedTitle,
  successText: copy.savedText,
  errorTitle: copy.errorTitle,
};

function StateLabel({ item }: { item: Pick<SubscriptionListItem, "state" | "paidThrough"> }) {
  return (
    <Badge tone={stateTone[item.state]}>
      {subscriptionStateLabels[item.state]}
      {item.state === "cancelled" ? ` ${formatLocalDate(addDays(item.paidThrough, -1))}` : ""}
    </Badge>
  );
}

/** `place` keeps the ids apart: a charge due soon shows in two lists. */
function MarkPaidForm({ item, place }: { item: SubscriptionListItem; place: string }) {
  const typed = useSentAgain(subscriptionIntents.markPaid, {
    charge: item.openChargeReference ?? "",
  });
  if (!item.openChargeReference) return null;
  const id = `${place}-${item.openChargeReference}`;
  return (
    <details className="mt-2" open={typed !== undefined}>
      <summary className="cursor-pointer font-medium">{copy.markPaid}</summary>
      <Form method="post" className="mt-2 flex flex-wrap items-end gap-2" noValidate>
        <Intent value={subscriptionIntents.markPaid} />
        <input type="hidden" name="charge" value={item.openChargeReference} />
        <PaymentFields
          id={id}
          methodLabel={copy.method}
          referenceLabel={copy.paymentReference}
          typed={typed}
        />
        <Button type="submit">{copy.markPaid}</Button>
      </Form>
    </details>
  );
}

function SubscriptionCard({ item }: { item: SubscriptionListItem }) {
  const live = item.state !== "ended" && item.state !== "refunded";
  return (
    <li className="rounded-xl border border-border p-3 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <strong>{item.robotName}</strong>
        <StateLabel item={item} />
        <span className="text-muted-foreground">
          {copy.firstOrder} <span className="font-mono">{item.orderReference}</span>
        </span>
      </div>
      <p className="mt-1">
        {copy.person}:{" "}
        {item.personEmail ? `${item.personName} <${item.personEmail}>` : copy.erasedPerson}
      </p>
      <p className="mt-1 text-muted-foreground">
        {copy.cycle(item.paidCycle)}; {copy.paidThrough(formatLocalDate(item.paidThrough))}
      </p>
      {item.openChargeReference && item.openChargeDue && item.openChargeBrlCents !== null ? (
        <p className="mt-1">
          {copy.openCharge(
            item.openChargeReference,
            formatLocalDate(item.openChargeDue),
            formatBrl(item.openChargeBrlCents),
          )}
        </p>
      ) : null}
      {item.refundRequestedAt && live ? (
        <p className="mt-1 font-medium">
          {copy.refundRequested(formatDateTime(new Date(item.refundRequestedAt)))}
        </p>
      ) : null}
      {item.state === "refunded" && item.refundMethod ? (
        <p className="mt-1">
          {copy.refunded(
            paymentMethodLabels[item.refundMethod as PaymentMethod] ?? item.refundMethod,
            item.refundReference ?? "—",
          )}
        </p>
      ) : null}
      <MarkPaidForm item={item} place="lista" />
      {live ? (
        <p className="mt-2">
          <Link
            className="font-medium underline"
            to={href("/admin/reembolso/:orderId", { orderId: item.orderId })}
          >
            {copy.recordRefund}
          </Link>
        </p>
      ) : null}
      {live && item.state !== "cancelled" ? (
        <details className="mt-2">
          <summary className="cursor-pointer font-medium">{copy.cancel}</summary>
          <Form method="post" className="mt-2 flex flex-wrap items-end gap-3" noValidate>
            <Intent value={subscriptionIntents.cancel} />
            <input type="hidden" name="subscriptionId" value={item.id} />
            <label className="flex items-center gap-2">
              <Checkbox name="confirm" value="on" required />
              {copy.cancelConfirm}
            </label>
            <Button type="submit" variant="outline">
              {copy.cancel}
            </Button>
          </Form>
        </details>
      ) : null}
    </li>
  );
}

function Filters({
  filter,
  counts,
}: {
  filter: SubscriptionsFilter;
  counts: SubscriptionsOverview["counts"];
}) {
  return (
    <>
      <ul aria-label={copy.countsLabel} className="flex flex-wrap gap-2 text-sm">
        {subscriptionStates.map((state) => (
          <li key={state}>
            <a
              href={`${href("/admin/assinaturas")}?situacao=${state}`}
              aria-current={filter.state === state ? "page" : undefined}
              className="inline-block rounded-full border border-border px-3 py-1 aria-[current=page]:border-primary"
            >
              {subscriptionStateLabels[state]}: <strong>{counts[state] ?? 0}</strong>
            </a>
          </li>
        ))}
      </ul>
      <Form method="get" className="flex flex-wrap items-end gap-2">
        <div className="grid gap-1.5">
          <Label htmlFor="filtro-situacao">{copy.filterState}</Label>
          <Select id="filtro-situacao" name="situacao" defaultValue={filter.state ?? ""}>
            <option value="">{copy.filterAll}</option>
            {subscriptionStates.map((state) => (
              <option key={state} value={state}>
                {subscriptionStateLabels[state]}
              </option>
            ))}
          </Select>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="filtro-robo">{copy.filterRobot}</Label>
          <Input id="filtro-robo" name="robo" defaultValue={filter.robot} maxLength={100} />
        </div>
        <Button type="submit" variant="outline">
          {copy.filterApply}
        </Button>
      </Form>
    </>
  );
}

/** A boxed list (the renewals due), or its empty text. */
function SmallList<Item extends { id: string }>({
  id,
  title,
  items,
  empty,
  children,
}: {
  id: string;
  title: string;
  items: Item[];
  empty: string;
  children: (item: Item) => React.ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-border p-4">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {items.length === 0 ? (
        <p className="mt-2 text-sm text-muted-foreground">{empty}</p>
      ) : (
        <ul className="mt-2 grid gap-2 text-sm">
          {items.map((item) => (
            <li key={item.id} className="rounded-lg border border-border p-2">
              {children(item)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

const monthLabel = (key: string) => {
  const [year, month] = key.split("-");
  return `${month}/${year}`;
};

/** Horizontal bars drawn on the server; the same figures follow as a table. */
function RevenueChart({
  id,
  title,
  lines,
  label,
  keyColumn,
}: {
  id: string;
  title: string;
  lines: RevenueLine[];
  label: (key: string) => string;
  keyColumn: string;
}) {
  const max = Math.max(1, ...lines.map((line) => line.brlCents));
  const rowHeight = 28;
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-border p-4">
      <h3 id={id} className="font-semibold">
        {title}
      </h3>
      {lines.length === 0 ? (
        <p className="mt-2 text-sm text-muted-foreground">{copy.revenueEmpty}</p>
      ) : (
        <>
          <svg
            role="img"
            aria-label={copy.revenueChart(title)}
            viewBox={`0 0 400 ${lines.length * rowHeight}`}
            className="mt-3 w-full"
          >
            {lines.map((line, index) => {
              const width = Math.max(2, Math.round((line.brlCents / max) * 250));
              const y = index * rowHeight;
              return (
                <g key={line.key}>
                  <text x="0" y={y + 18} className="fill-current text-[11px]">
                    {label(line.key).slice(0, 14)}
                  </text>
                  <rect x="100" y={y + 6} width={width} height="16" className="fill-primary" />
                  <text x={106 + width} y={y + 18} className="fill-current text-[11px]">
                    {formatBrl(line.brlCents)}
                  </text>
                </g>
              );
            })}
          </svg>
          <TableScroll label={copy.revenueTable(title)} className="mt-3">
            <table className="w-full text-left text-sm">
              <thead className="text-muted-foreground">
                <tr>
                  <th scope="col" className="py-1 pr-3">
                    {keyColumn}
                  </th>
                  <th scope="col" className="py-1 pr-3">
                    {copy.revenueColumns.amount}
                  </th>
                  <th scope="col" className="py-1">
                    {copy.revenueColumns.payments}
                  </th>
                </tr>
              </thead>
              <tbody>
                {lines.map((line) => (
                  <tr key={line.key} className="border-t border-border">
                    <td className="py-1 pr-3">{label(line.key)}</td>
                    <td className="py-1 pr-3">{formatBrl(line.brlCents)}</td>
                    <td className="py-1">{line.payments}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        </>
      )}
    </section>
  );
}

/** The fine and interest in force, as the loader sends them. */
export interface RenewalTermsView {
  fineBp: number;
  interestBpMonth: number;
  setBy: string;
  setAt: string;
}

/** Basis points as staff read and type them: 150 -> "1,50". */
const percentField = (basisPoints: number) => percentText(basisPoints).replace(".", ",");

/** The renewals' fine and interest (docs/decisions/417); a refused form keeps what was typed. */
function RenewalTermsForm({
  terms,
  result,
}: {
  terms: RenewalTermsView | null;
  result: ActionResult | undefined;
}) {
  const t = copy.terms;
  const refused =
    result && !result.ok && result.values?.intent === subscriptionIntents.renewalTerms
      ? result
      : undefined;
  const typed = (name: "fineBp" | "interestBpMonth") =>
    refused?.values?.[name] ?? (terms ? percentField(terms[name]) : "0");
  return (
    <section aria-labelledby="multa-juros" className="grid gap-3">
      <h2 id="multa-juros" className="text-xl font-semibold">
        {t.title}
      </h2>
      <p className="text-sm text-muted-foreground">{t.text}</p>
      <p className="text-sm" data-testid="termos-em-vigor">
        {terms
          ? t.current(
              percentField(terms.fineBp),
              percentField(terms.interestBpMonth),
              terms.setBy,
              formatDateTime(new Date(terms.setAt)),
            )
          : t.none}
      </p>
      <Form method="post" className="flex flex-wrap items-end gap-4" noValidate>
        <Intent value={subscriptionIntents.renewalTerms} />
        <TextField
          id="multa"
          name="fineBp"
          label={t.fine}
          hint={t.fineHint}
          inputMode="decimal"
          maxLength={12}
          defaultValue={typed("fineBp")}
          error={refused?.fieldErrors?.fineBp}
        />
        <TextField
          id="juros"
          name="interestBpMonth"
          label={t.interest}
          hint={t.interestHint}
          inputMode="decimal"
          maxLength={12}
          defaultValue={typed("interestBpMonth")}
          error={refused?.fieldErrors?.interestBpMonth}
        />
        <Button type="submit">{t.save}</Button>
      </Form>
    </section>
  );
}

export function SubscriptionsPanel({
  overview,
  filter,
  renewalTerms,
}: {
  overview: SubscriptionsOverview;
  filter: SubscriptionsFilter;
  renewalTerms: RenewalTermsView | null;
}) {
  const result = usePlainFormResult(toast);
  return (
    <div className="grid gap-6">
      <ActionError result={result} />
      <div className="grid gap-4 lg:grid-cols-2">
        <SmallList id="renovacoes" title={copy.dueTitle} items={overview.due} empty={copy.dueEmpty}>
          {(item) => (
            <>
              <strong>{item.robotName}</strong> · {item.personName ?? copy.erasedPerson} ·{" "}
              {copy.dueDate}: {formatLocalDate(item.paidThrough)} · <StateLabel item={item} />
              {item.openChargeReference ? null : (
                <span className="text-muted-foreground"> · {copy.noChargeYet}</span>
              )}
              <MarkPaidForm item={item} place="renovacao" />
            </>
          )}
        </SmallList>
        <section aria-labelledby="desligar" className="rounded-2xl border border-border p-4">
          <h2 id="desligar" className="text-lg font-semibold">
            {copy.switchesTitle}
          </h2>
          <p className="mt-2 text-sm">
            {copy.switchesText}{" "}
            <Link className="font-medium underline" to={href("/admin/ligar-desligar")}>
              {copy.switchesLink}
            </Link>
          </p>
        </section>
      </div>
      <section aria-labelledby="receita" className="grid gap-3">
        <h2 id="receita" className="text-xl font-semibold">
          {copy.revenueTitle}
        </h2>
        <p className="text-sm text-muted-foreground">{copy.revenueText}</p>
        <div className="grid gap-4 lg:grid-cols-2">
          <RevenueChart
            id="receita-mes"
            title={copy.revenueByMonth}
            lines={overview.revenue.byMonth}
            label={monthLabel}
            keyColumn={copy.revenueColumns.key}
          />
          <RevenueChart
            id="receita-robo"
            title={copy.revenueByRobot}
            lines={overview.revenue.byRobot}
            label={(key) => key}
            keyColumn={copy.revenueColumns.robot}
          />
        </div>
      </section>
      <ListSection
        id="assinaturas"
        title={copy.title}
        filters={<Filters filter={filter} counts={overview.counts} />}
        items={overview.list}
        empty={copy.empty}
      >
        {(item) => <SubscriptionCard item={item} />}
      </ListSection>
      <RenewalTermsForm terms={renewalTerms} result={result} />
    </div>
  );
}
