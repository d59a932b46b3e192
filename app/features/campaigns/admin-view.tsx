import { useEffect, useRef } from "react";
import { Form, href, Link, useFetcher } from "react-router";
import { agentIds, agentNames } from "../../content/agent-ids.ts";
import { campaignsAdminCopy as copy } from "../../content/campaigns.ts";
import { formatDateTime } from "../admin/date-time.ts";
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

const inputClass = "w-full rounded-md border bg-background px-3 py-2";

function FieldError({ id, message }: { id: string; message?: string | undefined }) {
  return message ? (
    <p id={id} className="mt-1 text-sm text-destructive">
      {message}
    </p>
  ) : null;
}

/** The editor of a draft: saved as it is typed, so nothing is lost on a reload. */
function DraftEditor({ opened, result }: { opened: Opened; result?: CampaignActionResult }) {
  const { campaign } = opened;
  const autosave = useFetcher();
  const form = useRef<HTMLFormElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const errors = result?.fieldErrors ?? {};
  const filter = campaign.waitlistFilter;
  const described = (name: string) => (errors[name] ? `erro-${name}` : undefined);

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
      <div>
        <label htmlFor="campanha-assunto" className="font-medium">
          {copy.fields.subject}
        </label>
        <input
          id="campanha-assunto"
          name="subject"
          defaultValue={campaign.subject}
          maxLength={150}
          className={inputClass}
          aria-invalid={errors.subject ? true : undefined}
          aria-describedby={described("subject")}
        />
        <FieldError id="erro-subject" message={errors.subject} />
      </div>
      <div>
        <label htmlFor="campanha-previa" className="font-medium">
          {copy.fields.previewText}
        </label>
        <input
          id="campanha-previa"
          name="previewText"
          defaultValue={campaign.previewText}
          maxLength={200}
          className={inputClass}
          aria-describedby="campanha-previa-dica"
        />
        <p id="campanha-previa-dica" className="text-sm text-muted-foreground">
          {copy.fields.previewHint}
        </p>
        <FieldError id="erro-previewText" message={errors.previewText} />
      </div>
      <div>
        <label htmlFor="campanha-corpo" className="font-medium">
          {copy.fields.body}
        </label>
        <textarea
          id="campanha-corpo"
          name="body"
          defaultValue={campaign.body}
          rows={14}
          className={`${inputClass} font-mono text-sm`}
          aria-invalid={errors.body ? true : undefined}
          aria-describedby={`campanha-corpo-dica${errors.body ? " erro-body" : ""}`}
        />
        <p id="campanha-corpo-dica" className="text-sm text-muted-foreground">
          {copy.fields.bodyHint}
        </p>
        <FieldError id="erro-body" message={errors.body} />
      </div>
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
          <label className="text-sm">
            {copy.filterAgent}
            <select name="agente" defaultValue={filter.agente ?? ""} className={inputClass}>
              <option value="">{copy.filterAll}</option>
              {agentIds.map((id) => (
                <option key={id} value={id}>
                  {agentNames[id]}
                </option>
              ))}
            </select>
          </label>
          <label className="text-sm">
            {copy.filterStatus}
            <select name="status" defaultValue={filter.status ?? ""} className={inputClass}>
              <option value="">{copy.filterAll}</option>
              {waitlistStatuses.map((status) => (
                <option key={status} value={status}>
                  {statusLabels[status]}
                </option>
              ))}
            </select>
          </label>
          <label className="text-sm">
            {copy.filterConfirmed}
            <select name="confirmado" defaultValue={filter.confirmado ?? ""} className={inputClass}>
              <option value="">{copy.filterAll}</option>
              <option value="sim">{copy.yes}</option>
              <option value="nao">{copy.no}</option>
            </select>
          </label>
          <label className="text-sm">
            {copy.filterSource}
            <input name="origem" defaultValue={filter.origem ?? ""} className={inputClass} />
          </label>
          <label className="text-sm">
            {copy.filterFrom}
            <input type="date" name="de" defaultValue={filter.de ?? ""} className={inputClass} />
          </label>
          <label className="text-sm">
            {copy.filterTo}
            <input type="date" name="ate" defaultValue={filter.ate ?? ""} className={inputClass} />
          </label>
        </div>
      </fieldset>
      {opened.reach !== null ? (
        <p role="status" className="rounded-md border p-3 font-medium">
          {copy.reach(opened.reach)}
        </p>
      ) : null}
      <div>
        <label htmlFor="campanha-agendar" className="font-medium">
          {copy.fields.scheduledAt}
        </label>
        <input
          id="campanha-agendar"
          type="datetime-local"
          name="scheduledAt"
          defaultValue={opened.scheduledLocal}
          className={inputClass}
          aria-invalid={errors.scheduledAt ? true : undefined}
          aria-describedby={described("scheduledAt")}
        />
        <FieldError id="erro-scheduledAt" message={errors.scheduledAt} />
      </div>
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
