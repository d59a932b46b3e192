import { useEffect, useRef } from "react";
import { Form, href, Link, useFetcher } from "react-router";
import { agentIds, agentNames } from "../../content/agent-ids.ts";
import { campaignsAdminCopy as copy } from "../../content/campaigns.ts";
import { FieldError } from "../../components/ui/form-fields.tsx";
import { formatDateTime } from "../admin/date-time.ts";
import { TextAreaField, TextField } from "../admin/field.tsx";
import { FilterSelect, FilterTextFields } from "../admin/filter-select.tsx";
import { waitlistConfirmedFilters } from "../waitlist/admin-filters.ts";
import { waitlistStatuses } from "../waitlist/model.ts";
import { statusLabels } from "../waitlist/statuses.ts";
import { campaignIntents as intents } from "./intents.ts";
import type { CampaignActionResult } from "./admin.server.ts";
import {
  campaignAudiences,
  type CampaignAudience,
  type CampaignFigures,
  type CampaignStatus,
} from "./model.ts";

interface ListItem {
  id: string;
  kind: "campaign" | "post";
  subject: string;
  status: CampaignStatus;
  createdAt: Date;
}

interface Opened {
  campaign: {
    id: string;
    subject: string;
    previewText: string;
    body: string;
    audience: CampaignAudience;
    waitlistFilter: Record<string, string>;
    status: CampaignStatus;
    scheduledAt: Date | null;
    startedAt: Date | null;
    finishedAt: Date | null;
  };
  reach: number | null;
  stats: CampaignFigures | null;
  scheduledLocal: string;
}

/** The free-text parts of the audience filter, as the waitlist's filter names them. */
const filterInputs = [
  { name: "origem", type: "text", label: copy.filterSource },
  { name: "de", type: "date", label: copy.filterFrom },
  { name: "ate", type: "date", label: copy.filterTo },
] as const;

/** The editor of a draft: saved as it is typed, so nothing is lost on a reload. */
function DraftEditor({ opened, result }: { opened: Opened; result?: CampaignActionResult }) {
  const { campaign } = opened;
  const autosave = useFetcher();
  const form = useRef<HTMLFormElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const errors = result?.fieldErrors ?? {};
  const filter = campaign.waitlistFilter;

  return (
    <Form
      method="post"
      ref={form}
      className="mt-6 space-y-4"
      onChange={() => {
        clearTimeout(timer.current);
        timer.current = setTimeout(() => {
          if (!form.current) return;
          const data = new FormData(form.current);
          data.set("intent", intents.save);
          void autosave.submit(data, { method: "post" });
        }, 800);
      }}
    >
      <input type="hidden" name="id" value={campaign.id} />
      <TextField
        id="campanha-assunto"
        name="subject"
        label={copy.fields.subject}
        defaultValue={campaign.subject}
        maxLength={150}
        error={errors.subject}
      />
      <TextField
        id="campanha-previa"
        name="previewText"
        label={copy.fields.previewText}
        defaultValue={campaign.previewText}
        maxLength={200}
        hint={copy.fields.previewHint}
        error={errors.previewText}
      />
      <TextAreaField
        id="campanha-corpo"
        name="body"
        label={copy.fields.body}
        defaultValue={campaign.body}
        rows={14}
        className="font-mono text-sm"
        hint={copy.fields.bodyHint}
        error={errors.body}
      />
      <fieldset className="rounded-md border p-4">
        <legend className="px-1 font-medium">{copy.fields.audience}</legend>
        {campaignAudiences.map((audience) => (
          <label key={audience} className="flex items-center gap-2">
            <input
              type="radio"
              name="audience"
              value={audience}
              defaultChecked={campaign.audience === audience}
            />
            {copy.audiences[audience]}
          </label>
        ))}
        <FieldError id="erro-audience" message={errors.audience} />
        <p className="mt-3 text-sm font-medium">{copy.filterTitle}</p>
        <div className="mt-2 grid gap-3 sm:grid-cols-3">
          <FilterSelect
            id="filtro-agente"
            name="agente"
            label={copy.filterAgent}
            defaultValue={filter.agente ?? ""}
            emptyLabel={copy.filterAll}
            values={agentIds}
            labels={agentNames}
          />
          <FilterSelect
            id="filtro-status"
            name="status"
            label={copy.filterStatus}
            defaultValue={filter.status ?? ""}
            emptyLabel={copy.filterAll}
            values={waitlistStatuses}
            labels={statusLabels}
          />
          <FilterSelect
            id="filtro-confirmado"
            name="confirmado"
            label={copy.filterConfirmed}
            defaultValue={filter.confirmado ?? ""}
            emptyLabel={copy.filterAll}
            values={waitlistConfirmedFilters}
            labels={{ sim: copy.yes, nao: copy.no }}
          />
          <FilterTextFields fields={filterInputs} valueOf={(name) => filter[name] ?? ""} />
        </div>
      </fieldset>
      {opened.reach !== null ? (
        <p role="status" className="rounded-md border p-3 font-medium">
          {copy.reach(opened.reach)}
        </p>
      ) : null}
      <TextField
        id="campanha-agendar"
        type="datetime-local"
        name="scheduledAt"
        label={copy.fields.scheduledAt}
        defaultValue={opened.scheduledLocal}
        error={errors.scheduledAt}
      />
      <div className="flex flex-wrap gap-3">
        <button
          type="submit"
          name="intent"
          value={intents.save}
          className="rounded-md border px-4 py-2"
        >
          {copy.save}
        </button>
        <button
          type="submit"
          name="intent"
          value={intents.test}
          className="rounded-md border px-4 py-2"
        >
          {copy.sendTest}
        </button>
        <button
          type="submit"
          name="intent"
          value={intents.schedule}
          className="rounded-md border px-4 py-2"
        >
          {copy.schedule}
        </button>
        <button
          type="submit"
          name="intent"
          value={intents.send}
          className="rounded-md bg-primary px-4 py-2 text-primary-foreground"
          onClick={(event) => {
            if (!window.confirm(copy.sendNowConfirm(opened.reach ?? 0))) event.preventDefault();
          }}
        >
          {copy.sendNow}
        </button>
      </div>
    </Form>
  );
}

