import { eq, sql } from "drizzle-orm";
import { providerStatus } from "../../../db/schema.ts";
import { getDb } from "../db/db.server.ts";

// What a payment provider's API last said about our credentials (docs/decisions/369): a token
// the provider refused is kept with its Portuguese reason, so staff see it on /admin/pagamentos
// rather than only in the logs; a granted token clears it.

export interface ProviderProblem {
  provider: string;
  problem: string;
  since: Date;
}

export async function recordProviderProblem(
  provider: string,
  problem: string,
  now: Date,
): Promise<void> {
  const db = await getDb();
  await db
    .insert(providerStatus)
    .values({ provider, problem, since: now, checkedAt: now })
    .onConflictDoUpdate({
      target: providerStatus.provider,
      // The first refusal's time stays while the reason is the same.
      set: {
        problem,
        checkedAt: now,
        since: sql`case when ${providerStatus.problem} = ${problem} then coalesce(${providerStatus.since}, excluded.since) else excluded.since end`,
      },
    });
}

export async function clearProviderProblem(provider: string, now: Date): Promise<void> {
  const db = await getDb();
  await db
    .insert(providerStatus)
    .values({ provider, problem: null, since: null, checkedAt: now })
    .onConflictDoUpdate({
      target: providerStatus.provider,
      set: { problem: null, since: null, checkedAt: now },
    });
}

/** Every provider whose credentials are refused now. */
export async function providerProblems(): Promise<ProviderProblem[]> {
  const db = await getDb();
  const rows = await db.select().from(providerStatus);
  return rows.flatMap((row) =>
    row.problem && row.since
      ? [{ provider: row.provider, problem: row.problem, since: row.since }]
      : [],
  );
}

export async function providerProblem(provider: string): Promise<ProviderProblem | null> {
  const db = await getDb();
  const [row] = await db.select().from(providerStatus).where(eq(providerStatus.provider, provider));
  return row?.problem && row.since ? { provider, problem: row.problem, since: row.since } : null;
}

/** A client's listener writing its provider's status here. */
export function providerCredentials(provider: string) {
  return {
    refused: (problem: string, at: Date) => recordProviderProblem(provider, problem, at),
    granted: (at: Date) => clearProviderProblem(provider, at),
  };
}
