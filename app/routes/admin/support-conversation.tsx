import { data } from "react-router";
import { supportAdminCopy as copy } from "../../content/support.ts";
import { adminSessionContext } from "../../features/admin/guard.server.ts";
import { ADMIN_FORM_MAX_BYTES } from "../../features/admin/form.server.ts";
import { SupportConversation } from "../../features/support/admin-inbox.tsx";
import {
  conversationView,
  replyAsStaff,
  setConversationState,
} from "../../features/support/conversations.server.ts";
import { staffReplySchema } from "../../features/support/schema.ts";
import { appNow } from "../../platform/http/clock.server.ts";
import { parseForm } from "../../platform/http/parse-form.ts";
import { readForm } from "../../platform/http/read-form.server.ts";
import type { Route } from "./+types/support-conversation";

// /admin/suporte/:id: one conversation; staff reply (e-mailed to the customer), close, reopen.

async function viewOf(id: string) {
  const conversation = await conversationView(id, appNow());
  if (!conversation) throw data(copy.notFound, { status: 404 });
  return conversation;
}

export async function loader({ params }: Route.LoaderArgs) {
  return { conversation: await viewOf(params.id) };
}

const answer = (ok: boolean, message: string, status = 200, draft?: string) =>
  data({ ok, message, draft }, { status });

export async function action({ request, params, context }: Route.ActionArgs) {
  await viewOf(params.id);
  const read = await readForm(request, ADMIN_FORM_MAX_BYTES);
  if (!read.ok) return answer(false, read.message, read.status);
  switch (read.form.get("intent")) {
    case "reply": {
      const parsed = parseForm(staffReplySchema, read.form);
      if (!parsed.success) {
        return answer(false, copy.replyInvalid, 400, String(read.form.get("message") ?? ""));
      }
      const outcome = await replyAsStaff(
        params.id,
        context.get(adminSessionContext).email,
        parsed.data.message,
        appNow(),
      );
      return outcome === "sent" ? answer(true, copy.replied) : answer(false, copy.notFound, 404);
    }
    case "close":
    case "reopen": {
      const closing = read.form.get("intent") === "close";
      await setConversationState(params.id, closing ? "closed" : "open");
      return answer(true, closing ? copy.closedNotice : copy.reopenedNotice);
    }
  }
  return answer(false, copy.invalidRequest, 400);
}

export default function AdminSupportConversationPage({
  loaderData,
  actionData,
}: Route.ComponentProps) {
  return (
    <SupportConversation
      // A sent reply clears the form: the page's key changes with the message count.
      key={loaderData.conversation.messages.length}
      conversation={loaderData.conversation}
      notice={actionData}
      draft={actionData?.ok === false ? actionData.draft : undefined}
    />
  );
}
