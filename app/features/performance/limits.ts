// Issue 22: a statement upload is at most 5 MB of file; its request body may carry the form
// around it. server/app.ts lets bodies of this size through on the upload route only.
export const STATEMENT_MAX_BYTES = 5 * 1024 * 1024;
export const STATEMENT_BODY_MAX_BYTES = STATEMENT_MAX_BYTES + 64 * 1024;

/** The admin route that takes statement uploads (and its `.data` twin). */
export const statementUploadPath = /^\/admin\/robos\/[^/]+\/desempenho(\.data)?$/;
