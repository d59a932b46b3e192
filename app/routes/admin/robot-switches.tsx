import { data, Form } from "react-router";
import { Button } from "../../components/ui/button.tsx";
import { robotSwitchesPageCopy as copy } from "../../content/sales.ts";
import { formatDateTime } from "../../features/admin/date-time.ts";
import { adminSessionContext } from "../../features/admin/guard.server.ts";
import { readAdminForm } from "../../features/admin/form.server.ts";
import {
  markRobotSwitched,
  pendingRobotSwitches,
  type RobotSwitchItem,
} from "../../features/sales/robot-switches.server.ts";
import { robotSwitchedSchema } from "../../features/sales/schema.ts";
import { appNow } from "../../platform/http/clock.server.ts";
import type { Route } from "./+types/robot-switches";

// /admin/ligar-desligar: "Robôs a ligar" and "Robôs a desligar", fed by every move that
// changes whether a robot should run; plain forms, no script needed (docs/decisions/344).

export function meta() {
  return [{ title: copy.metaTitle }, { name: "robots", content: "noindex" }];
}

export function headers() {
  return { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" };
}

type Line = Omit<RobotSwitchItem, "requestedAt"> & { requestedAt: string };

export async function loader() {
  const lines: Line[] = (await pendingRobotSwitches()).map((line) => ({
    ...line,
    requestedAt: line.requestedAt.toISOString(),
  }));
  return {
    on: lines.filter((line) => line.action === "on"),
    off: lines.filter((line) => line.action === "off"),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const read = await readAdminForm(request, robotSwitchedSchema, copy.errorTitle);
  if (!read.ok) return data({ ok: false as const, message: read.message }, { status: read.status });
  const staff = context.get(adminSessionContext).email;
  const done = await markRobotSwitched(read.data.switchId, staff, appNow());
  if (!done) return data({ ok: false as const, message: copy.notFound }, { status: 409 });
  return data({ ok: true as const, message: copy.done });
}

function SwitchList({
  id,
  title,
  lines,
  empty,
  button,
}: {
  id: string;
  title: string;
  lines: Line[];
  empty: string;
  button: string;
}) {
  return (
    <section aria-labelledby={id} className="grid gap-2">
      <h3 id={id} className="text-xl font-semibold">
        {title} ({lines.length})
      </h3>
      {lines.length === 0 ? (
        <p className="text-muted-foreground">{empty}</p>
      ) : (
        <ul className="grid gap-2">
          {lines.map((line) => (
            <li key={line.id} className="grid gap-1 rounded-md border p-3">
              <p>
                <strong>{line.robotName}</strong> · {line.reference} ·{" "}
                {line.personName ?? copy.erasedPerson}
              </p>
              <p className="text-sm">
                {line.reason} · {copy.since(formatDateTime(new Date(line.requestedAt)))}
              </p>
              {line.accountNumber ? (
                <p className="text-sm text-muted-foreground">
                  {copy.account(line.accountNumber, line.brokerServer ?? "—", line.platform ?? "—")}
                </p>
              ) : null}
              <Form method="post">
                <input type="hidden" name="switchId" value={line.id} />
                <Button type="submit" variant="outline">
                  {button}
                </Button>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export default function AdminRobotSwitchesPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="grid gap-6">
      <h2 className="text-2xl font-semibold">{copy.title}</h2>
      <p>{copy.intro}</p>
      {actionData ? (
        <p role={actionData.ok ? "status" : "alert"} className="rounded-md border p-3">
          {actionData.message}
        </p>
      ) : null}
      <div className="grid gap-6 lg:grid-cols-2">
        <SwitchList
          id="ligar"
          title={copy.toSwitchOn}
          lines={loaderData.on}
          empty={copy.emptyOn}
          button={copy.markOn}
        />
        <SwitchList
          id="desligar"
          title={copy.toSwitchOff}
          lines={loaderData.off}
          empty={copy.emptyOff}
          button={copy.markOff}
        />
      </div>
    </div>
  );
}
