// What a renewal's due-date charge (cobv) may take when paid late (docs/decisions/365): the
// original amount, plus the fine once after the due date and the interest per month counted
// by calendar day, as staff set them. The PSP computes the exact figure; we accept up to the
// ceiling, rounding up, so no correct payment waits for staff.

export interface LateTerms {
  /** Basis points once after the due date (200 = 2%, the CDC's ceiling). */
  fineBp: number;
  /** Basis points per month, pro rata by calendar day (100 = 1% a month). */
  interestBpMonth: number;
}

const ceilDiv = (a: bigint, b: bigint) => (a + b - 1n) / b;

/** The most a charge of `cents` can cost `daysLate` calendar days after its due date. */
export function lateCeilingCents(cents: number, terms: LateTerms, daysLate: number): number {
  if (daysLate <= 0) return cents;
  const amount = BigInt(cents);
  const fine = ceilDiv(amount * BigInt(terms.fineBp), 10_000n);
  const interest = ceilDiv(amount * BigInt(terms.interestBpMonth) * BigInt(daysLate), 300_000n);
  return Number(amount + fine + interest);
}

/** Basis points as the contract's percent text: 200 -> "2.00". */
export function percentText(basisPoints: number): string {
  return `${Math.floor(basisPoints / 100)}.${String(basisPoints % 100).padStart(2, "0")}`;
}
