import { data } from "react-router";
import { adminSessionContext } from "../../features/admin/guard.server.ts";
import { rowId } from "../../features/admin/schema-fields.ts";
import { PerformanceAdminPage } from "../../features/performance/admin-page.tsx";
import { pageRecordOf } from "../../features/performance/chart.ts";
import {
  getPublishedReference,
  getRobotForPerformance,
  getStatement,
  listStatements,
} from "../../features/performance/queries.server.ts";
import { performanceAction } from "../../features/performance/upload.server.ts";
import type { Route } from "./+types/robot-performance";

// /admin/robos/:id/desempenho: a robot's statements, preview and publication (issue 22;
// the admin layout checks the session).

async function robotOr404(id: string) {
  const parsed = rowId.safeParse(id);
  const robot = parsed.success ? await getRobotForPerformance(parsed.data) : undefined;
  if (!robot) throw data(null, { status: 404 });
  return robot;
}

export async function loader({ params, request }: Route.LoaderArgs) {
  const robot = await robotOr404(params.id);
  const url = new URL(request.url);
  const rows = await listStatements(robot.id);
  const history = rows.map((row) => ({
    ...row,
    uploadedAt: row.uploadedAt.toISOString(),
    publishedAt: row.publishedAt?.toISOString() ?? null,
  }));
  const chosen = rowId.safeParse(url.searchParams.get("extrato"));
  const previewId = chosen.success ? chosen.data : history[0]?.id;
  const statement = previewId ? await getStatement(robot.id, previewId) : undefined;
  const current = await getPublishedReference(robot.id);
  const flash = url.searchParams.has("publicado")
    ? ("published" as const)
    : url.searchParams.has("enviado")
      ? ("uploaded" as const)
      : url.searchParams.has("retirado")
        ? ("withdrawn" as const)
        : null;
  return {
    robot,
    history,
    preview: statement
      ? {
          statementId: statement.id,
          fileName: statement.fileName,
          sha256: statement.sha256,
          accountKind: statement.accountKind,
          broker: statement.broker,
          ...pageRecordOf(statement.record),
          updatedAt: statement.uploadedAt.toISOString(),
          uploadedBy: statement.uploadedBy,
          accountName: statement.record.accountName,
        }
      : null,
    currentStatementId: current?.statementId ?? null,
    flash,
  };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const robot = await robotOr404(params.id);
  return performanceAction(request, robot.id, context.get(adminSessionContext).email);
}

export default function RobotPerformancePage({ loaderData, actionData }: Route.ComponentProps) {
  return <PerformanceAdminPage {...loaderData} failure={actionData ?? null} />;
}
