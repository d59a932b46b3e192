// The invitation's messages (docs/decisions/091): the 48-hour invitation and its reminder,
// each with a link of its own to /convite/<token> (minted at send, only its hash kept), and
// the notice that one ended with the person back in the queue. An
// accepted spot is confirmed by the order's e-mail (features/orders/messages.tsx).
import { sql } from "drizzle-orm";
import { href } from "react-router";
import { invitationEmailCopy } from "../../content/invitations.ts";
import { defineMessage, tokenValues, type LinkToken } from "../../platform/jobs/registry.ts";
import { actionMessage } from "../../platform/mail/layout.tsx";

const invitation = invitationEmailCopy.invitation;
const reminder = invitationEmailCopy.reminder;
const ended = invitationEmailCopy.ended;

/** A robot's name inside a subject: staff may type a line break in it, a header may not hold one. */
const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();

/**
 * An invitation that expired or was revoked (issue 25): the person is back in the robot's
 * queue in their place, and told so. No link: there is nothing to do.
 */
function endedMessage<const N extends string>(name: N, ending: "expired" | "revoked") {
  return defineMessage({
    name,
    kind: "transactional",
    fields: ["name", "robotName"],
    compose: (payload, _links, context) =>
      actionMessage(
        { ...ended, subject: ended.subject(oneLine(payload.robotName)) },
        {
          greeting: ended.greeting(payload.name),
          lines: [ended[ending](payload.robotName), ended.queue(payload.robotName)],
        },
        context,
      ),
  });
}

export const invitationExpiredMessage = endedMessage("invitation-expired", "expired");
export const invitationRevokedMessage = endedMessage("invitation-revoked", "revoked");

/** The invitation's own link, /convite/<token>: once accepted, the order's page (decision 154). */
export const invitationLink: LinkToken<"invitationId"> = {
  store: (tokens) => sql`
    insert into invitation_tokens (token_hash, invitation_id, outbox_id)
    select t.hash, i.id, t.outbox_id
    from ${tokenValues(tokens, ({ outboxId, payload }) => [
      sql`${outboxId}::uuid`,
      sql`${payload.invitationId}::uuid`,
    ])} as t (hash, outbox_id, invitation_id)
      join invitations i on i.id = t.invitation_id
    returning token_hash`,
  forget: (hash) => sql`delete from invitation_tokens where token_hash = ${hash}`,
  reissue: (hash, newHash) =>
    sql`update invitation_tokens set token_hash = ${newHash} where token_hash = ${hash} returning token_hash`,
  revoke: (outboxId) => sql`delete from invitation_tokens where outbox_id = ${outboxId}`,
};

export const invitationMessage = defineMessage({
  name: "invitation",
  kind: "transactional",
  fields: ["invitationId", "name", "robotName", "price", "discountedPrice", "deadline"],
  links: { token: invitationLink },
  compose: (payload, { token }, context) =>
    actionMessage(
      { ...invitation, subject: invitation.subject(oneLine(payload.robotName)) },
      {
        greeting: invitation.greeting(payload.name),
        lines: [
          invitation.body(payload.robotName),
          invitation.price(payload.price),
          invitation.discounted(payload.discountedPrice),
          invitation.deadline(payload.deadline),
        ],
        path: href("/convite/:token", { token }),
      },
      context,
    ),
});

export const invitationReminderMessage = defineMessage({
  name: "invitation-reminder",
  kind: "transactional",
  fields: ["invitationId", "name", "robotName", "deadline"],
  links: { token: invitationLink },
  compose: (payload, { token }, context) =>
    actionMessage(
      { ...reminder, subject: reminder.subject(oneLine(payload.robotName)) },
      {
        greeting: reminder.greeting(payload.name),
        lines: [reminder.body(payload.robotName), reminder.deadline(payload.deadline)],
        path: href("/convite/:token", { token }),
      },
      context,
    ),
});
