// Statement import (docs/decisions/153): upload -> preview of proposed matches -> apply once.
// The preview is stored, so applying needs no second upload and works without JavaScript;
// applying re-checks each order under its row lock, so two staff applying at once (or a
// payment marked by hand meanwhile) pay each order once.
import { createHash } from "node:crypto";
import { setImmediate as nextTurn } from "node:timers/promises";
import { eq, inArray, sql } from "drizzle-orm";
import { bankCredits, orders, statementImports } from "../../../db/schema.ts";
import { withTransaction, type Executor } from "../../platform/db/db.server.ts";
import { waitingReasons } from "../../content/sales.ts";
import { leaveWaiting, recordMoneyEvents, type MoneyEventRow } from "./ledger.server.ts";
import { applyMoneyInBulk, type BulkItem } from "./pay.server.ts";
import { amongText, inBatches, insertRowsSql, rowsOf } from "../../platform/db/rows.ts";
import { chargeReferences, matchableCharges, saoPauloDay } from "./statement-charges.server.ts";
import {
  creditMatcher,
  type CreditMatch,
  referencesIn,
  type MatchableOrder,
  type MatchedCredit,
} from "../orders/matching.ts";
import { isSameAccount, parseStatement, type StatementError } from "../orders/statement.server.ts";

export type PreviewResult =
  | { ok: true; importId: string; matches: MatchedCredit[] }
  | { ok: false; error: StatementError | { code: "other-account" } };

async function knownKeys(tx: Executor, keys: string[]): Promise<Set<string>> {
  const rows = rowsOf<{ key: string }>(
    await tx.execute(
      sql`select ${bankCredits.key} as "key" from ${bankCredits} where ${amongText(bankCredits.key, keys)}`,
    ),
  );
  return new Set(rows.map((row) => row.key));
}

/**
 * Orders a statement may pay: every order awaiting payment, and any order it quotes. One
 * plain statement, its days computed by the database: a statement file quotes thousands of
 * orders, and building, mapping and dating them on the web thread held it for a tenth of a
 * second and more (docs/decisions/406).
 */
async function matchableOrders(tx: Executor, quoted: string[]): Promise<MatchableOrder[]> {
  return rowsOf<MatchableOrder>(
    await tx.execute(sql`
      select ${orders.id} as "id", ${orders.reference} as "reference", ${orders.state} as "state",
             -- An order without an amount in reais yet (no rate) can only be paid by hand.
             coalesce(${orders.totalBrlCents}, -1) as "amountBrlCents",
             ${saoPauloDay(orders.createdAt)} as "createdOn",
             ${saoPauloDay(orders.deadline)} as "deadlineOn"
        from ${orders}
       where ${orders.state} = 'awaiting-payment' or ${amongText(orders.reference, quoted)}`),
  );
}

async function matchAgainstDatabase(tx: Executor, credits: MatchedCredit["credit"][]) {
  const quoted = [...new Set(credits.flatMap((credit) => referencesIn(credit.description)))];
  // One after another: the three share the transaction's connection.
  const known = await knownKeys(
    tx,
    credits.map((credit) => credit.key),
  );
  const candidates = await matchableOrders(tx, quoted);
  // Renewal charges are paid by a statement like first payments (docs/decisions/189).
  const charges = await matchableCharges(tx, quoted);
  const matcher = creditMatcher([...candidates, ...charges], known);
  const first: CreditMatch[] = [];
  for (let at = 0; at < credits.length; at += SLICE) {
    for (const credit of credits.slice(at, at + SLICE)) first.push(matcher.first(credit));
    await nextTurn();
  }
  return matcher.settle(credits, first);
}

/**
 * A statement's thousands of credits are matched and written out as JSON a slice at a time,
 * the loop free between slices: in one piece they held it for 44 ms of CPU (docs/decisions/421).
 */
const SLICE = 500;

/** The file's SHA-256, 256 KB at a time. */
async function sha256InSlices(bytes: Uint8Array): Promise<string> {
  const hash = createHash("sha256");
  for (let at = 0; at < bytes.length; at += 256 * 1024) {
    hash.update(bytes.subarray(at, at + 256 * 1024));
    await nextTurn();
  }
  return hash.digest("hex");
}

