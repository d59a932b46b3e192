import { pixUnresolvedCopy as copy } from "../../content/pix.ts";
import { formatDateTime } from "../admin/date-time.ts";
import { formatBrl } from "./format.ts";

// /admin/pedidos: the Pix the PSP reported that no order took, each with why (decisions 353,
// 368); they are the ledger's, resolved on /admin/pagamentos. Above them, the Pix the webhook
// stored that the worker has not applied a minute later (decision 440).

export interface UnresolvedPix {
  endToEndId: string;
  txid: string | null;
  amountBrlCents: number;
  paidAt: Date | string;
  /** The ledger's reason, as staff read it. */
  reason: string | null;
}

export interface StuckPix {
  count: number;
  since: Date | string;
  lastError: string | null;
}

export function UnresolvedPixList({
  items,
  stuck,
}: {
  items: readonly UnresolvedPix[];
  stuck: StuckPix | null;
}) {
  if (items.length === 0 && !stuck) return null;
  return (
    <section aria-labelledby="pix-a-resolver" className="rounded-2xl border border-border p-4">
      <h2 id="pix-a-resolver" className="text-lg font-semibold">
        {copy.title}
      </h2>
      {stuck ? (
        <div role="alert" className="mt-2 rounded-md border border-border p-3 text-sm break-words">
          <p className="font-medium">
            {copy.stuck(stuck.count, formatDateTime(new Date(stuck.since)))}
          </p>
          {stuck.lastError ? <p className="mt-1">{copy.lastError(stuck.lastError)}</p> : null}
        </div>
      ) : null}
      <p className="mt-1 text-sm text-muted-foreground">{copy.help}</p>
      <ul className="mt-3 grid gap-2">
        {items.map((pix) => (
          <li key={pix.endToEndId} className="grid gap-0.5 break-words text-sm">
            <span className="font-medium">
              {formatBrl(pix.amountBrlCents)} · {formatDateTime(new Date(pix.paidAt))} ·{" "}
              {pix.reason ?? ""}
            </span>
            <span className="text-muted-foreground">
              {copy.line(pix.endToEndId, pix.txid ?? copy.noTxid)}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
