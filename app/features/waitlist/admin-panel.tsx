import { useCallback, useEffect, useState } from "react";
import { Form, href, Link, useFetcher, useRevalidator } from "react-router";
import { Badge } from "../../components/ui/badge.tsx";
import { Button, buttonClasses } from "../../components/ui/button.tsx";
import { Dialog, DialogClose, DialogContent, DialogTrigger } from "../../components/ui/dialog.tsx";
import { Checkbox } from "../../components/ui/form-fields.tsx";
import { agentIds, agentNames, isAgentId } from "../../content/agent-ids.ts";
import {
  adminCopy,
  countText,
  waitlistAdminCopy as copy,
  waitlistFilterCopy as filterCopy,
} from "../../content/admin.ts";
import { cn } from "../../lib/cn.ts";
import { formatDate } from "../../lib/format.ts";
import { WaitlistSummary, type WaitlistSummaryView } from "./admin-summary.tsx";
import type { ActionResult } from "../admin/action-result.ts";
import { TextField } from "../admin/field.tsx";
import { FilterSelect, FilterTextFields } from "../admin/filter-select.tsx";
import { waitlistIntents } from "../admin/intents.ts";
import { type ActionToastMessages, useActionToast } from "../admin/use-action-toast.ts";
import { agentsText } from "./agents-text.ts";
import {
  encodeCursor,
  filterSearch,
  waitlistConfirmedFilters,
  type WaitlistCursor,
} from "./admin-filters.ts";
import { settableWaitlistStatuses } from "./status-schema.ts";
import { type WaitlistStatus, waitlistStatuses } from "./model.ts";
import { statusLabels, statusTones } from "./statuses.ts";

export const toastMessages = {
  successTitle: copy.successTitle,
  successText: copy.successText,
  errorTitle: copy.errorTitle,
};

const statusButtonLabels = {
  contacted: copy.markContacted,
  converted: copy.markConverted,
} satisfies Record<(typeof settableWaitlistStatuses)[number], string>;

export function StatusBadge({ status }: { status: WaitlistStatus }) {
  return <Badge tone={statusTones[status]}>{statusLabels[status]}</Badge>;
}

/** The status buttons of one entry; `action` is the route that takes the change. */
export function StatusButtons({
  id,
  status,
  action,
}: {
  id: string;
  status: WaitlistStatus;
  action: string;
}) {
  const fetcher = useFetcher<ActionResult>();
  useActionToast(fetcher.state, fetcher.data, toastMessages);
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" action={action} className="flex flex-wrap gap-2">
      <input type="hidden" name="id" value={id} />
      {settableWaitlistStatuses
        .filter((next) => next !== status)
        .map((next) => (
          <Button
            key={next}
            type="submit"
            name="status"
            value={next}
            size="sm"
            variant="outline"
            disabled={busy}
          >
            {statusButtonLabels[next]}
          </Button>
        ))}
    </fetcher.Form>
  );
}

export interface WaitlistRowView {
  id: string;
  name: string;
  email: string;
  interestedAgents: string[];
  status: WaitlistStatus;
  createdAt: Date;
  confirmedAt: Date | null;
}

/**
 * What /admin/lista/convite answers for inviting the whole filter to one robot (decisions
 * 255, 256); "refused" when the query string was.
 */
export type FilterInviteView =
  | { state: "refused"; error: string }
  | { state: "several-agents" }
  | { state: "no-robot"; agent: string }
  | {
      state: "ready";
      robotName: string;
      free: number | null;
      waiting: number;
      count: number;
    };

export interface WaitlistPanelProps {
  rows: WaitlistRowView[];
  next: WaitlistCursor | null;
  previous: WaitlistCursor | null;
  total: number;
  /** Per status for the filter without its status part, exact (decision 145). */
  byStatus: Record<WaitlistStatus, number>;
  /** Per agent for the filter without its agent part. */
  byAgent: Record<string, number>;
  /** The filter per status, agent, source and period (null when the query was refused). */
  summary: WaitlistSummaryView | null;
  /** The URL's query string (filters and cursor). */
  search: string;
  /** Why the query string was refused (400), if it was. */
  error?: string;
}

