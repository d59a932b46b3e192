import { Form, href, Link } from "react-router";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Label, Textarea } from "../../components/ui/form-fields.tsx";
import { TableScroll } from "../../components/ui/table-scroll.tsx";
import { attachmentRefusalCopy, supportAdminCopy as copy } from "../../content/support.ts";
import { formatDateTime } from "../admin/date-time.ts";
import type { AttachmentRow, ConversationView, InboxRow } from "./conversations.server.ts";
import { fileSizeText } from "./file-size.ts";
import { MESSAGE_MAX_CHARS } from "./model.ts";

// /admin/suporte: the conversations, those owed an answer first and the overdue flagged
// (decision 386); /admin/suporte/:id: one conversation, its messages and the reply form.

function DueCell({ row }: { row: InboxRow }) {
  if (row.firstResponseAt) return <>{copy.answeredAt(formatDateTime(row.firstResponseAt))}</>;
  return (
    <>
      {copy.dueBy(formatDateTime(row.firstResponseDueAt))}{" "}
      {row.overdue ? <Badge tone="red">{copy.overdue}</Badge> : null}
      {row.overdueNotified ? (
        <span className="text-xs text-muted-foreground"> ({copy.overdueNotified})</span>
      ) : null}
    </>
  );
}

/** A message's files: the kept ones to download, the refused ones with their reason. */
function Attachments({
  conversationId,
  files,
}: {
  conversationId: string;
  files: AttachmentRow[];
}) {
  return (
    <ul aria-label={copy.attachmentsTitle} className="mt-2 grid gap-1 text-sm">
      {files.map((file) => (
        <li key={file.id} className="wrap-anywhere">
          {file.refusal ? (
            <span className="text-muted-foreground">
              {copy.attachmentRefused(file.fileName, attachmentRefusalCopy[file.refusal])}
            </span>
          ) : (
            <a
              className="underline underline-offset-4"
              href={href("/admin/suporte/:id/anexos/:attachmentId", {
                id: conversationId,
                attachmentId: file.id,
              })}
              download
            >
              {copy.attachmentKept(file.fileName, fileSizeText(file.sizeBytes))}
            </a>
          )}
        </li>
      ))}
    </ul>
  );
}

function StateBadge({ row }: { row: InboxRow }) {
  if (row.state === "closed") return <Badge>{copy.closedState}</Badge>;
  return row.awaitingStaff ? (
    <Badge tone="yellow">{copy.awaitingStaff}</Badge>
  ) : (
    <Badge tone="green">{copy.awaitingCustomer}</Badge>
  );
}

