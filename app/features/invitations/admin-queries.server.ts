// What /admin/convites and a person's admin page show of spots and invitations.
import { and, asc, desc, eq } from "drizzle-orm";
import { invitations, robots, waitlist } from "../../../db/schema.ts";
import { getDb } from "../../platform/db/db.server.ts";
import { listRobots } from "../robots/queries.server.ts";
import { queueLength, queueOf, type QueuedPerson } from "./invitations.server.ts";
import type { InvitationStatus } from "./model.ts";

/** The most people one "Convidar próximos" may show and invite. */
export const MAX_INVITE_BATCH = 50;

export interface RobotInvitations {
  id: string;
  name: string;
  capacity: number | null;
  autoInvite: boolean;
  taken: number;
  held: number;
  free: number | null;
  queueLength: number;
  /** Who "Convidar próximos" would invite now (only for the robot being previewed). */
  preview: QueuedPerson[] | null;
  open: Array<{ id: string; name: string; email: string; sentAt: Date; deadline: Date }>;
}

export async function invitationsOverview(
  now: Date,
  preview?: { robotId: string; count: number },
): Promise<RobotInvitations[]> {
  const db = await getDb();
  const rows = await listRobots(db, now);
  return Promise.all(
    rows.map(async (robot) => {
      const open = await db
        .select({
          id: invitations.id,
          name: waitlist.name,
          email: waitlist.email,
          sentAt: invitations.sentAt,
          deadline: invitations.deadline,
        })
        .from(invitations)
        .innerJoin(waitlist, eq(waitlist.id, invitations.waitlistId))
        .where(and(eq(invitations.robotId, robot.id), eq(invitations.status, "sent")))
        .orderBy(asc(invitations.deadline));
      const previewCount =
        preview?.robotId === robot.id
          ? Math.min(preview.count, robot.freeSpots ?? preview.count, MAX_INVITE_BATCH)
          : 0;
      return {
        id: robot.id,
        name: robot.name,
        capacity: robot.capacity,
        autoInvite: robot.autoInvite,
        taken: robot.taken,
        held: robot.held,
        free: robot.freeSpots,
        queueLength: await queueLength(db, robot),
        preview: preview?.robotId === robot.id ? await queueOf(db, robot, previewCount) : null,
        open,
      };
    }),
  );
}

export interface InvitationHistoryRow {
  id: string;
  robotName: string;
  status: InvitationStatus;
  invitedBy: string;
  sentAt: Date;
  deadline: Date;
  /** When it left `sent` (accepted, declined, expired or revoked), if it did. */
  changedAt: Date | null;
}

/** A person's invitations, newest first, and the robots they could be invited to. */
export async function personInvitations(waitlistId: string) {
  const db = await getDb();
  const rows = await db
    .select({ invitation: invitations, robotName: robots.name })
    .from(invitations)
    .innerJoin(robots, eq(robots.id, invitations.robotId))
    .where(eq(invitations.waitlistId, waitlistId))
    .orderBy(desc(invitations.sentAt));
  const history: InvitationHistoryRow[] = rows.map(({ invitation: i, robotName }) => ({
    id: i.id,
    robotName,
    status: i.status,
    invitedBy: i.invitedBy,
    sentAt: i.sentAt,
    deadline: i.deadline,
    changedAt: i.acceptedAt ?? i.declinedAt ?? i.expiredAt ?? i.revokedAt,
  }));
  const robotChoices = (await listRobots(db)).map((r) => ({ id: r.id, name: r.name }));
  return { history, robotChoices };
}
