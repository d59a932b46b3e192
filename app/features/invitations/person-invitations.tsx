import { href, useFetcher } from "react-router";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { TableScroll } from "../../components/ui/table-scroll.tsx";
import { Label, Select } from "../../components/ui/form-fields.tsx";
import { invitationsAdminCopy } from "../../content/invitations.ts";
import type { ActionResult } from "../admin/action-result.ts";
import { formatDateTime } from "../admin/date-time.ts";
import { useActionToast } from "../admin/use-action-toast.ts";
import { invitationIntents } from "./intents.ts";
import type { InvitationStatus } from "./model.ts";
import { invitationStatusLabels, invitationStatusTones } from "./statuses.ts";

const copy = invitationsAdminCopy.entry;

export interface PersonInvitationsView {
  personId: string;
  confirmed: boolean;
  history: Array<{
    id: string;
    robotName: string;
    status: InvitationStatus;
    invitedBy: string;
    sentAt: Date;
    deadline: Date;
    changedAt: Date | null;
  }>;
  robotChoices: Array<{ id: string; name: string }>;
}

/** A person's invitations on their admin page, and the form to invite them. */
export function PersonInvitations({
  personId,
  confirmed,
  history,
  robotChoices,
}: PersonInvitationsView) {
  const fetcher = useFetcher<ActionResult>();
  useActionToast(fetcher.state, fetcher.data, {
    successTitle: copy.invitedTitle,
    successText: copy.invitedText,
    errorTitle: invitationsAdminCopy.errorTitle,
  });
  const selectId = `convidar-${personId}`;
  return (
    <section aria-labelledby="convites-pessoa" className="mt-10">
      <h3 id="convites-pessoa" className="text-xl font-semibold">
        {copy.title}
      </h3>
      {history.length === 0 ? (
        <p className="mt-2 text-muted-foreground">{copy.none}</p>
      ) : (
        <TableScroll label={copy.table} className="mt-3">
          <table className="w-full text-left text-sm">
            <thead>
              <tr>
                <th className="py-2 pr-3">{copy.robot}</th>
                <th className="py-2 pr-3">{copy.status}</th>
                <th className="py-2 pr-3">{copy.sentAt}</th>
                <th className="py-2 pr-3">{copy.deadline}</th>
                <th className="py-2 pr-3">{copy.changedAt}</th>
                <th className="py-2 pr-3">{copy.invitedBy}</th>
              </tr>
            </thead>
            <tbody>
              {history.map((row) => (
                <tr key={row.id} className="border-t border-border">
                  <td className="py-2 pr-3">{row.robotName}</td>
                  <td className="py-2 pr-3">
                    <Badge tone={invitationStatusTones[row.status]}>
                      {invitationStatusLabels[row.status]}
                    </Badge>
                  </td>
                  <td className="py-2 pr-3">{formatDateTime(new Date(row.sentAt))}</td>
                  <td className="py-2 pr-3">{formatDateTime(new Date(row.deadline))}</td>
                  <td className="py-2 pr-3">
                    {row.changedAt ? formatDateTime(new Date(row.changedAt)) : "—"}
                  </td>
                  <td className="py-2 pr-3 break-all">{row.invitedBy}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      {confirmed ? (
        <fetcher.Form
          method="post"
          action={href("/admin/convites")}
          className="mt-4 flex flex-wrap items-end gap-2"
        >
          <input type="hidden" name="intent" value={invitationIntents.invitePerson} />
          <input type="hidden" name="personId" value={personId} />
          <div className="grid gap-1.5">
            <Label htmlFor={selectId}>{copy.inviteTo}</Label>
            <Select id={selectId} name="robotId">
              {robotChoices.map((robot) => (
                <option key={robot.id} value={robot.id}>
                  {robot.name}
                </option>
              ))}
            </Select>
          </div>
          <Button type="submit" disabled={fetcher.state !== "idle"}>
            {copy.invite}
          </Button>
        </fetcher.Form>
      ) : (
        <p className="mt-4 text-sm text-muted-foreground">{copy.notConfirmed}</p>
      )}
    </section>
  );
}
