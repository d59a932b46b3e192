// The payer's CPF or CNPJ, which a renewal's due-date charge names (the contract's `devedor`,
// docs/decisions/365): the customer gives it once in Minha conta; their open renewal then
// gets its due-date charge. Checked by its check digits (brazilian-utils), kept as digits.
import { isValidCnpj, isValidCpf } from "@brazilian-utils/brazilian-utils";
import { and, eq } from "drizzle-orm";
import { orders, subscriptions } from "../../../db/schema.ts";
import { withTransaction } from "../../platform/db/db.server.ts";
import { queueDueChargesForDocument } from "./renewal-due-charges.server.ts";

/** The document as the contract takes it (11 digits, or a CNPJ's 14), or null when invalid. */
export function payerDocumentOf(text: string): string | null {
  const plain = text.toUpperCase().replace(/[.\-/\s]/g, "");
  if (/^\d{11}$/.test(plain)) return isValidCpf(plain) ? plain : null;
  if (/^[0-9A-Z]{14}$/.test(plain)) return isValidCnpj(plain) ? plain : null;
  return null;
}

export type PayerDocumentOutcome = "saved" | "invalid" | "not-found";

/** The customer sets the CPF or CNPJ of one of their own subscriptions. */
export async function setOwnPayerDocument(
  entryId: string,
  subscriptionId: string,
  text: string,
  now: Date,
): Promise<PayerDocumentOutcome> {
  const document = payerDocumentOf(text);
  if (!document) return "invalid";
  return withTransaction(async (tx) => {
    const [own] = await tx
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .innerJoin(orders, eq(orders.id, subscriptions.orderId))
      .where(and(eq(subscriptions.id, subscriptionId), eq(orders.waitlistId, entryId)));
    if (!own) return "not-found";
    await tx
      .update(subscriptions)
      .set({ payerDocument: document })
      .where(eq(subscriptions.id, own.id));
    await queueDueChargesForDocument(tx, own.id, now);
    return "saved";
  });
}