// The filter's text and date fields, in the form's order.
const filterInputs = [
  { name: "de", type: "date", label: filterCopy.from },
  { name: "ate", type: "date", label: filterCopy.to },
  { name: "origem", type: "text", label: filterCopy.source },
  { name: "meio", type: "text", label: filterCopy.medium },
  { name: "campanha", type: "text", label: filterCopy.campaign },
] as const;

function Filters({ params }: { params: URLSearchParams }) {
  const value = (key: string) => params.get(key) ?? "";
  return (
    <Form method="get" className="mt-4 grid gap-3 sm:grid-cols-3 lg:grid-cols-4 lg:items-end">
      <div className="sm:col-span-3 lg:col-span-2">
        <TextField
          id="filtro-q"
          name="q"
          type="search"
          label={filterCopy.search}
          defaultValue={value("q")}
        />
      </div>
      <FilterSelect
        id="filtro-status"
        name="status"
        label={filterCopy.status}
        defaultValue={value("status")}
        emptyLabel={filterCopy.any}
        values={waitlistStatuses}
        labels={statusLabels}
      />
      <FilterSelect
        id="filtro-agente"
        name="agente"
        label={filterCopy.agent}
        defaultValue={value("agente")}
        emptyLabel={filterCopy.any}
        values={agentIds}
        labels={agentNames}
      />
      <FilterTextFields fields={filterInputs} valueOf={value} />
      <FilterSelect
        id="filtro-confirmado"
        name="confirmado"
        label={filterCopy.confirmed}
        defaultValue={value("confirmado")}
        emptyLabel={filterCopy.any}
        values={waitlistConfirmedFilters}
        labels={filterCopy.confirmedLabels}
      />
      <FilterSelect
        id="filtro-ordem"
        name="ordem"
        label={filterCopy.order}
        defaultValue={value("ordem")}
        emptyLabel={filterCopy.orderLabels.recentes}
        values={["antigos"] as const}
        labels={filterCopy.orderLabels}
      />
      <div className="flex flex-wrap gap-2 sm:col-span-3 lg:col-span-4">
        <Button type="submit">{filterCopy.apply}</Button>
        <Link to={href("/admin/lista")} className={buttonClasses({ variant: "outline" })}>
          {filterCopy.clear}
        </Link>
        <a
          href={`${href("/admin/lista.csv")}${filterSearch(params)}`}
          download
          className={buttonClasses({ variant: "outline" })}
        >
          {filterCopy.exportCsv}
        </a>
        <a
          href={`${href("/admin/lista.csv")}${filterSearch(params) || "?"}${filterSearch(params) ? "&" : ""}separador=virgula`}
          download
          className={buttonClasses({ variant: "outline" })}
        >
          {filterCopy.exportCsvComma}
        </a>
      </div>
    </Form>
  );
}

function Counts({ byStatus, byAgent }: Pick<WaitlistPanelProps, "byStatus" | "byAgent">) {
  return (
    <dl className="mt-4 grid gap-2 text-sm sm:grid-cols-2">
      <div>
        <dt className="font-semibold">{filterCopy.countsByStatus}</dt>
        <dd className="mt-1 flex flex-wrap gap-2">
          {waitlistStatuses.map((status) => (
            <span key={status}>
              {statusLabels[status]}: {countText(byStatus[status])}
            </span>
          ))}
        </dd>
      </div>
      <div>
        <dt className="font-semibold">{filterCopy.countsByAgent}</dt>
        <dd className="mt-1 flex flex-wrap gap-2">
          {agentIds.map((id) => (
            <span key={id}>
              {agentNames[id]}: {countText(byAgent[id] ?? 0)}
            </span>
          ))}
        </dd>
      </div>
    </dl>
  );
}

/** A cell: a table cell from md up, a line of the row's card below. */
const card = "px-3 py-3 max-md:col-start-2 max-md:block max-md:p-0";

