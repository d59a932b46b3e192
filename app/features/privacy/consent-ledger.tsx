import { TableScroll } from "../../components/ui/table-scroll.tsx";
import { consentLedgerCopy as copy } from "../../content/consent.ts";
import { formatDateTime } from "../admin/date-time.ts";
import type { ConsentLedger } from "./consent.server.ts";

/** The consent ledger as a table, on the person's Meus dados page and the admin detail. */
export function ConsentLedgerTable({
  consents,
  headingLevel: Heading = "h2",
}: {
  consents: ConsentLedger;
  headingLevel?: "h2" | "h3";
}) {
  return (
    <section aria-labelledby="historico-consentimentos" className="mt-10">
      <Heading id="historico-consentimentos" className="text-xl font-semibold">
        {copy.title}
      </Heading>
      {consents.length === 0 ? (
        <p className="mt-2 text-muted-foreground">{copy.empty}</p>
      ) : (
        <TableScroll label={copy.table} className="mt-3">
          <table className="w-full text-left text-sm">
            <thead className="text-muted-foreground">
              <tr>
                {Object.values(copy.columns).map((column) => (
                  <th key={column} scope="col" className="py-2 pr-3">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {consents.map((line, index) => (
                <tr key={index} className="border-t border-border">
                  <td className="py-2 pr-3 whitespace-nowrap">{formatDateTime(line.createdAt)}</td>
                  <td className="py-2 pr-3">{copy.kinds[line.kind]}</td>
                  <td className="py-2 pr-3">{copy.channels[line.channel]}</td>
                  <td className="py-2 break-all">{line.textVersion}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}
