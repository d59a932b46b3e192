import { data } from "react-router";
import { signedStatementsAdminCopy as copy } from "../../content/signed-statements.ts";
import { readForm } from "../../platform/http/read-form.server.ts";
import { parseForm } from "../../platform/http/parse-form.ts";
import { ADMIN_FORM_MAX_BYTES } from "../../features/admin/form.server.ts";
import { adminSessionContext } from "../../features/admin/guard.server.ts";
import { rowId } from "../../features/admin/schema-fields.ts";
import { getRobotForPerformance } from "../../features/performance/queries.server.ts";
import { SignedStatementsAdminPage } from "../../features/signed-statements/admin-page.tsx";
import {
  statementMailDomain,
  statementReceiverConfigured,
} from "../../features/signed-statements/background.server.ts";
import {
  getInbox,
  listMessages,
  saveInbox,
} from "../../features/signed-statements/queries.server.ts";
import { inboxSettingsSchema } from "../../features/signed-statements/schema.ts";
import type { Route } from "./+types/robot-signed-statements";

// /admin/robos/:id/extratos-assinados: the robot's inbox for broker-signed statements, the
// account and broker domains staff trust, and every message received with its outcome
// (issue 38, docs/decisions/377; the admin layout checks the session).

export function meta() {
  return [{ title: copy.metaTitle }, { name: "robots", content: "noindex" }];
}

export function headers() {
  return { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" };
}

async function robotOr404(id: string) {
  const parsed = rowId.safeParse(id);
  const robot = parsed.success ? await getRobotForPerformance(parsed.data) : undefined;
  if (!robot) throw data(null, { status: 404 });
  return robot;
}

export async function loader({ params }: Route.LoaderArgs) {
  const robot = await robotOr404(params.id);
  const inbox = await getInbox(robot.id);
  const messages = await listMessages(robot.id);
  return {
    robot,
    receiverOn: statementReceiverConfigured(),
    address: inbox ? `${inbox.mailbox}@${statementMailDomain()}` : null,
    settings: inbox
      ? {
          accountNumber: inbox.accountNumber,
          brokerDomains: inbox.brokerDomains.join("\n"),
          accountKind: inbox.accountKind,
          broker: inbox.broker,
          serverClock: inbox.serverClock,
          currency: inbox.currency,
        }
      : null,
    messages: messages.map((message) => ({
      ...message,
      receivedAt: message.receivedAt.toISOString(),
    })),
  };
}

const keptFields = [
  "accountNumber",
  "brokerDomains",
  "accountKind",
  "broker",
  "serverClock",
  "currency",
];

export async function action({ params, request, context }: Route.ActionArgs) {
  const robot = await robotOr404(params.id);
  const read = await readForm(request, ADMIN_FORM_MAX_BYTES);
  if (!read.ok)
    return data(
      { ok: false as const, error: read.message, fieldErrors: {}, values: {} },
      { status: read.status },
    );
  const parsed = parseForm(inboxSettingsSchema, read.form);
  if (!parsed.success) {
    const values: Record<string, string> = {};
    for (const name of keptFields) {
      const value = read.form.get(name);
      if (typeof value === "string") values[name] = value.slice(0, 2000);
    }
    return data(
      { ok: false as const, error: copy.errors.invalid, fieldErrors: parsed.fieldErrors, values },
      { status: 400 },
    );
  }
  await saveInbox(robot, parsed.data, context.get(adminSessionContext).email);
  return { ok: true as const };
}

export default function RobotSignedStatementsPage({
  loaderData,
  actionData,
}: Route.ComponentProps) {
  return <SignedStatementsAdminPage {...loaderData} outcome={actionData ?? null} />;
}
