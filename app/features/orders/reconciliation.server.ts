// Statement import (docs/decisions/153): upload -> preview of proposed matches -> apply once.
// The preview is stored, so applying needs no second upload and works without JavaScript;
// applying re-checks each order under its row lock, so two staff applying at once (or a
// payment marked by hand meanwhile) pay each order once.
import { createHash } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { bankCredits, orders, statementImports } from "../../../db/schema.ts";
import { withTransaction, type Executor } from "../../platform/db/db.server.ts";
import { inBatches, orAmong } from "../../platform/db/rows.ts";
import {
  chargeReferences,
  matchableCharges,
  payChargesFromCredits,
} from "../subscriptions/statement-charges.server.ts";
import { saoPauloDate } from "./business-hours.ts";
import { matchCredits, referencesIn, type MatchableOrder, type MatchedCredit } from "./matching.ts";
import { payFromCredits } from "./orders.server.ts";
import { isSameAccount, parseStatement, type StatementError } from "./statement.server.ts";

export type PreviewResult =
  | { ok: true; importId: string; matches: MatchedCredit[] }
  | { ok: false; error: StatementError | { code: "other-account" } };

async function knownKeys(tx: Executor, keys: string[]): Promise<Set<string>> {
  const rows = await inBatches(keys, (batch) =>
    tx.select({ key: bankCredits.key }).from(bankCredits).where(inArray(bankCredits.key, batch)),
  );
  return new Set(rows.map((row) => row.key));
}

/** Orders a statement may pay: every order awaiting payment, and any order it quotes. */
async function matchableOrders(tx: Executor, quoted: string[]): Promise<MatchableOrder[]> {
  const rows = await tx
    .select({
      id: orders.id,
      reference: orders.reference,
      state: orders.state,
      amountBrlCents: orders.totalBrlCents,
      createdAt: orders.createdAt,
      deadline: orders.deadline,
    })
    .from(orders)
    .where(orAmong(eq(orders.state, "awaiting-payment"), orders.reference, quoted));
  return rows.map((row) => ({
    id: row.id,
    reference: row.reference,
    state: row.state,
    // An order without an amount in reais yet (no rate) can only be paid by hand.
    amountBrlCents: row.amountBrlCents ?? -1,
    createdOn: saoPauloDate(row.createdAt),
    deadlineOn: saoPauloDate(row.deadline),
  }));
}

async function matchAgainstDatabase(tx: Executor, credits: MatchedCredit["credit"][]) {
  const quoted = [...new Set(credits.flatMap((credit) => referencesIn(credit.description)))];
  const [known, candidates, charges] = await Promise.all([
    knownKeys(
      tx,
      credits.map((credit) => credit.key),
    ),
    matchableOrders(tx, quoted),
    // Renewal charges are paid by a statement like first payments (docs/decisions/189).
    matchableCharges(tx, quoted),
  ]);
  return matchCredits(credits, [...candidates, ...charges], known);
}

/** Parses an uploaded statement and stores it with the matches staff will be shown. */
export async function previewStatement(
  bytes: Uint8Array,
  uploadedBy: string,
  expectedAccount: string | undefined,
  now: Date,
): Promise<PreviewResult> {
  const parsed = await parseStatement(bytes);
  if (!parsed.ok) return parsed;
  const { statement } = parsed;
  if (
    expectedAccount &&
    statement.account !== null &&
    !isSameAccount(statement.account, expectedAccount)
  ) {
    return { ok: false, error: { code: "other-account" } };
  }
  return withTransaction(async (tx) => {
    const matches = await matchAgainstDatabase(tx, statement.credits);
    const [row] = await tx
      .insert(statementImports)
      .values({
        format: statement.format,
        account: statement.account,
        sha256: createHash("sha256").update(bytes).digest("hex"),
        credits: matches,
        uploadedBy,
        uploadedAt: now,
      })
      .returning({ id: statementImports.id });
    if (!row) throw new Error("import insert returned nothing");
    return { ok: true, importId: row.id, matches };
  });
}

/** A stored preview, with the references of the orders it names. */
export async function getStatementPreview(importId: string) {
  return withTransaction(async (tx) => {
    const [row] = await tx.select().from(statementImports).where(eq(statementImports.id, importId));
    if (!row) return null;
    const matches = row.credits as MatchedCredit[];
    const ids = [
      ...new Set(
        matches.flatMap(({ match }) =>
          "orderId" in match ? [match.orderId] : "orderIds" in match ? match.orderIds : [],
        ),
      ),
    ];
    const orderRows = await inBatches(ids, (batch) =>
      tx
        .select({ id: orders.id, reference: orders.reference })
        .from(orders)
        .where(inArray(orders.id, batch)),
    );
    const references = {
      ...Object.fromEntries(orderRows.map((order) => [order.id, order.reference])),
      ...(await chargeReferences(tx, ids)),
    };
    return {
      id: row.id,
      appliedBy: row.appliedBy,
      appliedAt: row.appliedAt,
      matches,
      references,
    };
  });
}

export type ApplyResult =
  | { outcome: "applied"; paid: number; skipped: number; recorded: number }
  | { outcome: "already-applied" | "not-found" };

/**
 * Applies a preview: records every credit it showed (so the file imported again changes
 * nothing) and pays the orders and renewal charges it proposed that are still open, in one
 * transaction.
 */
export async function applyStatementImport(
  importId: string,
  actor: string,
  now: Date,
): Promise<ApplyResult> {
  return withTransaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(statementImports)
      .where(eq(statementImports.id, importId))
      .for("update");
    if (!row) return { outcome: "not-found" };
    if (row.appliedAt) return { outcome: "already-applied" };
    const shown = row.credits as MatchedCredit[];
    const fresh = shown.filter(({ match }) => match.kind !== "known");
    let recorded = 0;
    const newKeys = new Set<string>();
    for (let i = 0; i < fresh.length; i += 1000) {
      const inserted = await tx
        .insert(bankCredits)
        .values(
          fresh.slice(i, i + 1000).map(({ credit }) => ({
            key: credit.key,
            postedOn: credit.postedOn,
            amountCents: credit.amountCents,
            description: credit.description,
            importId,
          })),
        )
        .onConflictDoNothing()
        .returning({ key: bankCredits.key });
      for (const { key } of inserted) newKeys.add(key);
      recorded += inserted.length;
    }
    // Only credits this import recorded pay anything: one imported meanwhile by another
    // preview of the same file was that import's to apply.
    const proposals = fresh.flatMap(({ credit, match }) =>
      (match.kind === "reference" || match.kind === "amount") && newKeys.has(credit.key)
        ? [
            {
              orderId: match.orderId,
              payment: {
                method: /\bpix\b/i.test(credit.description)
                  ? ("pix" as const)
                  : ("transfer" as const),
                reference: credit.key,
                note: credit.description,
                creditKey: credit.key,
                amountBrlCents: credit.amountCents,
              },
            },
          ]
        : [],
    );
    const paidOrders = await payFromCredits(tx, proposals, actor, now);
    const paidCharges = await payChargesFromCredits(
      tx,
      proposals.filter(({ orderId }) => !paidOrders.has(orderId)),
      actor,
      now,
    );
    const paid = new Set([...paidOrders, ...paidCharges]);
    await tx
      .update(statementImports)
      .set({ appliedAt: now, appliedBy: actor })
      .where(eq(statementImports.id, importId));
    return {
      outcome: "applied",
      paid: paid.size,
      skipped: proposals.length - paid.size,
      recorded,
    };
  });
}
