// The one request body allowed past 64 KB: staff's bank statement upload (docs/decisions/154).
import { href } from "react-router";
import { ordersAdminCopy } from "../../content/orders.ts";
import { MAX_STATEMENT_BYTES } from "./model.ts";

/** The file (at most 5 MB, refused in Portuguese past that) plus the form around it. */
export const STATEMENT_UPLOAD_MAX_BYTES = MAX_STATEMENT_BYTES + 64 * 1024;
/** /admin/pedidos as a form posts it, and as React Router's fetch posts it. */
export const STATEMENT_UPLOAD_PATHS = new Set([
  href("/admin/pedidos"),
  `${href("/admin/pedidos")}.data`,
]);
export const statementTooLargeMessage = ordersAdminCopy.importErrors["too-large"];
