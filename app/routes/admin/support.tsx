import { SupportInbox } from "../../features/support/admin-inbox.tsx";
import { inbox } from "../../features/support/conversations.server.ts";
import { appNow } from "../../platform/http/clock.server.ts";
import type { Route } from "./+types/support";

// /admin/suporte: the support conversations (the admin layout checks the session).

export async function loader({ url }: Route.LoaderArgs) {
  const state = url.searchParams.get("situacao") === "encerradas" ? "closed" : "open";
  return { state, rows: await inbox(state, appNow()) } as const;
}

export default function AdminSupportPage({ loaderData }: Route.ComponentProps) {
  return <SupportInbox rows={loaderData.rows} state={loaderData.state} />;
}
