import { performanceAdminCopy } from "../../content/performance.ts";

// Issue 22: a MetaTrader statement upload is at most 5 MB of file; its request body may carry
// the form around it. server/app.ts lets bodies of this size through on this route only.
export const STATEMENT_MAX_BYTES = 5 * 1024 * 1024;
export const TRADING_STATEMENT_BODY_MAX_BYTES = STATEMENT_MAX_BYTES + 64 * 1024;
export const tradingStatementTooLargeMessage = performanceAdminCopy.errors.tooLarge;

/** The admin route that takes statement uploads (and React Router's `.data` twin). */
export const tradingStatementUploadPath = /^\/admin\/robos\/[^/]+\/desempenho(\.data)?$/;
