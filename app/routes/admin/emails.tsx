import { data } from "react-router";
import { mailboxCopy } from "../../content/email.ts";
import { MailboxView } from "../../features/email/mailbox-view.tsx";
import { loadMailbox, resendFailedEmail } from "../../features/email/mailbox.server.ts";
import type { Route } from "./+types/emails";

// /admin/emails: staff's view of e-mail, a section of the admin layout, whose guard checks
// the session (docs/decisions/070); the logic lives in app/features/email.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function meta() {
  return [{ title: mailboxCopy.metaTitle }, { name: "robots", content: "noindex" }];
}

export function headers() {
  return { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" };
}

export async function loader() {
  return loadMailbox();
}

export async function action({ request }: Route.ActionArgs) {
  const id = (await request.formData().catch(() => null))?.get("id");
  if (typeof id !== "string" || !UUID.test(id)) {
    return data({ notice: mailboxCopy.invalidRequest }, { status: 400 });
  }
  const resent = await resendFailedEmail(id);
  return data(
    { notice: resent ? mailboxCopy.resent : mailboxCopy.notResent },
    { status: resent ? 200 : 409 },
  );
}

export default function EmailsRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <MailboxView mailbox={loaderData} notice={actionData?.notice} />;
}
