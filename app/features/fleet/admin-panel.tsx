import { Badge } from "../../components/ui/badge.tsx";
import { TableScroll } from "../../components/ui/table-scroll.tsx";
import { fleetAdminCopy as copy } from "../../content/fleet.ts";
import { formatDateTime } from "../admin/date-time.ts";
import { formatBps } from "../performance/format.ts";
import type { FleetRow } from "./board.server.ts";

// /admin/frota: one line per served subscription, the flagged ones first (decision 383).

export function FleetPanel({ rows, dropPercent }: { rows: FleetRow[]; dropPercent: number }) {
  const c = copy.columns;
  return (
    <section aria-labelledby="frota" className="grid gap-3">
      <h2 id="frota" className="text-xl font-semibold">
        {copy.title}
      </h2>
      <p className="text-sm text-muted-foreground">{copy.intro(dropPercent)}</p>
      {rows.length === 0 ? (
        <p className="text-muted-foreground">{copy.empty}</p>
      ) : (
        <TableScroll label={copy.tableLabel}>
          <table className="w-full text-left text-sm">
            <thead>
              <tr>
                {[c.subscription, c.state, c.lastSignal, c.balance, c.uptime, c.flags].map((h) => (
                  <th key={h} scope="col" className="p-2">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.subscriptionId} className="border-t border-border">
                  <td className="p-2">
                    {row.robotName}
                    <br />
                    <span className="text-muted-foreground">
                      {row.personName ?? copy.none} {row.personEmail ? `(${row.personEmail})` : ""}
                    </span>
                  </td>
                  <td className="p-2">{copy.states[row.state.kind]}</td>
                  <td className="p-2">
                    {row.lastSignalAt ? formatDateTime(row.lastSignalAt) : copy.none}
                  </td>
                  <td className="p-2">
                    {row.balanceCents === null
                      ? copy.none
                      : formatBps(row.balanceCents, { signed: false }).replace("%", "")}
                  </td>
                  <td className="p-2">
                    {row.monthUptimeBps === null
                      ? copy.none
                      : formatBps(row.monthUptimeBps, { signed: false })}
                  </td>
                  <td className="p-2">
                    {row.incidents.length > 0 ? (
                      <ul aria-label={copy.incidentsLabel} className="mb-1 grid gap-1">
                        {row.incidents.map((incident) => (
                          <li key={incident.openedAt.toISOString() + incident.flag}>
                            {copy.incident(
                              copy.flags[incident.flag],
                              formatDateTime(incident.openedAt),
                              incident.closedAt ? formatDateTime(incident.closedAt) : null,
                            )}
                          </li>
                        ))}
                      </ul>
                    ) : null}
                    {row.flags.length === 0
                      ? copy.none
                      : row.flags.map((flag) => (
                          <Badge key={flag} tone="red">
                            {copy.flags[flag]}
                          </Badge>
                        ))}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}