function CampaignFigures({ opened }: { opened: Opened }) {
  const { campaign, stats } = opened;
  return (
    <div className="mt-6 space-y-4">
      <p>
        <span className="font-medium">{copy.statuses[campaign.status]}</span>
        {campaign.scheduledAt
          ? ` · ${copy.scheduledFor} ${formatDateTime(campaign.scheduledAt)}`
          : null}
        {campaign.startedAt ? ` · ${copy.startedAt} ${formatDateTime(campaign.startedAt)}` : null}
        {campaign.finishedAt
          ? ` · ${copy.finishedAt} ${formatDateTime(campaign.finishedAt)}`
          : null}
      </p>
      {stats ? (
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {(Object.keys(copy.stats) as (keyof typeof copy.stats)[]).map((key) => (
            <div key={key} className="rounded-md border p-3">
              <dt className="text-sm text-muted-foreground">{copy.stats[key]}</dt>
              <dd className="text-xl font-semibold">{stats[key]}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {campaign.status === "scheduled" || campaign.status === "sending" ? (
        <Form method="post">
          <input type="hidden" name="id" value={campaign.id} />
          <button
            type="submit"
            name="intent"
            value={intents.cancel}
            className="rounded-md border px-4 py-2"
          >
            {copy.cancel}
          </button>
        </Form>
      ) : null}
      <details>
        <summary>{copy.fields.body}</summary>
        <pre className="mt-2 text-sm whitespace-pre-wrap">{campaign.body}</pre>
      </details>
    </div>
  );
}

export function CampaignsView({
  list,
  opened,
  result,
}: {
  list: ListItem[];
  opened: Opened | null;
  result?: CampaignActionResult | undefined;
}) {
  return (
    <section aria-labelledby="campanhas-titulo">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="campanhas-titulo" className="text-2xl font-bold">
          {copy.title}
        </h2>
        <Form method="post">
          <button
            type="submit"
            name="intent"
            value={intents.create}
            className="rounded-md border px-4 py-2"
          >
            {copy.newCampaign}
          </button>
        </Form>
      </div>
      {result?.notice || result?.error ? (
        <p role="status" className="mt-4 rounded-md border p-3">
          {result.notice ?? result.error}
        </p>
      ) : null}
      {opened ? (
        <article className="mt-6 rounded-md border p-4" aria-labelledby="campanha-aberta">
          <h3 id="campanha-aberta" className="text-xl font-semibold break-words">
            {opened.campaign.subject || copy.untitled}
          </h3>
          {opened.campaign.status === "draft" ? (
            <DraftEditor key={opened.campaign.id} opened={opened} result={result} />
          ) : (
            <CampaignFigures opened={opened} />
          )}
        </article>
      ) : null}
      <h3 className="mt-10 text-xl font-semibold">{copy.listTitle}</h3>
      {list.length === 0 ? (
        <p className="mt-3 text-muted-foreground">{copy.empty}</p>
      ) : (
        <ul className="mt-3 space-y-2">
          {list.map((item) => (
            <li
              key={item.id}
              className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-3"
            >
              <span className="break-words">
                <span className="font-medium">{item.subject || copy.untitled}</span>
                <span className="text-sm text-muted-foreground">
                  {" "}
                  · {copy.kinds[item.kind]} · {copy.statuses[item.status]} ·{" "}
                  {formatDateTime(item.createdAt)}
                </span>
              </span>
              <Link
                to={`${href("/admin/campanhas")}?id=${item.id}`}
                className="rounded-md border px-3 py-1 text-sm"
              >
                {copy.edit}
                <span className="sr-only"> {item.subject || copy.untitled}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
