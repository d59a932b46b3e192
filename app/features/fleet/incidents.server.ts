// Fleet incidents (decision 384): each flag of the board opens one incident per robot, which
// e-mails STAFF_EMAIL once, and closes when the flag clears, which e-mails again.
import { and, eq, isNull } from "drizzle-orm";
import { fleetIncidents } from "../../../db/schema.ts";
import { fleetIncidentEmailCopy as copy } from "../../content/fleet.ts";
import { withTransaction } from "../../platform/db/db.server.ts";
import { getEnv } from "../../platform/http/env.server.ts";
import { enqueue } from "../../platform/jobs/enqueue.server.ts";
import { formatDateTime } from "../admin/date-time.ts";
import { fleetStates, type FleetState } from "./board.server.ts";
import { fleetIncidentClosedMessage, fleetIncidentOpenedMessage } from "./messages.tsx";

function staffAddress(): string {
  const env = getEnv();
  return env.STAFF_EMAIL ?? env.CONTACT_EMAIL;
}

const payloadOf = (row: Pick<FleetState, "robotName" | "personName" | "personEmail">) => ({
  robotName: row.robotName,
  person: row.personName ?? row.personEmail ?? "—",
});

export async function reviewIncidents(now: Date): Promise<{ opened: number; closed: number }> {
  const board = await fleetStates(now);
  const byId = new Map(board.map((row) => [row.subscriptionId, row]));
  return withTransaction(async (tx) => {
    const open = await tx.select().from(fleetIncidents).where(isNull(fleetIncidents.closedAt));
    const isOpen = new Set(open.map((incident) => `${incident.subscriptionId} ${incident.flag}`));
    let opened = 0;
    let closed = 0;
    for (const row of board) {
      for (const flag of row.flags) {
        if (isOpen.has(`${row.subscriptionId} ${flag}`)) continue;
        const since = row.state.kind === "silent" ? row.state.since : now;
        const inserted = await tx
          .insert(fleetIncidents)
          .values({ subscriptionId: row.subscriptionId, flag, openedAt: since })
          .onConflictDoNothing()
          .returning({ id: fleetIncidents.id });
        if (inserted.length === 0) continue;
        opened += 1;
        await enqueue(
          tx,
          fleetIncidentOpenedMessage.to(staffAddress(), {
            ...payloadOf(row),
            problem: copy.problems[flag],
            since: formatDateTime(since),
          }),
        );
      }
    }
    for (const incident of open) {
      const row = byId.get(incident.subscriptionId);
      if (row?.flags.includes(incident.flag)) continue;
      await tx
        .update(fleetIncidents)
        .set({ closedAt: now })
        .where(and(eq(fleetIncidents.id, incident.id), isNull(fleetIncidents.closedAt)));
      closed += 1;
      // A subscription no longer served closes its incidents quietly.
      if (!row) continue;
      await enqueue(
        tx,
        fleetIncidentClosedMessage.to(staffAddress(), {
          ...payloadOf(row),
          problem: copy.problems[incident.flag],
          since: formatDateTime(incident.openedAt),
        }),
      );
    }
    return { opened, closed };
  });
}
