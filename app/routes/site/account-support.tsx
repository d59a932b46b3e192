import { data, href } from "react-router";
import { accountCopy } from "../../content/account.ts";
import { supportConversationCopy as copy } from "../../content/support.ts";
import { OutcomePage } from "../../components/link-page.tsx";
import { accountSession } from "../../features/account/session.server.ts";
import { OwnConversationPage } from "../../features/support/own-conversation-page.tsx";
import { ownConversationPage } from "../../features/support/panel.server.ts";
import { htmlOnlyPage } from "../../lib/page-scripts.ts";
import { privatePageHeaders } from "../../lib/private-page.ts";
import { appNow } from "../../platform/http/clock.server.ts";
import type { Route } from "./+types/account-support";

// /minha-conta/suporte/:reference: one of the session's own support conversations; anyone
// else's, or an unknown reference, is 404 (docs/decisions/462).
export const handle = htmlOnlyPage;

export function meta() {
  return [{ title: copy.metaTitle }, { name: "robots", content: "noindex" }];
}

export const headers = privatePageHeaders;

export async function loader({ request, params }: Route.LoaderArgs) {
  const entryId = await accountSession.entryId(request);
  if (!entryId) return data({ state: "no-session" as const }, { status: 401 });
  const conversation = await ownConversationPage(entryId, params.reference, appNow());
  if (!conversation) return data({ state: "not-found" as const }, { status: 404 });
  return { state: "found" as const, conversation };
}

export default function AccountSupportRoute({ loaderData }: Route.ComponentProps) {
  if (loaderData.state === "found") {
    return <OwnConversationPage conversation={loaderData.conversation} />;
  }
  return loaderData.state === "no-session" ? (
    <OutcomePage
      title={accountCopy.sessionTitle}
      text={accountCopy.sessionText}
      link={{ to: href("/minha-conta"), label: accountCopy.title }}
    />
  ) : (
    <OutcomePage
      title={copy.notFoundTitle}
      text={copy.notFoundText}
      link={{ to: href("/minha-conta/painel"), label: copy.back }}
    />
  );
}
