import { data, href } from "react-router";
import { orderPageCopy, setupLinkCopy as copy } from "../../content/orders.ts";
import { LinkPage, OutcomePage } from "../../components/link-page.tsx";
import { tokenStatus } from "../../features/email/tokens.server.ts";
import { OrderPage } from "../../features/orders/order-page.tsx";
import { orderPageView, setupLinkState } from "../../features/orders/order-view.server.ts";
import { readSetupForm, submitSetup } from "../../features/orders/setup.server.ts";
import { appNow } from "../../platform/http/clock.server.ts";
import { readForm } from "../../platform/http/read-form.server.ts";
import { privatePageHeaders } from "../../lib/private-page.ts";
import type { Route } from "./+types/order-setup";

// /configurar/:token, the single-use setup link e-mailed after payment (docs/decisions/183):
// GET shows the order with its setup form and spends nothing (mail scanners follow links);
// the form's POST saves the data and spends the link. Unknown 404, used or expired 410.
const FORM_MAX_BYTES = 4096;

export function meta() {
  return [{ title: orderPageCopy.metaTitle }, { name: "robots", content: "noindex" }];
}

export const headers = privatePageHeaders;

type Outcome = "sent" | "gone" | "not-found";

const outcome = (state: Outcome) =>
  data({ order: null, state }, { status: state === "sent" ? 200 : tokenStatus[state] });

export async function loader({ params }: Route.LoaderArgs) {
  const order = await orderPageView({ setup: params.token });
  if (order) return { order, state: null };
  const state = await setupLinkState(params.token);
  return outcome(state === "valid" ? "gone" : state);
}

export async function action({ request, params }: Route.ActionArgs) {
  const link = { setup: params.token };
  const read = await readForm(request, FORM_MAX_BYTES);
  if (read.ok && read.form.get("intent") === "setup") {
    const setup = readSetupForm(read.form);
    if (!setup.ok) {
      const order = await orderPageView(link, null, setup);
      if (order) return data({ order, state: null }, { status: 400 });
    } else if ((await submitSetup(link, setup.form, appNow())) === "saved") {
      return outcome("sent");
    }
  }
  const state = await setupLinkState(params.token);
  return outcome(state === "valid" ? "gone" : state);
}

const pages = {
  sent: { title: copy.sentTitle, text: copy.sentText },
  gone: { title: copy.goneTitle, text: copy.goneText },
  "not-found": { title: copy.notFoundTitle, text: copy.notFoundText },
} as const;

export default function OrderSetupRoute({ loaderData, actionData }: Route.ComponentProps) {
  const shown = actionData ?? loaderData;
  if (shown.order) return <OrderPage view={shown.order} />;
  const state = shown.state ?? "not-found";
  return state === "sent" ? (
    <LinkPage {...pages.sent} />
  ) : (
    <OutcomePage {...pages[state]} link={{ to: href("/"), label: copy.homeLink }} />
  );
}
