// Staff's e-mails of the fleet (decision 384): once when an incident opens, once when it ends.
import { href } from "react-router";
import { fleetIncidentEmailCopy as copy } from "../../content/fleet.ts";
import { defineMessage } from "../../platform/jobs/registry.ts";
import { actionMessage } from "../../platform/mail/layout.tsx";

const fields = ["robotName", "person", "problem", "since"] as const;

function incidentMessage(name: string, texts: typeof copy.opened | typeof copy.closed) {
  return defineMessage({
    name,
    kind: "transactional",
    fields,
    compose: (payload, _links, context) =>
      actionMessage(
        { ...texts, subject: texts.subject(payload.robotName, payload.problem) },
        {
          greeting: texts.greeting,
          lines: [texts.body(payload.robotName, payload.person, payload.problem, payload.since)],
          path: href("/admin/frota"),
        },
        context,
      ),
  });
}

export const fleetIncidentOpenedMessage = incidentMessage("fleet-incident-opened", copy.opened);
export const fleetIncidentClosedMessage = incidentMessage("fleet-incident-closed", copy.closed);
