import { href } from "react-router";
import { companyDetailParts } from "../../content/layout.ts";
import { accountPanelCopy, receiptCopy as copy } from "../../content/account.ts";
import { paymentMethodLabels } from "../../content/orders.ts";
import { downtimeText, serviceCreditCopy } from "../../content/service-credit.ts";
import { formatDateTime } from "../admin/date-time.ts";
import { formatBrl, formatRate, formatUsd } from "../orders/format.ts";
import { formatLocalDate } from "../subscriptions/calendar.ts";
import type { Receipt } from "./account.server.ts";

/** A payment's receipt, laid out to print on one page (the browser saves it as PDF). */
export function ReceiptPage({ receipt }: { receipt: Receipt }) {
  const f = copy.fields;
  const rows: [string, string][] = [
    [f.payer, receipt.payerName],
    [f.email, receipt.payerEmail],
    [f.service, copy.service(receipt.robotName, receipt.cycle)],
    [
      f.period,
      accountPanelCopy.period(
        formatLocalDate(receipt.period.start),
        formatLocalDate(receipt.period.lastDay),
      ),
    ],
    [f.amount, receipt.amountBrlCents === null ? "—" : formatBrl(receipt.amountBrlCents)],
  ];
  if (receipt.totalUsdCents !== null) {
    rows.push([
      f.amountUsd,
      receipt.exchangeRate === null
        ? formatUsd(receipt.totalUsdCents)
        : `${formatUsd(receipt.totalUsdCents)} (R$ ${formatRate(receipt.exchangeRate)} por US$ 1)`,
    ]);
  }
  if (receipt.serviceCredit) {
    const credit = receipt.serviceCredit;
    rows.push([
      serviceCreditCopy.title,
      serviceCreditCopy.receiptValue(
        formatUsd(credit.usdCents),
        credit.cycle,
        downtimeText(credit.downtimeMinutes),
      ),
    ]);
  }
  if (receipt.rateLine) rows.push([f.rate, receipt.rateLine]);
  rows.push(
    [f.method, paymentMethodLabels[receipt.method]],
    [f.paymentReference, receipt.paymentReference],
    [f.reference, receipt.reference],
    [f.paidAt, formatDateTime(new Date(receipt.paidAt))],
  );
  const company = companyDetailParts(receipt.company);
  return (
    <main id="conteudo" className="mx-auto max-w-2xl px-4 py-16 print:py-0">
      <h1 className="text-3xl font-bold">{copy.title}</h1>
      <p className="mt-2 text-sm text-muted-foreground print:hidden">{copy.print}</p>
      <dl className="mt-6 grid gap-3">
        {rows.map(([label, value]) => (
          <div key={label} className="grid gap-1 sm:grid-cols-3">
            <dt className="text-sm text-muted-foreground">{label}</dt>
            <dd className="font-medium break-words sm:col-span-2">{value}</dd>
          </div>
        ))}
      </dl>
      <section aria-labelledby="emitente" className="mt-8 border-t border-border pt-4">
        <h2 id="emitente" className="font-semibold">
          {copy.issuer}
        </h2>
        <p className="mt-1">{copy.siteName}</p>
        {company.map((line) => (
          <p key={line} className="text-sm">
            {line}
          </p>
        ))}
      </section>
      <a
        href={href("/minha-conta/painel")}
        className="mt-8 inline-block text-primary underline print:hidden"
      >
        {copy.back}
      </a>
    </main>
  );
}
