import { data, href, redirect } from "react-router";
import { myDataCopy as copy } from "../../content/email.ts";
import { confirmFromMyData } from "../../features/confirmation/confirmation.server.ts";
import { OutcomePage } from "../../components/link-page.tsx";
import { MyDataPanel } from "../../features/privacy/my-data-page.tsx";
import {
  changeMyConsent,
  correctMyData,
  endSessionCookie,
  type CorrectionErrors,
  myData,
  sessionEntryId,
} from "../../features/privacy/my-data.server.ts";
import { ordersOfPerson } from "../../features/orders/order-view.server.ts";
import {
  eraseMyData,
  erasureChoices,
  liveSubscriptionsOf,
  type ErasureChoice,
} from "../../features/sales/erase.server.ts";
import { formatBrl } from "../../features/orders/format.ts";
import { formatLocalDate } from "../../features/subscriptions/calendar.ts";
import { appNow } from "../../platform/http/clock.server.ts";
import { htmlOnlyPage } from "../../lib/page-scripts.ts";
import { readForm } from "../../platform/http/read-form.server.ts";
import { privatePageHeaders } from "../../lib/private-page.ts";
import type { Route } from "./+types/my-data-panel";

// /meus-dados/painel: the person's data, in the 1-hour session a Meus dados link opened
// (docs/decisions/086); /meus-dados/dados.json downloads everything. The forms correct name and
// agents, confirm an address never confirmed, give or withdraw marketing consent, or delete
// the entry. Without a live session: 401.
export const handle = htmlOnlyPage;

const FORM_MAX_BYTES = 4 * 1024;

const notices = {
  dados: copy.saved,
  consentimento: copy.consentSaved,
  email: copy.emailConfirmed,
  mantido: copy.kept,
} as const;

export function meta() {
  return [{ title: copy.metaTitle }, { name: "robots", content: "noindex" }];
}

export const headers = privatePageHeaders;

export async function loader({ request, url }: Route.LoaderArgs) {
  const entryId = await sessionEntryId(request);
  const found = entryId ? await myData(entryId) : null;
  if (!found) return data({ state: "no-session" as const }, { status: 401 });
  const notice = url.searchParams.get("aviso");
  return {
    state: "open" as const,
    data: found,
    orders: await ordersOfPerson(found.entry.id),
    // What an erasure would end (docs/decisions/348), as the page shows it.
    subscriptions: (await liveSubscriptionsOf(found.entry.id, appNow())).map((live) => ({
      id: live.id,
      line: copy.subscribedLine(
        live.robotName,
        copy.subscribedStates[live.state],
        formatLocalDate(live.paidThrough),
      ),
      refund: live.withinGuarantee
        ? copy.subscribedGuarantee(formatBrl(live.paidCents))
        : copy.subscribedNoRefund,
    })),
    notice: notice && notice in notices ? notices[notice as keyof typeof notices] : undefined,
  };
}

const failed = (status: number, message: string, errors?: CorrectionErrors) =>
  data({ message, errors }, { status });

export async function action({ request }: Route.ActionArgs) {
  const entryId = await sessionEntryId(request);
  if (!entryId) return failed(401, copy.sessionText);
  const read = await readForm(request, FORM_MAX_BYTES);
  if (!read.ok) return failed(read.status, read.message);
  const done = (notice: keyof typeof notices) =>
    redirect(`${href("/meus-dados/painel")}?aviso=${notice}`, 303);
  switch (read.form.get("intent")) {
    case "correct": {
      const corrected = await correctMyData(entryId, read.form);
      if (!corrected.ok) {
        return failed(400, copy.fixFields, corrected.errors);
      }
      return done("dados");
    }
    case "confirm-email":
      await confirmFromMyData(entryId);
      return done("email");
    case "give-consent":
    case "withdraw-consent":
      await changeMyConsent(entryId, read.form.get("intent") === "give-consent");
      return done("consentimento");
    case "delete": {
      if (read.form.get("confirm") !== "on") {
        return failed(400, copy.deleteNeedsConfirm);
      }
      const choice = read.form.get("erasure");
      const erased = await eraseMyData(
        entryId,
        (erasureChoices as readonly unknown[]).includes(choice) ? (choice as ErasureChoice) : null,
        appNow(),
      );
      if (erased.outcome === "choice-needed") return failed(400, copy.choiceNeeded);
      if (erased.outcome === "kept") return done("mantido");
      return redirect(`${href("/meus-dados")}?apagado`, {
        status: 303,
        headers: { "Set-Cookie": await endSessionCookie() },
      });
    }
    default:
      return failed(400, copy.invalidRequest);
  }
}

export default function MyDataPanelRoute({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.state !== "open") {
    return (
      <OutcomePage
        title={copy.sessionTitle}
        text={copy.sessionText}
        link={{ to: href("/meus-dados"), label: copy.title }}
      />
    );
  }
  return (
    <MyDataPanel
      data={loaderData.data}
      orders={loaderData.orders}
      subscriptions={loaderData.subscriptions}
      notice={actionData?.message ?? loaderData.notice}
      errors={actionData?.errors}
    />
  );
}