function pageHref(params: URLSearchParams, key: "apos" | "antes" | null, cursor?: WaitlistCursor) {
  const next = new URLSearchParams(filterSearch(params));
  if (key && cursor) next.set(key, encodeCursor(cursor));
  const text = next.toString();
  return text ? `${href("/admin/lista")}?${text}` : href("/admin/lista");
}

function BulkBar({ selected, onDone }: { selected: string[]; onDone: () => void }) {
  const fetcher = useFetcher<ActionResult>();
  useActionToast(fetcher.state, fetcher.data, toastMessages, (result) => {
    if (result.ok) onDone();
  });
  return (
    <fetcher.Form
      method="post"
      action={href("/admin/lista")}
      aria-label={filterCopy.bulkLabel}
      className="mt-4 flex flex-wrap items-center gap-2"
    >
      {selected.map((id) => (
        <input key={id} type="hidden" name="id" value={id} />
      ))}
      <span className="text-sm">{filterCopy.bulkApply(selected.length)}:</span>
      {settableWaitlistStatuses.map((status) => (
        <Button
          key={status}
          type="submit"
          name="status"
          value={status}
          size="sm"
          variant="outline"
          disabled={fetcher.state !== "idle" || selected.length === 0}
        >
          {statusButtonLabels[status]}
        </Button>
      ))}
    </fetcher.Form>
  );
}

/**
 * The state of a whole-filter dialog, held by a component that stays on the page while the
 * answer's revalidation may remove the dialog (so its toast still shows). The dialog closes on
 * the answer; a refusal (409: the number changed) reloads the list, which React Router does
 * not do by itself after a 4xx, so the page shows the new number.
 */
function useWholeFilterAction(messages: ActionToastMessages) {
  const [open, setOpen] = useState(false);
  const fetcher = useFetcher<ActionResult>();
  const { revalidate } = useRevalidator();
  const onResult = useCallback(
    (result: ActionResult) => {
      setOpen(false);
      if (!result.ok) void revalidate();
    },
    [revalidate],
  );
  useActionToast(fetcher.state, fetcher.data, messages, onResult);
  return { open, setOpen, fetcher };
}

/**
 * A change for everyone in the filter, behind a dialog that says how many (decisions 147,
 * 255): its form posts the list's query string (`filtro`) and the number shown
 * (`quantidade`) with `fields`.
 */
