import { Form } from "react-router";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { robotTokenCopy } from "../../content/fleet.ts";
import { setupAdminCopy as copy, setupStateLabels } from "../../content/orders.ts";
import type { ActionResult } from "../admin/action-result.ts";
import { ActionError, Intent, usePlainFormResult } from "../admin/plain-form.tsx";
import { hoursAndMinutesLeft } from "./format.ts";
import type { SetupQueueItem } from "./setup.server.ts";

// /admin/implantacao: the setup queue with its business-hours timer against the 2-4 hour
// promise; overdue items stand out. Plain forms: works without JavaScript.

export type SetupActionResult =
  | ActionResult
  | { ok: true; revealed: { orderId: string; secret: string } }
  | { ok: true; robotToken: { orderId: string; token: string } };

const toast = {
  successTitle: copy.savedTitle,
  successText: copy.savedText,
  errorTitle: copy.errorTitle,
};

function Step({ orderId, intent, label }: { orderId: string; intent: string; label: string }) {
  return (
    <Form method="post">
      <Intent value={intent} />
      <input type="hidden" name="orderId" value={orderId} />
      <Button type="submit" variant="outline">
        {label}
      </Button>
    </Form>
  );
}

export function SetupPanel({ queue }: { queue: SetupQueueItem[] }) {
  const result = usePlainFormResult<SetupActionResult>(toast);
  const revealed = result && result.ok && "revealed" in result ? result.revealed : null;
  const robotToken = result && result.ok && "robotToken" in result ? result.robotToken : null;
  return (
    <section aria-labelledby="implantacao" className="grid gap-3">
      <h2 id="implantacao" className="text-xl font-semibold">
        {copy.title}
      </h2>
      <p className="text-sm text-muted-foreground">{copy.promise}</p>
      <ActionError result={result} />
      {queue.length === 0 ? <p className="text-muted-foreground">{copy.empty}</p> : null}
      <ul className="grid gap-2">
        {queue.map((item) => (
          <li
            key={item.orderId}
            className={
              item.overdue
                ? "rounded-lg border-2 border-danger p-3 text-sm"
                : "rounded-lg border border-border p-3 text-sm"
            }
          >
            <div className="flex flex-wrap items-center gap-2">
              <strong>{item.reference}</strong>
              <Badge tone={item.overdue ? "red" : item.pastMinimum ? "yellow" : "blue"}>
                {setupStateLabels[item.state]}
              </Badge>
              {item.overdue ? <Badge tone="red">{copy.overdue}</Badge> : null}
              {!item.overdue && item.pastMinimum ? (
                <Badge tone="yellow">{copy.dueSoon}</Badge>
              ) : null}
            </div>
            <p className="mt-1 break-all">
              {item.personName ? `${item.personName} (${item.personEmail})` : "—"} ·{" "}
              {item.robotName}
            </p>
            {item.submittedAt ? (
              <>
                <p className="mt-1 font-medium">
                  {copy.elapsed(...hoursAndMinutesLeft(item.businessMs))}
                </p>
                <p className="mt-1">
                  {copy.account}: {item.accountNumber} · {copy.server}: {item.brokerServer} ·{" "}
                  {copy.platform}: {item.platform} · {copy.whatsapp}: {item.whatsapp}
                </p>
              </>
            ) : (
              <p className="mt-1 text-muted-foreground">{copy.waitingForm}</p>
            )}
            {revealed?.orderId === item.orderId ? (
              <p role="status" className="mt-2 font-mono">
                {copy.revealed(revealed.secret)}
              </p>
            ) : null}
            {robotToken?.orderId === item.orderId ? (
              <p role="status" className="mt-2 font-mono break-all">
                {robotTokenCopy.shownOnce(robotToken.token)}
              </p>
            ) : null}
            <div className="mt-2 flex flex-wrap gap-2">
              {item.state !== "awaiting-form" ? (
                <Step orderId={item.orderId} intent="robot-token" label={robotTokenCopy.issue} />
              ) : null}
              {item.hasCredential ? (
                <Step orderId={item.orderId} intent="reveal" label={copy.reveal} />
              ) : null}
              {item.state === "awaiting-vps" ? (
                <Step orderId={item.orderId} intent="vps-ready" label={copy.vpsReady} />
              ) : null}
              {item.state === "vps-ready" ? (
                <Step orderId={item.orderId} intent="running" label={copy.running} />
              ) : null}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
