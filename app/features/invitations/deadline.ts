// A deadline as the invitation's and the order's messages and pages write it.
import { invitationEmailCopy } from "../../content/invitations.ts";
import { dateAndTime } from "../../lib/format.ts";

/** "27/11/2026 às 14:30 (horário de Brasília)". */
export function deadlineText(deadline: Date): string {
  return invitationEmailCopy.deadline(...dateAndTime(deadline));
}
