// /admin/entregabilidade: suppressions in force (and the last lifted), reports waiting for
// staff; lifting a suppression and marking a report reviewed keep who and when.
import { and, desc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { deliveryReports, emailOutbox, suppressions } from "../../../db/schema.ts";
import { getDb } from "../../platform/db/db.server.ts";
import { liftSuppression } from "../../platform/mail/suppression.server.ts";

const LIST_LIMIT = 200;

export async function loadDeliverability() {
  const db = await getDb();
  const suppressionColumns = {
    id: suppressions.id,
    email: suppressions.email,
    reason: suppressions.reason,
    detail: suppressions.detail,
    messageId: suppressions.messageId,
    // The causing message's kind, while the outbox still has it (settled ones are purged).
    template: emailOutbox.template,
    createdAt: suppressions.createdAt,
    expiresAt: suppressions.expiresAt,
    liftedAt: suppressions.liftedAt,
    liftedBy: suppressions.liftedBy,
  };
  const [active, lifted, review] = await Promise.all([
    db
      .select(suppressionColumns)
      .from(suppressions)
      .leftJoin(emailOutbox, eq(emailOutbox.id, suppressions.messageId))
      .where(
        and(
          isNull(suppressions.liftedAt),
          sql`(${suppressions.expiresAt} is null or ${suppressions.expiresAt} > now())`,
        ),
      )
      .orderBy(desc(suppressions.createdAt))
      .limit(LIST_LIMIT),
    db
      .select(suppressionColumns)
      .from(suppressions)
      .leftJoin(emailOutbox, eq(emailOutbox.id, suppressions.messageId))
      .where(isNotNull(suppressions.liftedAt))
      .orderBy(desc(suppressions.liftedAt))
      .limit(20),
    // Reports about our messages first, each group newest first with a limit of its own: a
    // flood of reports naming no message of ours cannot push them off the page (decision 404).
    Promise.all(
      [isNotNull(deliveryReports.messageId), isNull(deliveryReports.messageId)].map((group) =>
        db
          .select({
            id: deliveryReports.id,
            kind: deliveryReports.kind,
            source: deliveryReports.source,
            messageId: deliveryReports.messageId,
            recipient: deliveryReports.recipient,
            status: deliveryReports.status,
            detail: deliveryReports.detail,
            subject: deliveryReports.subject,
            // The report as received, cut for the page (the row keeps its first 64 KB).
            raw: sql<string | null>`left(${deliveryReports.raw}, 20000)`,
            receivedAt: deliveryReports.receivedAt,
          })
          .from(deliveryReports)
          .where(and(isNull(deliveryReports.reviewedAt), group))
          .orderBy(desc(deliveryReports.receivedAt))
          .limit(LIST_LIMIT),
      ),
    ).then((groups) => groups.flat()),
  ]);
  return { active, lifted, review };
}

export type Deliverability = Awaited<ReturnType<typeof loadDeliverability>>;

export async function liftSuppressionAsStaff(id: string, staffEmail: string): Promise<boolean> {
  return liftSuppression(await getDb(), id, staffEmail);
}

export async function markReportReviewed(id: string, staffEmail: string): Promise<boolean> {
  const db = await getDb();
  const updated = await db
    .update(deliveryReports)
    .set({ reviewedAt: sql`now()`, reviewedBy: staffEmail, raw: null })
    .where(and(eq(deliveryReports.id, id), isNull(deliveryReports.reviewedAt)))
    .returning({ id: deliveryReports.id });
  return updated.length > 0;
}