export function SupportInbox({ rows, state }: { rows: InboxRow[]; state: "open" | "closed" }) {
  const c = copy.columns;
  const filters = [
    ["open", copy.filterOpen, href("/admin/suporte")],
    ["closed", copy.filterClosed, `${href("/admin/suporte")}?situacao=encerradas`],
  ] as const;
  return (
    <section aria-labelledby="suporte" className="grid gap-3">
      <h2 id="suporte" className="text-xl font-semibold">
        {copy.title}
      </h2>
      <p className="text-sm text-muted-foreground">{copy.intro}</p>
      <nav className="flex gap-3 text-sm">
        {filters.map(([value, label, to]) => (
          <Link
            key={value}
            to={to}
            aria-current={value === state ? "page" : undefined}
            className="underline underline-offset-4 aria-[current=page]:font-semibold"
          >
            {label}
          </Link>
        ))}
      </nav>
      {rows.length === 0 ? (
        <p className="text-muted-foreground">{copy.empty}</p>
      ) : (
        <TableScroll label={copy.tableLabel}>
          <table className="w-full text-left text-sm">
            <thead>
              <tr>
                {[c.reference, c.customer, c.subscription, c.due, c.last, c.state].map((h) => (
                  <th key={h} scope="col" className="p-2">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id} className="border-t border-border">
                  <td className="p-2">
                    <Link
                      to={href("/admin/suporte/:id", { id: row.id })}
                      className="underline underline-offset-4"
                    >
                      {row.reference}
                    </Link>
                  </td>
                  <td className="p-2">
                    {row.name}
                    <br />
                    <span className="text-muted-foreground">{row.email}</span>
                  </td>
                  <td className="p-2">{row.robotName ?? copy.noSubscription}</td>
                  <td className="p-2">
                    <DueCell row={row} />
                  </td>
                  <td className="p-2">{formatDateTime(row.lastMessageAt)}</td>
                  <td className="p-2">
                    <StateBadge row={row} />
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

export function SupportConversation({
  conversation: v,
  notice,
  draft,
}: {
  conversation: ConversationView;
  notice?: { ok: boolean; message: string } | undefined;
  /** The reply as typed, when it was refused. */
  draft?: string | undefined;
}) {
  return (
    <section aria-labelledby="conversa" className="grid max-w-3xl gap-4">
      <Link to={href("/admin/suporte")} className="text-sm underline underline-offset-4">
        {copy.back}
      </Link>
      <h2 id="conversa" className="text-xl font-semibold">
        {copy.conversationTitle(v.reference)} <StateBadge row={v} />
      </h2>
      {notice ? (
        <p role={notice.ok ? "status" : "alert"} className="rounded-md border border-border p-3">
          {notice.message}
        </p>
      ) : null}
      <dl className="grid gap-2 text-sm sm:grid-cols-[max-content_1fr] sm:gap-x-4">
        <dt className="text-muted-foreground">{copy.customer}</dt>
        <dd>
          {v.name} ({v.email})
        </dd>
        <dt className="text-muted-foreground">{copy.origin}</dt>
        <dd>{copy.origins[v.origin]}</dd>
        <dt className="text-muted-foreground">{copy.columns.subscription}</dt>
        <dd>
          {v.robotName ?? copy.noSubscription}
          {v.subscriptions.length > 0 ? (
            <ul className="text-muted-foreground">
              {v.subscriptions.map((s) => (
                <li key={s.id}>
                  {s.robotName} ({s.orderReference})
                </li>
              ))}
            </ul>
          ) : null}
        </dd>
        <dt className="text-muted-foreground">{copy.columns.due}</dt>
        <dd>
          <DueCell row={v} />
        </dd>
        {v.replyAddress ? (
          <>
            <dt className="text-muted-foreground">{copy.replyAddress}</dt>
            <dd className="break-all">{v.replyAddress}</dd>
          </>
        ) : null}
      </dl>
      <ol aria-label={copy.conversationTitle(v.reference)} className="grid gap-3">
        {v.messages.map((m) => (
          <li
            key={m.id}
            className={`rounded-md border border-border p-3 ${m.author === "staff" ? "bg-muted/40" : ""}`}
          >
            <p className="text-sm text-muted-foreground">
              {m.author === "staff" ? copy.staffMessage(m.staffEmail ?? "") : copy.customerMessage}
              {" · "}
              {formatDateTime(m.createdAt)}
              {m.viaEmail ? ` · ${copy.viaEmail}` : ""}
              {m.fromAddress ? ` · ${copy.otherSender(m.fromAddress)}` : ""}
            </p>
            <p className="mt-2 whitespace-pre-wrap wrap-anywhere">{m.body}</p>
            {m.attachments.length > 0 ? (
              <Attachments conversationId={v.id} files={m.attachments} />
            ) : null}
          </li>
        ))}
      </ol>
      <Form method="post" className="grid gap-2">
        <input type="hidden" name="intent" value="reply" />
        <Label htmlFor="suporte-resposta">{copy.replyLabel}</Label>
        <Textarea
          id="suporte-resposta"
          name="message"
          rows={6}
          maxLength={MESSAGE_MAX_CHARS}
          required
          defaultValue={draft}
        />
        <div>
          <Button type="submit">{copy.replyButton}</Button>
        </div>
      </Form>
      <Form method="post">
        <input type="hidden" name="intent" value={v.state === "open" ? "close" : "reopen"} />
        <Button type="submit" variant="outline">
          {v.state === "open" ? copy.close : copy.reopen}
        </Button>
      </Form>
    </section>
  );
}
