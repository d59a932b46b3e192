// Request bodies are at most 64 KB (docs/product.md rule 3); server/body-limit.ts enforces it
// first, this keeps the admin actions safe wherever they run.
export const ADMIN_FORM_MAX_BYTES = 64 * 1024;
