import { Form, href } from "react-router";
import { subscribersAdminCopy as copy } from "../../content/newsletter-admin.ts";
import { CountedSection } from "../admin/counted-section.tsx";
import { formatDateTime } from "../admin/date-time.ts";
import { subscriberStates, type SubscriberFilter } from "./admin-filters.ts";
import type { SubscribersPage } from "./admin.server.ts";

/** /admin/assinantes: counts, a search, the list with "Apagar", and the CSV export link. */
export function SubscribersView({
  page,
  filter,
  notice,
}: {
  page: SubscribersPage;
  filter: SubscriberFilter;
  notice?: string;
}) {
  const csvQuery = new URLSearchParams({ q: filter.q, situacao: filter.situacao }).toString();
  return (
    <CountedSection
      id="assinantes-titulo"
      title={copy.title}
      notice={notice}
      counts={(["active", "pending", "unsubscribed"] as const).map((key) => [
        key,
        page.counts[key],
      ])}
      labels={copy.counts}
    >
      <Form method="get" className="mt-6 flex flex-wrap items-end gap-3">
        <label className="flex flex-col gap-1 text-sm">
          {copy.searchLabel}
          <input
            type="search"
            name="q"
            defaultValue={filter.q}
            maxLength={254}
            className="rounded-md border bg-background px-3 py-2"
          />
        </label>
        <label className="flex flex-col gap-1 text-sm">
          {copy.stateLabel}
          <select
            name="situacao"
            defaultValue={filter.situacao}
            className="rounded-md border bg-background px-3 py-2"
          >
            {subscriberStates.map((state) => (
              <option key={state} value={state}>
                {copy.states[state]}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="rounded-md border px-4 py-2">
          {copy.filter}
        </button>
        <a
          href={`${href("/admin/assinantes.csv")}?${csvQuery}`}
          className="rounded-md border px-4 py-2"
          download
        >
          {copy.exportCsv}
        </a>
      </Form>

      <p className="mt-4 text-sm text-muted-foreground">
        {copy.showing(page.subscribers.length, page.total)}
      </p>
      {page.subscribers.length === 0 ? (
        <p className="mt-3 text-muted-foreground">{copy.empty}</p>
      ) : (
        <ul className="mt-3 space-y-3">
          {page.subscribers.map((row) => (
            <li
              key={row.id}
              className="flex flex-wrap items-start justify-between gap-3 rounded-md border p-4"
            >
              <div>
                <p className="font-medium break-all">{row.email}</p>
                <p className="text-sm text-muted-foreground">
                  {row.state} · {copy.subscribedAt} {formatDateTime(row.createdAt)}
                  {row.confirmedAt
                    ? ` · ${copy.confirmedAt} ${formatDateTime(row.confirmedAt)}`
                    : null}
                  {row.unsubscribedAt
                    ? ` · ${copy.unsubscribedAt} ${formatDateTime(row.unsubscribedAt)}`
                    : null}
                </p>
              </div>
              <Form
                method="post"
                onSubmit={(event) => {
                  if (!window.confirm(copy.eraseConfirm(row.email))) event.preventDefault();
                }}
              >
                <input type="hidden" name="id" value={row.id} />
                <button type="submit" className="rounded-md border px-3 py-1 text-sm">
                  {copy.erase}
                  <span className="sr-only"> {row.email}</span>
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </CountedSection>
  );
}
