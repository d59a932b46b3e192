import { orderPageCopy } from "../../content/orders.ts";
import { data, href, redirect } from "react-router";
import { accountCopy as copy, accountPanelCopy as panel } from "../../content/account.ts";
import { mandatePanelCopy as mandateCopy } from "../../content/pix-automatico.ts";
import { subscriptionOutcomeCopy as outcomes } from "../../content/subscriptions.ts";
import { OutcomePage } from "../../components/link-page.tsx";
import {
  accountOverview,
  authoriseOwnMandate,
  cancelOwnSubscription,
  correctOwnAccount,
  ownChargeCheckout,
  requestOwnRefund,
  type AccountFormErrors,
} from "../../features/account/account.server.ts";
import { AccountPanel } from "../../features/account/account-page.tsx";
import { accountSession } from "../../features/account/session.server.ts";
import { robotViews } from "../../features/fleet/status.server.ts";
import { formatLocalDate } from "../../features/subscriptions/calendar.ts";
import { htmlOnlyPage } from "../../lib/page-scripts.ts";
import { privatePageHeaders } from "../../lib/private-page.ts";
import { appNow } from "../../platform/http/clock.server.ts";
import { readForm } from "../../platform/http/read-form.server.ts";
import { supportPanelData } from "../../features/support/panel.server.ts";
import {
  SUPPORT_FORM_MAX_BYTES,
  submitAccountSupport,
} from "../../features/support/forms.server.ts";
import { SupportForm, type SupportFormResult } from "../../features/support/support-form.tsx";
import { OwnConversations, WhatsappLinks } from "../../features/support/own-conversations.tsx";
import { setOwnPayerDocument } from "../../features/sales/payer-document.server.ts";
import type { Route } from "./+types/account-panel";

// /minha-conta/painel: the customer's subscriptions, in the 1-hour session a /minha-conta
// link opened (docs/decisions/185). The forms pay by card, correct the broker account,
// cancel, or ask for the 7-day refund; each answers with a notice. Without a session: 401.
export const handle = htmlOnlyPage;

// The support form's message is the longest field (features/support).
const FORM_MAX_BYTES = SUPPORT_FORM_MAX_BYTES;

export function meta() {
  return [{ title: copy.metaTitle }, { name: "robots", content: "noindex" }];
}

export const headers = privatePageHeaders;

const notices = {
  conta: panel.accountSaved,
  reembolso: panel.refundRequested,
  "pix-automatico": mandateCopy.created,
  documento: panel.payerDocumentSaved,
} as const;

/** How each answer to the Pix Automático form reads (docs/decisions/355). */
const mandateStatus = {
  created: 201,
  exists: 200,
  "no-cpf": 409,
  "not-found": 404,
  "not-allowed": 409,
  "no-rate": 409,
  refused: 422,
  unavailable: 503,
} as const;
const mandateMessages = {
  "no-cpf": mandateCopy.cpfFirst,
  "not-found": outcomes.notFound,
  "not-allowed": mandateCopy.notAllowed,
  "no-rate": mandateCopy.noRate,
  refused: mandateCopy.refused,
  unavailable: mandateCopy.unavailable,
} as const;

export async function loader({ request, url }: Route.LoaderArgs) {
  const entryId = await accountSession.entryId(request);
  const now = appNow();
  const overview = entryId ? await accountOverview(entryId, now) : null;
  if (!overview) return data({ state: "no-session" as const }, { status: 401 });
  const live = overview.subscriptions.filter((s) => s.setup && s.state !== "ended");
  const notice = url.searchParams.get("aviso");
  const cancelled = url.searchParams.get("cancelada");
  return {
    state: "open" as const,
    overview,
    robots: await robotViews(
      live.map((s) => s.id),
      now,
    ),
    support: await supportPanelData(entryId!, now),
    notice:
      cancelled !== null
        ? /^\d{4}-\d{2}-\d{2}$/.test(cancelled)
          ? panel.cancelled(formatLocalDate(cancelled))
          : panel.cancelledNow
        : notice && notice in notices
          ? notices[notice as keyof typeof notices]
          : undefined,
  };
}

const failed = (
  status: number,
  message: string,
  accountErrors?: { orderId: string; errors: AccountFormErrors },
  documentError?: { subscriptionId: string; document: string; message: string },
) => data({ message, accountErrors, documentError, support: undefined }, { status });

