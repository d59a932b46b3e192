import { data } from "react-router";
import { mailboxCopy } from "../../content/email.ts";
import { MailboxView } from "../../features/email/mailbox-view.tsx";
import { mailboxQuerySchema } from "../../features/email/mailbox-query.ts";
import {
  loadMailbox,
  openMailboxMessage,
  resendFailedEmail,
} from "../../features/email/mailbox.server.ts";
import { readAdminForm } from "../../features/admin/form.server.ts";
import { adminSessionContext } from "../../features/admin/guard.server.ts";
import { mailboxActionForm, mailboxIntents } from "../../features/email/mailbox-actions.ts";
import { parseForm } from "../../platform/http/parse-form.ts";
import type { Route } from "./+types/emails";

// /admin/emails: staff's view of e-mail, a section of the admin layout, whose guard checks
// the session (docs/decisions/070); the logic lives in app/features/email.

export function meta() {
  return [{ title: mailboxCopy.metaTitle }, { name: "robots", content: "noindex" }];
}

export function headers() {
  return { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" };
}

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const parsed = parseForm(mailboxQuerySchema, url.searchParams);
  if (!parsed.success) throw data(parsed.error, { status: 400 });
  return { ...(await loadMailbox(parsed.data)), search: url.search };
}

export async function action({ request, context }: Route.ActionArgs) {
  const read = await readAdminForm(request, mailboxActionForm, mailboxCopy.invalidRequest);
  if (!read.ok) return data({ notice: read.message }, { status: read.status });
  if (read.data.intent === mailboxIntents.open) {
    const opened = await openMailboxMessage(read.data.id, context.get(adminSessionContext).email);
    return opened
      ? data({ opened, notice: undefined })
      : data({ notice: mailboxCopy.notOpened }, { status: 404 });
  }
  const resent = await resendFailedEmail(read.data.id);
  return data(
    { notice: resent ? mailboxCopy.resent : mailboxCopy.notResent },
    { status: resent ? 200 : 409 },
  );
}

export default function EmailsRoute({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <MailboxView
      mailbox={loaderData}
      notice={actionData?.notice}
      opened={actionData && "opened" in actionData ? actionData.opened : undefined}
    />
  );
}
