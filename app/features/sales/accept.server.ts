// The accept move (docs/decisions/330): "Confirmar minha vaga" takes the spot if the robot
// still has room, and creates the order that holds it until it is paid or its deadline
// passes. Locks robot -> person -> invitation (the product's one order, locks.server.ts).
import { and, eq } from "drizzle-orm";
import { invitations, waitlist } from "../../../db/schema.ts";
import { getDb, withTransaction } from "../../platform/db/db.server.ts";
import {
  declineInvitation,
  invitationIdByToken,
  lockOpenInvitation,
  oneAtATime,
  spotsOf,
  type AnswerOutcome,
} from "../invitations/invitations.server.ts";
import { createOrderLocked } from "../orders/orders.server.ts";
import { transition } from "./transitions.ts";

/**
 * The invitee's button on /convite/:token: the answer waits for the robot's earlier answers
 * in this process (see oneAtATime) before it takes a connection.
 */
export async function answerInvitation(
  token: string,
  intent: "accept" | "decline",
  now: Date,
  partnerBroker = false,
): Promise<AnswerOutcome | "not-found"> {
  const found = await invitationIdByToken(await getDb(), token);
  if (!found) return "not-found";
  return oneAtATime(found.robotId, () =>
    intent === "accept"
      ? acceptInvitation(token, now, partnerBroker)
      : declineInvitation(token, now),
  );
}

/** "Confirmar minha vaga": takes the spot if the robot still has room for it. */
export async function acceptInvitation(
  token: string,
  now: Date,
  partnerBroker = false,
): Promise<AnswerOutcome | "not-found"> {
  return withTransaction(async (tx): Promise<AnswerOutcome | "not-found"> => {
    const found = await invitationIdByToken(tx, token);
    if (!found) return "not-found";
    const locked = await lockOpenInvitation(tx, found, true, now);
    if (!locked.open) return locked.outcome;
    const { robot, invitation } = locked;
    // The capacity counts accepted spots: open invitations beyond it (staff lowered the
    // capacity) are served first come, first served (docs/decisions/091).
    const { taken } = await spotsOf(tx, robot, now);
    if (robot.capacity !== null && taken >= robot.capacity) return "full";
    const step = transition("invitation", "accept", invitation.status);
    if (!step.ok) return "gone";
    await tx
      .update(invitations)
      .set({ status: step.to, acceptedAt: now })
      .where(and(eq(invitations.id, invitation.id), eq(invitations.status, step.from)));
    const [person] = await tx
      .select({ name: waitlist.name, email: waitlist.email })
      .from(waitlist)
      .where(eq(waitlist.id, invitation.waitlistId));
    // The order holds the spot until it is paid or the invitation's deadline passes; the
    // waiting-list entry becomes "Convertido" when it is paid (DESIGN 14, 16). Its e-mail
    // (how to pay) goes to the person, and the news to staff.
    await createOrderLocked(tx, {
      person,
      invitationId: invitation.id,
      waitlistId: invitation.waitlistId,
      robot,
      deadline: invitation.deadline,
      partnerBroker,
      now,
    });
    return "accepted";
  });
}
