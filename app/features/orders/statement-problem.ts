// What staff read when a statement is refused (app/content/orders.ts).
import { ordersAdminCopy } from "../../content/orders.ts";
import type { StatementError } from "./statement-read.server.ts";

const copy = ordersAdminCopy.importErrors;

export function statementErrorText(error: StatementError | { code: "other-account" }): string {
  switch (error.code) {
    case "malformed":
      return error.line === null ? copy.malformed : copy.malformedAt(error.line);
    case "duplicate-fitid":
      return copy["duplicate-fitid"](error.fitId, error.line);
    case "currency":
      return copy.currency(error.currency);
    default:
      return copy[error.code];
  }
}