/** `JSON.stringify(items)`, a slice at a time. */
async function jsonInSlices(items: readonly unknown[]): Promise<string> {
  const parts: string[] = [];
  for (let at = 0; at < items.length; at += SLICE) {
    parts.push(JSON.stringify(items.slice(at, at + SLICE)).slice(1, -1));
    await nextTurn();
  }
  return `[${parts.join(",")}]`;
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
    const credits = await jsonInSlices(matches);
    const sha256 = await sha256InSlices(bytes);
    const [row] = await tx
      .insert(statementImports)
      .values({
        format: statement.format,
        account: statement.account,
        sha256,
        credits: sql`${credits}::jsonb`,
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
  | { outcome: "applied"; paid: number; skipped: number; recorded: number; waiting: number }
  | { outcome: "already-applied" | "not-found" };

/** A credit's day as an instant: the start of that day in São Paulo (UTC-3, no DST since 2019). */
const receivedOn = (postedOn: string) => new Date(`${postedOn}T00:00:00-03:00`);

/**
 * Applies a preview: records every credit it showed in the ledger, once (so the file imported
 * again changes nothing), and pays the orders and renewal charges it proposed that can still
 * take the money, in one transaction. A credit that pays nothing waits in "Pagamentos a
 * resolver" with its reason, and staff get one e-mail listing them. A credit dated on or
 * before an order's deadline day pays it even when the order expired meanwhile, if its spot
 * is still free (docs/decisions/331).
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
    // The old table of imported keys still answers "already imported" for files applied before
    // the ledger; new credits are kept in both.
    const newKeys = new Set<string>();
    for (let i = 0; i < fresh.length; i += 1000) {
      const inserted = rowsOf<{ key: string }>(
        await tx.execute(
          sql`${insertRowsSql(
            bankCredits,
            fresh.slice(i, i + 1000).map(({ credit }) => ({
              key: credit.key,
              postedOn: credit.postedOn,
              amountCents: credit.amountCents,
              description: credit.description,
              importId,
            })),
          )} on conflict do nothing returning ${sql.identifier(bankCredits.key.name)} as "key"`,
        ),
      );
      for (const { key } of inserted) newKeys.add(key);
    }
    const targetOf = (match: MatchedCredit["match"]): string | null =>
      match.kind === "reference" || match.kind === "amount" || match.kind === "not-payable"
        ? match.orderId
        : null;
    const mine = fresh.filter(({ credit }) => newKeys.has(credit.key));
    // Recorded a thousand at a time; a credit already in the ledger is skipped, as before.
    const events = await recordMoneyEvents(
      tx,
      mine.map(({ credit }) => ({
        source: "statement" as const,
        sourceId: credit.key,
        kind: "credit" as const,
        method: /\bpix\b/i.test(credit.description) ? ("pix" as const) : ("transfer" as const),
        amountCents: credit.amountCents,
        // The statement reader refuses a file in another currency (issue 36, the OFX reader).
        currency: "BRL",
        receivedAt: receivedOn(credit.postedOn),
        origin: `extrato importado por ${actor}`,
        reference: referencesIn(credit.description)[0] ?? null,
        description: credit.description,
      })),
      now,
    );
    const chargeIds = new Set(
      Object.keys(
        await chargeReferences(tx, [
          ...new Set(mine.flatMap(({ match }) => targetOf(match) ?? [])),
        ]),
      ),
    );
    // Every order and charge the import pays, locked at once in the one order and paid
    // together where a plain payment pays it (docs/decisions/470).
    const items: BulkItem[] = [];
    const outcomes: ({ bulk: number } | { reason: string } | null)[] = mine.map(
      ({ credit, match }, i) => {
        const event = events[i];
        if (!event) return null;
        const id = targetOf(match);
        if (id === null) return { reason: waitingReasonOf(match) };
        items.push({
          event,
          target: chargeIds.has(id) ? { chargeId: id } : { orderId: id },
          settlement: {
            actor,
            why: "extrato importado",
            paymentReference: credit.key,
            note: credit.description,
          },
        });
        return { bulk: items.length - 1 };
      },
    );
    const applied = await applyMoneyInBulk(tx, items, now);
    const waiting: { event: MoneyEventRow; reason: string }[] = [];
    let paid = 0;
    outcomes.forEach((outcome, i) => {
      const event = events[i];
      if (!outcome || !event) return;
      const result =
        "bulk" in outcome ? applied[outcome.bulk]! : { ok: false as const, ...outcome };
      if (result.ok) paid += 1;
      else waiting.push({ event, reason: result.reason });
    });
    await leaveWaiting(tx, waiting);
    await tx
      .update(statementImports)
      .set({ appliedAt: now, appliedBy: actor })
      .where(eq(statementImports.id, importId));
    const proposed = mine.filter(
      ({ match }) => match.kind === "reference" || match.kind === "amount",
    ).length;
    return {
      outcome: "applied",
      paid,
      skipped: Math.max(0, proposed - paid),
      recorded: newKeys.size,
      waiting: waiting.length,
    };
  });
}

/** Why a credit the matcher gave no order waits. */
function waitingReasonOf(match: MatchedCredit["match"]): string {
  switch (match.kind) {
    case "ambiguous":
      return waitingReasons.ambiguous;
    case "wrong-amount":
      return waitingReasons.wrongAmountQuoted;
    default:
      return waitingReasons.unknownReference("");
  }
}
