import { data, href, redirect } from "react-router";
import { myDataCopy as copy } from "../../content/email.ts";
import { orderPageCopy } from "../../content/orders.ts";
import { OutcomePage } from "../../components/link-page.tsx";
import { OrderPage } from "../../features/orders/order-page.tsx";
import { answerOrderPageForm } from "../../features/orders/order-page-form.server.ts";
import { orderPageView } from "../../features/orders/order-view.server.ts";
import { sessionEntryId } from "../../features/privacy/my-data.server.ts";
import { appNow } from "../../platform/http/clock.server.ts";
import { readForm } from "../../platform/http/read-form.server.ts";
import { privatePageHeaders } from "../../lib/private-page.ts";
import type { Route } from "./+types/my-data-order";

// /meus-dados/pedidos/:reference: one of the person's orders, from their Meus dados session
// (docs/decisions/184): the same page and forms as the invitation's link. Without a live
// session 401; another person's or an unknown reference 404, alike.
const FORM_MAX_BYTES = 4096;

export function meta() {
  return [{ title: orderPageCopy.metaTitle }, { name: "robots", content: "noindex" }];
}

export const headers = privatePageHeaders;

type Problem = "no-session" | "not-found";

const problem = (state: Problem) =>
  data({ order: null, state }, { status: state === "no-session" ? 401 : 404 });

export async function loader({ request, params }: Route.LoaderArgs) {
  const entryId = await sessionEntryId(request);
  if (!entryId) return problem("no-session");
  const order = await orderPageView({ entryId, reference: params.reference });
  return order ? { order, state: null } : problem("not-found");
}

export async function action({ request, params }: Route.ActionArgs) {
  const entryId = await sessionEntryId(request);
  if (!entryId) return problem("no-session");
  const link = { entryId, reference: params.reference };
  const read = await readForm(request, FORM_MAX_BYTES);
  const pagePath = href("/meus-dados/pedidos/:reference", { reference: params.reference });
  const answered = read.ok ? await answerOrderPageForm(link, pagePath, read.form, appNow()) : null;
  if (answered?.done) throw redirect(answered.location, 303);
  const order = await orderPageView(
    link,
    answered?.notice ?? (read.ok ? orderPageCopy.linkRefused : read.message),
    answered?.setupForm,
    answered?.mandateForm,
  );
  if (!order) return problem("not-found");
  return data(
    { order, state: null },
    { status: answered?.status ?? (read.ok ? 400 : read.status) },
  );
}

const problems = {
  "no-session": { title: copy.sessionTitle, text: copy.sessionText },
  "not-found": { title: copy.orderNotFoundTitle, text: copy.orderNotFoundText },
} as const;

export default function MyDataOrderRoute({ loaderData, actionData }: Route.ComponentProps) {
  const shown = actionData ?? loaderData;
  if (shown.order) return <OrderPage view={shown.order} />;
  return (
    <OutcomePage
      {...problems[shown.state ?? "not-found"]}
      link={{ to: href("/meus-dados/painel"), label: copy.title }}
    />
  );
}
