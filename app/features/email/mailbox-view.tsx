import { useState } from "react";
import { Form, href, Link } from "react-router";
import { Button, buttonClasses } from "../../components/ui/button.tsx";
import { mailboxCopy as copy } from "../../content/email.ts";
import { CountedSection } from "../admin/counted-section.tsx";
import { TextField } from "../admin/field.tsx";
import { mailboxIntents } from "./mailbox-actions.ts";
import { encodeMailboxCursor } from "./mailbox-query.ts";
import type { loadMailbox, openMailboxMessage } from "./mailbox.server.ts";
import { SAO_PAULO } from "../../lib/time-zone.ts";

type Mailbox = Awaited<ReturnType<typeof loadMailbox>> & { search: string };
type OpenedMessage = NonNullable<Awaited<ReturnType<typeof openMailboxMessage>>>;

const dateTime = new Intl.DateTimeFormat("pt-BR", {
  dateStyle: "short",
  timeStyle: "short",
  timeZone: SAO_PAULO,
});

/** Staff's view of e-mail: counts, failed messages with "reenviar", the local mailbox. */
export function MailboxView({
  mailbox,
  notice,
  opened,
}: {
  mailbox: Mailbox;
  notice?: string | undefined;
  opened?: OpenedMessage | undefined;
}) {
  const query = new URLSearchParams(mailbox.search).get("q");
  const pageHref = (apos?: string) => {
    const params = new URLSearchParams();
    if (query) params.set("q", query);
    if (apos) params.set("apos", apos);
    const text = params.toString();
    return text ? `${href("/admin/emails")}?${text}` : href("/admin/emails");
  };
  const paged = new URLSearchParams(mailbox.search).has("apos");
  return (
    <CountedSection
      id="emails-titulo"
      title={copy.title}
      notice={notice}
      counts={(["queued", "sent", "failed"] as const).map((status) => [
        status,
        mailbox.counts[status],
      ])}
      labels={copy.counts}
    >
      <Form method="get" role="search" className="mt-6 flex flex-wrap items-end gap-2">
        <div className="min-w-64 flex-1">
          <TextField
            id="emails-q"
            name="q"
            type="search"
            label={copy.search}
            defaultValue={query ?? ""}
          />
        </div>
        <Button type="submit">{copy.searchButton}</Button>
        {query ? (
          <Link to={href("/admin/emails")} className={buttonClasses({ variant: "outline" })}>
            {copy.clearSearch}
          </Link>
        ) : null}
      </Form>

      <h3 className="mt-10 text-xl font-semibold">{copy.failedTitle}</h3>
      {mailbox.failed.length === 0 ? (
        <p className="mt-3 text-muted-foreground">{copy.noFailed}</p>
      ) : (
        <ul className="mt-3 space-y-3">
          {mailbox.failed.map((message) => (
            <li key={message.id} className="rounded-md border p-4">
              <p className="font-medium">
                {message.recipient} · {message.template} · {dateTime.format(message.createdAt)}
              </p>
              <p className="text-sm text-muted-foreground">
                {copy.attempts}: {message.attempts} · {copy.lastError}: {message.lastError}
              </p>
              <Form method="post" className="mt-2">
                <input type="hidden" name="id" value={message.id} />
                <button type="submit" className="rounded-md border px-3 py-1 text-sm">
                  {copy.resend}
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}

      {opened ? (
        <section aria-labelledby="email-aberto" className="mt-10 rounded-md border p-4">
          <h3 id="email-aberto" className="text-xl font-semibold">
            {copy.openedTitle}: {opened.subject}
          </h3>
          <p className="text-sm text-muted-foreground">
            {copy.to}: {opened.recipient}
          </p>
          <p className="mt-2 text-sm">{copy.openedNote}</p>
          <h4 className="mt-4 font-medium">{copy.openedLinks}</h4>
          {opened.links.length === 0 ? (
            <p className="mt-2 text-muted-foreground">{copy.noLiveLinks}</p>
          ) : (
            <ul className="mt-2 space-y-1">
              {opened.links.map((link) => (
                <li key={link}>
                  <a href={link} className="break-all underline">
                    {link}
                  </a>
                </li>
              ))}
            </ul>
          )}
          <pre className="mt-4 whitespace-pre-wrap text-sm">{opened.text}</pre>
        </section>
      ) : null}

      <h3 className="mt-10 text-xl font-semibold">{copy.mailboxTitle}</h3>
      {mailbox.mailbox.length === 0 ? (
        <p className="mt-3 text-muted-foreground">{query ? copy.noResults : copy.mailboxEmpty}</p>
      ) : (
        <ul className="mt-3 space-y-3">
          {mailbox.mailbox.map((message) => (
            <li key={message.id} className="rounded-md border p-4">
              <p className="font-medium">{message.subject}</p>
              <p className="text-sm text-muted-foreground">
                {copy.to}: {message.recipient} · {dateTime.format(message.createdAt)} ·{" "}
                {message.messageId}
              </p>
              <HtmlPreview title={message.subject} html={message.html} />
              <details className="mt-2">
                <summary>{copy.textPreview}</summary>
                <pre className="mt-2 whitespace-pre-wrap text-sm">{message.text}</pre>
              </details>
              {mailbox.open ? (
                <Form method="post" className="mt-2">
                  <input type="hidden" name="intent" value={mailboxIntents.open} />
                  <input type="hidden" name="id" value={message.id} />
                  <button type="submit" className="rounded-md border px-3 py-1 text-sm">
                    {copy.open}
                  </button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {paged || mailbox.next ? (
        <nav aria-label={copy.pagination} className="mt-4 flex flex-wrap gap-2">
          {paged ? (
            <Link to={pageHref()} className={buttonClasses({ variant: "outline" })}>
              {copy.firstPage}
            </Link>
          ) : null}
          {mailbox.next ? (
            <Link
              to={pageHref(encodeMailboxCursor(mailbox.next))}
              className={buttonClasses({ variant: "outline" })}
            >
              {copy.nextPage}
            </Link>
          ) : null}
        </nav>
      ) : null}
    </CountedSection>
  );
}

/**
 * A message's HTML in a script-less sandbox, mounted only once staff open it: a page of
 * fifty messages loads no fifty documents, and no closed preview is a frame at all.
 */
function HtmlPreview({ title, html }: { title: string; html: string }) {
  const [open, setOpen] = useState(false);
  return (
    <details className="mt-2" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>{copy.htmlPreview}</summary>
      {open ? (
        <iframe
          title={title}
          srcDoc={html}
          sandbox=""
          className="mt-2 h-96 w-full rounded border bg-white"
        />
      ) : null}
    </details>
  );
}
