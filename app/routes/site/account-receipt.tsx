import { data, href } from "react-router";
import { accountCopy, receiptCopy } from "../../content/account.ts";
import { OutcomePage } from "../../components/link-page.tsx";
import { ownReceipt } from "../../features/account/account.server.ts";
import { ReceiptPage } from "../../features/account/receipt-page.tsx";
import { accountSession } from "../../features/account/session.server.ts";
import { htmlOnlyPage } from "../../lib/page-scripts.ts";
import { privatePageHeaders } from "../../lib/private-page.ts";
import type { Route } from "./+types/account-receipt";

// /minha-conta/recibos/:reference: the printable receipt of one of the session's own
// payments; anyone else's, or an unknown reference, is 404 (docs/decisions/186).
export const handle = htmlOnlyPage;

export function meta() {
  return [{ title: receiptCopy.metaTitle }, { name: "robots", content: "noindex" }];
}

export const headers = privatePageHeaders;

export async function loader({ request, params }: Route.LoaderArgs) {
  const entryId = await accountSession.entryId(request);
  if (!entryId) return data({ state: "no-session" as const }, { status: 401 });
  const receipt = await ownReceipt(entryId, params.reference);
  if (!receipt) return data({ state: "not-found" as const }, { status: 404 });
  return { state: "found" as const, receipt };
}

export default function AccountReceiptRoute({ loaderData }: Route.ComponentProps) {
  if (loaderData.state === "found") return <ReceiptPage receipt={loaderData.receipt} />;
  return loaderData.state === "no-session" ? (
    <OutcomePage
      title={accountCopy.sessionTitle}
      text={accountCopy.sessionText}
      link={{ to: href("/minha-conta"), label: accountCopy.title }}
    />
  ) : (
    <OutcomePage
      title={receiptCopy.notFoundTitle}
      text={receiptCopy.notFoundText}
      link={{ to: href("/minha-conta/painel"), label: receiptCopy.back }}
    />
  );
}
