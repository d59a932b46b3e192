import { href, Link } from "react-router";
import { invitationOrderStatusCopy as copy, orderStateLabels } from "../../content/orders.ts";
import type { InvitationOrderStatus } from "./order-view.server.ts";

/**
 * The invitation link once its order is paid or past its deadline: the order's status only,
 * no amounts, no forms (decision 343).
 */
export function InvitationOrderStatusPage({ status }: { status: InvitationOrderStatus }) {
  return (
    <main id="conteudo" className="mx-auto max-w-2xl px-4 py-16">
      <h1 className="text-2xl font-bold">{copy.title(status.robotName)}</h1>
      <dl className="mt-6 grid gap-1">
        <div className="flex justify-between gap-4">
          <dt>{copy.reference}</dt>
          <dd className="font-semibold">{status.reference}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt>{copy.state}</dt>
          <dd className="font-semibold">{orderStateLabels[status.state]}</dd>
        </div>
      </dl>
      <p className="mt-6">{status.state === "paid" ? copy.paid : copy.closed}</p>
      <p className="mt-4">
        <Link to={href("/minha-conta")} className="font-semibold text-primary underline">
          {copy.account}
        </Link>
      </p>
    </main>
  );
}
