import { useFetcher } from "react-router";
import { Badge, type BadgeTone } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { agentNames, isAgentId } from "../../content/agent-ids.ts";
import { waitlistAdminCopy as copy } from "../../content/admin.ts";
import { formatDate } from "../../lib/format.ts";
import { adminIntents, type AdminActionResult } from "../admin/intents.ts";
import { useActionToast } from "../admin/use-action-toast.ts";
import type { WaitlistEntry } from "./queries.server.ts";

const statusTones: Record<string, BadgeTone> = {
  pending: "yellow",
  contacted: "blue",
  converted: "green",
};

/** The statuses an entry can be moved to, each offered unless the entry already has it. */
const statusActions = [
  { status: "contacted", label: copy.markContacted },
  { status: "converted", label: copy.markConverted },
] as const;

const toastMessages = {
  successTitle: copy.successTitle,
  successText: copy.successText,
  errorTitle: copy.errorTitle,
};

/** Agent ids as names, joined by a comma (docs/decisions/034-admin-display.md). */
function agentsText(agents: readonly string[]): string {
  if (agents.length === 0) return copy.noAgents;
  return agents.map((id) => (isAgentId(id) ? agentNames[id] : id)).join(", ");
}

function StatusBadge({ status }: { status: string }) {
  const label = copy.statusLabels[status as keyof typeof copy.statusLabels] ?? status;
  return <Badge tone={statusTones[status] ?? "grey"}>{label}</Badge>;
}

function WaitlistRow({ entry }: { entry: WaitlistEntry }) {
  const fetcher = useFetcher<AdminActionResult>();
  useActionToast(fetcher.state, fetcher.data, toastMessages);
  const busy = fetcher.state !== "idle";
  return (
    <tr className="border-t border-border align-top">
      <td className="px-3 py-3 font-medium">{entry.name}</td>
      <td className="px-3 py-3 break-all">{entry.email}</td>
      <td className="px-3 py-3">{agentsText(entry.interestedAgents)}</td>
      <td className="px-3 py-3">
        <StatusBadge status={entry.status} />
      </td>
      <td className="px-3 py-3 whitespace-nowrap">{formatDate(entry.createdAt)}</td>
      <td className="px-3 py-3">
        <fetcher.Form method="post" action="/admin" className="flex flex-wrap gap-2">
          <input type="hidden" name="intent" value={adminIntents.setWaitlistStatus} />
          <input type="hidden" name="id" value={entry.id} />
          {statusActions
            .filter(({ status }) => status !== entry.status)
            .map(({ status, label }) => (
              <Button
                key={status}
                type="submit"
                name="status"
                value={status}
                size="sm"
                variant="outline"
                disabled={busy}
              >
                {label}
              </Button>
            ))}
        </fetcher.Form>
      </td>
    </tr>
  );
}

export function WaitlistPanel({ entries }: { entries: WaitlistEntry[] }) {
  return (
    <section aria-labelledby="lista-de-espera-titulo">
      <h2 id="lista-de-espera-titulo" className="text-2xl font-bold">
        {copy.title(entries.length)}
      </h2>
      {entries.length === 0 ? (
        <p className="mt-4 text-muted-foreground">{copy.empty}</p>
      ) : (
        <div className="mt-4 overflow-x-auto rounded-lg border border-border">
          <table className="w-full min-w-[48rem] text-left text-sm">
            <thead className="bg-muted text-muted-foreground">
              <tr>
                {Object.values(copy.columns).map((column) => (
                  <th key={column} scope="col" className="px-3 py-2 font-semibold">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <WaitlistRow key={entry.id} entry={entry} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