function WholeFilterDialog({
  action: { open, setOpen, fetcher },
  trigger,
  title,
  description,
  confirm,
  filter,
  fields,
  onOpenChange,
}: {
  action: ReturnType<typeof useWholeFilterAction>;
  trigger: string;
  title: string;
  description: string;
  /** The button's label and the number it confirms; null while there is none to confirm. */
  confirm: { label: string; count: number } | null;
  filter: string;
  fields: Record<string, string>;
  onOpenChange?: (open: boolean) => void;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        onOpenChange?.(next);
      }}
    >
      <DialogTrigger asChild>
        <Button size="sm" variant="outline">
          {trigger}
        </Button>
      </DialogTrigger>
      <DialogContent title={title} description={description} closeLabel={adminCopy.close}>
        <fetcher.Form
          method="post"
          action={href("/admin/lista")}
          className="mt-6 flex justify-end gap-2"
        >
          {Object.entries(fields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <input type="hidden" name="filtro" value={filter} />
          {confirm ? <input type="hidden" name="quantidade" value={confirm.count} /> : null}
          <DialogClose asChild>
            <Button type="button" variant="outline">
              {filterCopy.cancel}
            </Button>
          </DialogClose>
          {confirm ? (
            <Button type="submit" disabled={fetcher.state !== "idle"}>
              {confirm.label}
            </Button>
          ) : null}
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}

/** One status for everyone in the filter (decision 147). */
function WholeFilterStatus({
  status,
  total,
  filter,
}: {
  status: (typeof settableWaitlistStatuses)[number];
  total: number;
  filter: string;
}) {
  const action = useWholeFilterAction(toastMessages);
  return (
    <WholeFilterDialog
      action={action}
      trigger={statusButtonLabels[status]}
      title={filterCopy.bulkConfirmTitle}
      description={filterCopy.bulkConfirmText(total, statusLabels[status])}
      confirm={{ label: filterCopy.bulkConfirm(total), count: total }}
      filter={filter}
      fields={{ escopo: "filtro", status }}
    />
  );
}

function WholeFilterBar({ total, params }: { total: number; params: URLSearchParams }) {
  return (
    <div
      role="group"
      aria-label={filterCopy.bulkWholeFilter(total)}
      className="mt-2 flex flex-wrap items-center gap-2"
    >
      <span className="text-sm">{filterCopy.bulkWholeFilter(total)}:</span>
      {settableWaitlistStatuses.map((status) => (
        <WholeFilterStatus
          key={status}
          status={status}
          total={total}
          filter={filterSearch(params).slice(1)}
        />
      ))}
    </div>
  );
}

/** Why nothing is offered, or what the dialog asks to confirm, from the count's answer. */
function inviteDescription(robotName: string, invite: FilterInviteView | undefined) {
  if (!invite) return filterCopy.inviteCounting(robotName);
  switch (invite.state) {
    case "refused":
      return invite.error;
    case "several-agents":
      return filterCopy.inviteNeedsOneAgent;
    case "no-robot":
      return filterCopy.inviteNoRobot(invite.agent);
    case "ready":
      return invite.count === 0
        ? filterCopy.inviteNobody(invite.robotName, invite.free)
        : filterCopy.inviteConfirmText(invite.count, invite.robotName, invite.waiting, invite.free);
  }
}

/**
 * "Convidar pessoas deste filtro para o <robô>": the dialog counts, when it opens, how many
 * can be invited (min of the filter's people in the robot's queue and its free spots) and
 * names that number before confirming, or says why nobody can be; the count is not made on
 * every load of the list (decisions 255, 256). A filter of several robots says why instead.
 */
function WholeFilterInvite({ agent, filter }: { agent: string | null; filter: string }) {
  const action = useWholeFilterAction(filterCopy.inviteToast);
  const counter = useFetcher<FilterInviteView>();
  const { load, reset } = counter;
  // A closed dialog keeps no count, so later actions on the page do not recount it.
  useEffect(() => {
    if (!action.open) reset();
  }, [action.open, reset]);
  if (!agent || !isAgentId(agent)) {
    return <p className="mt-2 text-sm text-muted-foreground">{filterCopy.inviteNeedsOneAgent}</p>;
  }
  const robotName = agentNames[agent];
  const invite = counter.state === "idle" ? counter.data : undefined;
  const count = invite?.state === "ready" ? invite.count : 0;
  return (
    <div className="mt-2">
      <WholeFilterDialog
        action={action}
        trigger={filterCopy.inviteWholeFilter(robotName)}
        title={filterCopy.inviteConfirmTitle}
        description={inviteDescription(robotName, invite)}
        confirm={count > 0 ? { label: filterCopy.inviteConfirm(count), count } : null}
        filter={filter}
        fields={{ intent: waitlistIntents.inviteFilter }}
        onOpenChange={(open) => {
          if (open) void load(`${href("/admin/lista/convite")}?${filter}`);
        }}
      />
    </div>
  );
}

export function WaitlistPanel(props: WaitlistPanelProps) {
  const { rows, total, error } = props;
  const params = new URLSearchParams(props.search);
  const [selected, setSelected] = useState<string[]>([]);
  const visible = selected.filter((id) => rows.some((row) => row.id === id));
  const toggle = (id: string, on: boolean) =>
    setSelected((current) => (on ? [...current, id] : current.filter((other) => other !== id)));

  return (
    <section aria-labelledby="lista-de-espera-titulo">
      <h2 id="lista-de-espera-titulo" className="text-2xl font-bold">
        {copy.title(total)}
      </h2>
      {props.summary ? (
        <WaitlistSummary summary={props.summary} filtered={filterSearch(params) !== ""} />
      ) : null}
      <Filters params={params} />
      {error ? (
        <p role="alert" className="mt-4 text-sm text-danger">
          {error}
        </p>
      ) : null}
      <Counts byStatus={props.byStatus} byAgent={props.byAgent} />
      {rows.length === 0 ? (
        <p className="mt-4 text-muted-foreground">
          {filterSearch(params) ? filterCopy.noResults : copy.empty}
        </p>
      ) : (
        <>
          <BulkBar selected={visible} onDone={() => setSelected([])} />
          <WholeFilterBar total={total} params={params} />
          <WholeFilterInvite agent={params.get("agente")} filter={filterSearch(params).slice(1)} />
          {/* Below md each row is a card (the table's cells stacked beside its checkbox), so
              a phone shows every key field without scrolling sideways (decision 079). */}
          <div className="mt-4 overflow-x-auto rounded-lg border border-border">
            <table aria-label={copy.tableLabel} className="w-full text-left text-sm max-md:block">
              <thead className="bg-muted text-muted-foreground max-md:hidden">
                <tr>
                  <th scope="col" className="px-3 py-2">
                    <Checkbox
                      aria-label={filterCopy.selectAll}
                      checked={visible.length === rows.length}
                      onChange={(event) =>
                        setSelected(event.currentTarget.checked ? rows.map((row) => row.id) : [])
                      }
                    />
                  </th>
                  {Object.entries(copy.columns).map(([key, column]) => (
                    <th key={key} scope="col" className="px-3 py-2 font-semibold">
                      {column}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="max-md:block">
                {rows.map((row) => (
                  <tr
                    key={row.id}
                    className="border-t border-border align-top max-md:grid max-md:grid-cols-[auto_minmax(0,1fr)] max-md:gap-x-3 max-md:gap-y-1 max-md:p-3 max-md:first:border-t-0"
                  >
                    <td className="px-3 py-3 max-md:row-span-6 max-md:p-0">
                      <Checkbox
                        aria-label={filterCopy.selectRow(row.name)}
                        checked={visible.includes(row.id)}
                        onChange={(event) => toggle(row.id, event.currentTarget.checked)}
                      />
                    </td>
                    <td className={cn(card, "font-medium")}>
                      <Link
                        to={href("/admin/lista/:id", { id: row.id })}
                        aria-label={filterCopy.detailsLabel(row.name)}
                        className="underline-offset-4 hover:underline"
                      >
                        {row.name}
                      </Link>
                    </td>
                    <td className={cn(card, "break-all")}>
                      {row.email}
                      <span className="block text-xs text-muted-foreground">
                        {filterCopy.confirmedLabels[row.confirmedAt ? "sim" : "nao"]}
                      </span>
                    </td>
                    <td className={cn(card, "max-md:text-muted-foreground")}>
                      {agentsText(row.interestedAgents)}
                    </td>
                    <td className={card}>
                      <StatusBadge status={row.status} />
                    </td>
                    <td className={cn(card, "whitespace-nowrap max-md:text-muted-foreground")}>
                      {formatDate(row.createdAt)}
                    </td>
                    <td className={cn(card, "max-md:pt-1")}>
                      <StatusButtons
                        id={row.id}
                        status={row.status}
                        action={href("/admin/lista")}
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <nav aria-label={filterCopy.pagination} className="mt-4 flex flex-wrap gap-2">
            {props.previous ? (
              <>
                <Link to={pageHref(params, null)} className={buttonClasses({ variant: "outline" })}>
                  {filterCopy.first}
                </Link>
                <Link
                  to={pageHref(params, "antes", props.previous)}
                  className={buttonClasses({ variant: "outline" })}
                >
                  {filterCopy.previous}
                </Link>
              </>
            ) : null}
            {props.next ? (
              <Link
                to={pageHref(params, "apos", props.next)}
                className={buttonClasses({ variant: "outline" })}
              >
                {filterCopy.next}
              </Link>
            ) : null}
          </nav>
        </>
      )}
    </section>
  );
}
