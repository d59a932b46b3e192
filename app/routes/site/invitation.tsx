import { data, href, redirect } from "react-router";
import { invitationPageCopy } from "../../content/invitations.ts";
import { orderPageCopy } from "../../content/orders.ts";
import {
  InvitationPage,
  type InvitationPageState,
} from "../../features/invitations/invitation-page.tsx";
import { deadlineText } from "../../features/invitations/deadline.ts";
import { lookUpInvitation } from "../../features/invitations/invitations.server.ts";
import { InvitationOrderStatusPage } from "../../features/orders/invitation-order-status.tsx";
import { answerInvitation } from "../../features/sales/accept.server.ts";
import { OrderPage } from "../../features/orders/order-page.tsx";
import { answerOrderPageForm } from "../../features/orders/order-page-form.server.ts";
import {
  invitationOrderStatus,
  orderPageView,
  type MandateFormError,
} from "../../features/orders/order-view.server.ts";
import type { SetupFormErrors } from "../../features/orders/setup.server.ts";
import { appNow } from "../../platform/http/clock.server.ts";
import { readForm } from "../../platform/http/read-form.server.ts";
import { privatePageHeaders } from "../../lib/private-page.ts";
import type { Route } from "./+types/invitation";

// /convite/:token: GET only shows the invitation (mail scanners follow links); the buttons'
// POST accepts or declines. Once accepted, the same link shows the order (issue 23): amounts,
// deadline, PIX code and the other ways to pay, until the order is paid or past its deadline;
// then only its status (decision 343). Unknown 404, used or past its deadline 410, no spot
// left 409; the pages never say who was invited.
const FORM_MAX_BYTES = 4096;

const statusOf: Record<InvitationPageState["state"], number> = {
  open: 200,
  accepted: 200,
  declined: 200,
  "already-accepted": 410,
  gone: 410,
  full: 409,
  "not-found": 404,
  invalid: 400,
};

function answer(view: InvitationPageState) {
  return data({ view, order: null, orderStatus: null }, { status: statusOf[view.state] });
}

/** The order while the link's job lasts, else its status alone; null without an order. */
async function orderPage(
  token: string,
  status = 200,
  notice: string | null = null,
  setupForm?: SetupFormErrors,
  mandateForm?: MandateFormError,
) {
  const order = await orderPageView({ invitation: token }, notice, setupForm, mandateForm);
  // Past its deadline, the order is payable no more: its status alone.
  if (order && order.msLeft > 0) return data({ view: null, order, orderStatus: null }, { status });
  const orderStatus = await invitationOrderStatus(token);
  // A form sent to a link past its job (a page left open) changes nothing: 410.
  const statusCode = status === 200 ? 200 : 410;
  return orderStatus && data({ view: null, order: null, orderStatus }, { status: statusCode });
}

export function meta({ loaderData }: Route.MetaArgs) {
  const title = loaderData?.order ? orderPageCopy.metaTitle : invitationPageCopy.metaTitle;
  return [{ title }, { name: "robots", content: "noindex" }];
}

/** The invitation as its page shows it, or what became of it. */
async function currentView(token: string, confirmDecline = false): Promise<InvitationPageState> {
  const now = appNow();
  const lookup = await lookUpInvitation(token, now);
  if (lookup.state !== "open") {
    return { state: lookup.state === "accepted" ? "already-accepted" : lookup.state };
  }
  const { invitation } = lookup;
  return {
    state: "open",
    robotName: invitation.robotName,
    price: invitation.price,
    deadline: deadlineText(invitation.deadline),
    msLeft: invitation.deadline.getTime() - now.getTime(),
    confirmDecline,
  };
}

export async function loader({ params }: Route.LoaderArgs) {
  const order = await orderPage(params.token);
  if (order) return order;
  return answer(await currentView(params.token));
}

export async function action({ request, params }: Route.ActionArgs) {
  const read = await readForm(request, FORM_MAX_BYTES);
  const intent = read.ok ? read.form.get("intent") : null;
  const link = { invitation: params.token };
  // A form sent to the link past its job (a page left open) gets the status alone, a 410.
  const inScope = await orderPageView(link);
  if (read.ok && !(inScope && inScope.msLeft > 0)) {
    const statusOnly = await orderPage(params.token, 410);
    if (statusOnly?.data.orderStatus) return statusOnly;
  }
  const answered = read.ok
    ? await answerOrderPageForm(
        link,
        href("/convite/:token", { token: params.token }),
        read.form,
        appNow(),
      )
    : null;
  if (answered?.done) throw redirect(answered.location, 303);
  if (answered) {
    const { status, notice, setupForm, mandateForm } = answered;
    return (
      (await orderPage(params.token, status, notice, setupForm, mandateForm)) ??
      answer({ state: "not-found" })
    );
  }
  if (intent !== "accept" && intent !== "decline") return answer({ state: "invalid" });
  // Declining is final: the first press only asks (with and without JavaScript).
  if (intent === "decline" && read.ok && read.form.get("confirmar") !== "sim") {
    return answer(await currentView(params.token, true));
  }
  const partnerBroker = read.ok && read.form.get("partnerBroker") === "on";
  const outcome = await answerInvitation(params.token, intent, appNow(), partnerBroker);
  // The order page is the next step: a GET, so reloading it accepts nothing twice.
  if (outcome === "accepted") throw redirect(href("/convite/:token", { token: params.token }), 303);
  return answer({ state: outcome });
}

export const headers = privatePageHeaders;

export default function InvitationRoute({ loaderData, actionData }: Route.ComponentProps) {
  const shown = actionData ?? loaderData;
  if (shown.order) return <OrderPage view={shown.order} />;
  if (shown.orderStatus) return <InvitationOrderStatusPage status={shown.orderStatus} />;
  return <InvitationPage view={shown.view ?? { state: "not-found" }} />;
}