export async function action({ request }: Route.ActionArgs) {
  const entryId = await accountSession.entryId(request);
  if (!entryId) return failed(401, copy.sessionText);
  const read = await readForm(request, FORM_MAX_BYTES);
  if (!read.ok) return failed(read.status, read.message);
  const { form } = read;
  const now = appNow();
  const subscription = String(form.get("subscription") ?? "");
  switch (form.get("intent")) {
    case "support": {
      const answer = await submitAccountSupport(entryId, form, now);
      return data(
        {
          message: undefined,
          accountErrors: undefined,
          documentError: undefined,
          support: answer.result,
        },
        { status: answer.status },
      );
    }
    case "pay-card": {
      const checkout = await ownChargeCheckout(entryId, String(form.get("charge") ?? ""), now);
      if (checkout.outcome === "checkout") return redirect(checkout.url, 303);
      return checkout.outcome === "not-found"
        ? failed(404, outcomes.chargeNotOpen)
        : failed(
            503,
            checkout.outcome === "misconfigured"
              ? orderPageCopy.cardMisconfigured
              : panel.cardUnavailable,
          );
    }
    case "account": {
      const corrected = await correctOwnAccount(entryId, form, now);
      if (corrected.ok) return redirect(`${href("/minha-conta/painel")}?aviso=conta`, 303);
      if ("notFound" in corrected) return failed(404, outcomes.notFound);
      return failed(400, panel.fixFields, {
        orderId: String(form.get("order")),
        errors: corrected.errors,
      });
    }
    case "payer-document": {
      const saved = await setOwnPayerDocument(
        entryId,
        subscription,
        String(form.get("document") ?? ""),
        now,
      );
      if (saved === "saved") return redirect(`${href("/minha-conta/painel")}?aviso=documento`, 303);
      return saved === "invalid"
        ? failed(400, panel.payerDocumentInvalid, undefined, {
            subscriptionId: subscription,
            document: String(form.get("document") ?? "").slice(0, 18),
            message: panel.payerDocumentInvalid,
          })
        : failed(404, outcomes.notFound);
    }
    case "cancel": {
      if (form.get("confirm") !== "on") return failed(400, panel.cancelNeedsConfirm);
      const cancelled = await cancelOwnSubscription(entryId, subscription, now);
      switch (cancelled.outcome) {
        case "cancelled":
          return redirect(
            `${href("/minha-conta/painel")}?cancelada=${cancelled.lastServedDay}`,
            303,
          );
        case "ended":
          return redirect(`${href("/minha-conta/painel")}?cancelada`, 303);
        case "already-cancelled":
          return failed(409, outcomes.alreadyCancelled(formatLocalDate(cancelled.lastServedDay)));
        case "already-ended":
          return failed(409, outcomes.alreadyEnded);
        case "not-found":
          return failed(404, outcomes.notFound);
      }
      break;
    }
    case "pix-automatico": {
      const asked = await authoriseOwnMandate(entryId, subscription, now);
      const status = mandateStatus[asked.outcome];
      if (asked.outcome === "created" || asked.outcome === "exists") {
        return redirect(`${href("/minha-conta/painel")}?aviso=pix-automatico`, 303);
      }
      return failed(status, mandateMessages[asked.outcome]);
    }
    case "refund": {
      const requested = await requestOwnRefund(entryId, subscription, now);
      switch (requested.outcome) {
        case "requested":
          return redirect(`${href("/minha-conta/painel")}?aviso=reembolso`, 303);
        case "already-requested":
          return failed(409, outcomes.refundAlreadyRequested);
        case "guarantee-over":
          return failed(409, outcomes.guaranteeOver(formatLocalDate(requested.lastDay)));
        case "not-refundable":
          return failed(409, outcomes.alreadyEnded);
        case "not-found":
          return failed(404, outcomes.notFound);
      }
      break;
    }
  }
  return failed(400, copy.invalidRequest);
}

export default function AccountPanelRoute({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.state !== "open") {
    return (
      <OutcomePage
        title={copy.sessionTitle}
        text={copy.sessionText}
        link={{ to: href("/minha-conta"), label: copy.title }}
      />
    );
  }
  return (
    <AccountPanel
      overview={loaderData.overview}
      notice={actionData?.message ?? loaderData.notice}
      accountErrors={actionData?.accountErrors}
      documentError={actionData?.documentError}
      robots={loaderData.robots}
      support={
        <>
          <SupportForm
            action={href("/minha-conta/painel")}
            subscriptions={loaderData.support.subscriptions}
            result={actionData?.support as SupportFormResult | undefined}
          />
          <WhatsappLinks subscriptions={loaderData.support.subscriptions} />
          <OwnConversations conversations={loaderData.support.conversations} />
        </>
      }
    />
  );
}
