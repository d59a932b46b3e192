import { Form } from "react-router";
import { deliverabilityAdminCopy as copy } from "../../content/deliverability.ts";
import { formatDateTime } from "../admin/date-time.ts";
import type { Deliverability } from "./admin.server.ts";

const intents = { lift: "liberar", review: "revisado" } as const;
export const deliverabilityIntents = intents;

type SuppressionRow = Deliverability["active"][number];

function SuppressionItem({ row, lifted }: { row: SuppressionRow; lifted?: boolean }) {
  return (
    <li className="rounded-md border p-4">
      <p className="font-medium break-all">{row.email}</p>
      <p className="text-sm">{copy.reasons[row.reason]}</p>
      <p className="text-sm text-muted-foreground">
        {copy.since} {formatDateTime(row.createdAt)} · {copy.until}{" "}
        {row.expiresAt ? formatDateTime(row.expiresAt) : copy.untilLifted}
        {row.messageId ? (
          <>
            {" "}
            · {copy.message} <code className="break-all">{row.messageId}</code>
            {row.template ? ` (${row.template})` : null}
          </>
        ) : null}
      </p>
      {row.detail ? (
        <p className="text-sm text-muted-foreground break-words">
          {copy.detail}: {row.detail}
        </p>
      ) : null}
      {lifted ? (
        <p className="text-sm text-muted-foreground">
          {copy.liftedBy} {row.liftedBy} · {row.liftedAt ? formatDateTime(row.liftedAt) : null}
        </p>
      ) : (
        <Form method="post" className="mt-2">
          <input type="hidden" name="intent" value={intents.lift} />
          <input type="hidden" name="id" value={row.id} />
          <button type="submit" className="rounded-md border px-3 py-1 text-sm">
            {copy.lift}
            <span className="sr-only"> {row.email}</span>
          </button>
        </Form>
      )}
    </li>
  );
}

/** Staff's view of deliverability: suppressions in force, recently lifted, reports to review. */
export function DeliverabilityView({ data, notice }: { data: Deliverability; notice?: string }) {
  return (
    <section aria-labelledby="entregabilidade-titulo">
      <h2 id="entregabilidade-titulo" className="text-2xl font-bold">
        {copy.title}
      </h2>
      <p className="mt-2 text-muted-foreground">{copy.intro}</p>
      {notice ? (
        <p role="status" className="mt-4 rounded-md border p-3">
          {notice}
        </p>
      ) : null}

      <h3 className="mt-8 text-xl font-semibold">{copy.suppressionsTitle}</h3>
      {data.active.length === 0 ? (
        <p className="mt-3 text-muted-foreground">{copy.noSuppressions}</p>
      ) : (
        <ul className="mt-3 space-y-3">
          {data.active.map((row) => (
            <SuppressionItem key={row.id} row={row} />
          ))}
        </ul>
      )}

      <h3 className="mt-10 text-xl font-semibold">{copy.reviewTitle}</h3>
      <p className="mt-1 text-sm text-muted-foreground">{copy.reviewIntro}</p>
      {data.review.length === 0 ? (
        <p className="mt-3 text-muted-foreground">{copy.noReview}</p>
      ) : (
        <ul className="mt-3 space-y-3">
          {data.review.map((report) => (
            <li key={report.id} className="rounded-md border p-4">
              <p className="font-medium break-words">
                {copy.kinds[report.kind]}
                {report.messageId ? null : ` · ${copy.notOurs}`}
              </p>
              <p className="text-sm text-muted-foreground break-words">
                {copy.received} {formatDateTime(report.receivedAt)}
                {report.subject ? ` · ${report.subject}` : null}
                {report.recipient ? ` · ${report.recipient}` : null}
                {report.status ? ` · ${report.status}` : null}
              </p>
              {report.detail ? (
                <p className="text-sm text-muted-foreground break-words">{report.detail}</p>
              ) : null}
              {report.raw ? (
                <details className="mt-2">
                  <summary>{copy.raw}</summary>
                  <pre className="mt-2 max-h-96 overflow-auto text-xs whitespace-pre-wrap">
                    {report.raw}
                  </pre>
                </details>
              ) : null}
              <Form method="post" className="mt-2">
                <input type="hidden" name="intent" value={intents.review} />
                <input type="hidden" name="id" value={report.id} />
                <button type="submit" className="rounded-md border px-3 py-1 text-sm">
                  {copy.markReviewed}
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}

      {data.lifted.length > 0 ? (
        <>
          <h3 className="mt-10 text-xl font-semibold">{copy.liftedTitle}</h3>
          <ul className="mt-3 space-y-3">
            {data.lifted.map((row) => (
              <SuppressionItem key={row.id} row={row} lifted />
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
