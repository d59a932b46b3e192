import { href, Link } from "react-router";
import { waitlistEntryCopy as copy } from "../../content/admin.ts";
import { StatusBadge, StatusButtons } from "./admin-panel.tsx";
import { agentsText } from "./agents-text.ts";
import type { WaitlistStatus } from "./model.ts";
import { formatDateTime } from "../admin/date-time.ts";

export interface WaitlistEntryView {
  entry: {
    id: string;
    name: string;
    email: string;
    interestedAgents: string[];
    status: WaitlistStatus;
    message: string | null;
    marketingConsent: boolean;
    termsAcceptedAt: Date;
    source: string | null;
    utmMedium: string | null;
    utmCampaign: string | null;
    referrer: string | null;
    createdAt: Date;
  };
  history: Array<{ status: WaitlistStatus; changedBy: string; changedAt: Date }>;
}

/** /admin/lista/:id: everything stored about one person and who changed their status. */
export function WaitlistEntryPanel({ entry, history }: WaitlistEntryView) {
  const items: Array<[string, React.ReactNode]> = [
    [copy.fields.email, entry.email],
    [copy.fields.status, <StatusBadge key="status" status={entry.status} />],
    [copy.fields.agents, agentsText(entry.interestedAgents)],
    [
      copy.fields.message,
      entry.message ? <span className="whitespace-pre-wrap">{entry.message}</span> : copy.noMessage,
    ],
    [copy.fields.marketingConsent, entry.marketingConsent ? copy.yes : copy.no],
    [copy.fields.termsAcceptedAt, formatDateTime(entry.termsAcceptedAt)],
    [copy.fields.source, entry.source ?? copy.noSource],
    [copy.fields.utmMedium, entry.utmMedium ?? copy.noSource],
    [copy.fields.utmCampaign, entry.utmCampaign ?? copy.noSource],
    [copy.fields.referrer, entry.referrer ?? copy.noSource],
    [copy.fields.createdAt, formatDateTime(entry.createdAt)],
  ];
  return (
    <section aria-labelledby="inscricao-titulo">
      <Link to={href("/admin/lista")} className="text-sm underline underline-offset-4">
        {copy.back}
      </Link>
      <h2 id="inscricao-titulo" className="mt-4 text-2xl font-bold break-words">
        {entry.name}
      </h2>
      <dl className="mt-4 grid gap-3 sm:grid-cols-[auto_1fr]">
        {items.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-semibold">{label}</dt>
            <dd className="break-words">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-6">
        <StatusButtons
          id={entry.id}
          status={entry.status}
          action={href("/admin/lista/:id", { id: entry.id })}
        />
      </div>
      <h3 className="mt-8 text-xl font-semibold">{copy.history}</h3>
      {history.length === 0 ? (
        <p className="mt-2 text-muted-foreground">{copy.noHistory}</p>
      ) : (
        <table className="mt-2 w-full text-left text-sm">
          <thead className="text-muted-foreground">
            <tr>
              <th scope="col" className="py-2 pr-3">
                {copy.historyColumns.status}
              </th>
              <th scope="col" className="py-2 pr-3">
                {copy.historyColumns.by}
              </th>
              <th scope="col" className="py-2">
                {copy.historyColumns.at}
              </th>
            </tr>
          </thead>
          <tbody>
            {history.map((change, index) => (
              <tr key={index} className="border-t border-border">
                <td className="py-2 pr-3">
                  <StatusBadge status={change.status} />
                </td>
                <td className="py-2 pr-3 break-all">{change.changedBy}</td>
                <td className="py-2">{formatDateTime(change.changedAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
