import { Form, href, useFetcher } from "react-router";
import { Button } from "../../components/ui/button.tsx";
import { Checkbox } from "../../components/ui/form-fields.tsx";
import { adminEntryEmailCopy as copy } from "../../content/email.ts";
import type { ActionResult } from "../admin/action-result.ts";
import { formatDateTime } from "../admin/date-time.ts";
import { useActionToast } from "../admin/use-action-toast.ts";
import { ConsentLedgerTable } from "./consent-ledger.tsx";
import type { ConsentLedger } from "./consent.server.ts";

const resendToast = {
  successTitle: copy.resentTitle,
  successText: copy.resentText,
  errorTitle: copy.errorTitle,
};

/** Below the person's admin detail: confirmation, its resend, the consent ledger, erasure. */
export function AdminEntryEmail({
  entry,
  consents,
}: {
  entry: { id: string; confirmedAt: Date | null };
  consents: ConsentLedger;
}) {
  const resend = useFetcher<ActionResult>();
  useActionToast(resend.state, resend.data, resendToast);
  const action = href("/admin/lista/:id", { id: entry.id });
  return (
    <section aria-labelledby="email-privacidade" className="mt-10">
      <h3 id="email-privacidade" className="text-xl font-semibold">
        {copy.title}
      </h3>
      <p className="mt-2">
        {entry.confirmedAt
          ? `${copy.confirmedAt} ${formatDateTime(entry.confirmedAt)}`
          : copy.notConfirmed}
      </p>
      {entry.confirmedAt ? null : (
        <resend.Form method="post" action={action} className="mt-3">
          <input type="hidden" name="intent" value="resend-confirmation" />
          <Button type="submit" size="sm" variant="outline" disabled={resend.state !== "idle"}>
            {copy.resend}
          </Button>
        </resend.Form>
      )}
      <ConsentLedgerTable consents={consents} headingLevel="h3" />
      <div className="mt-10 rounded-xl border border-danger/40 p-5">
        <h3 className="text-lg font-semibold">{copy.eraseTitle}</h3>
        <p className="mt-2 text-muted-foreground">{copy.eraseText}</p>
        <Form method="post" action={action} className="mt-4 space-y-3" noValidate>
          <input type="hidden" name="intent" value="erase" />
          <label className="flex items-start gap-2">
            <Checkbox name="confirm" value="on" required />
            {copy.eraseConfirm}
          </label>
          <Button type="submit" variant="danger" size="sm">
            {copy.eraseButton}
          </Button>
        </Form>
      </div>
    </section>
  );
}
