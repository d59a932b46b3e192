// URL slugs of robots and posts (docs/product.md rule 7): lower-case letters, digits and
// single hyphens between them.
export const SLUG_MAX_LENGTH = 100;
export const slugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export function isValidSlug(value: string): boolean {
  return value.length <= SLUG_MAX_LENGTH && slugPattern.test(value);
}

/** "Ações e Opções: 2026!" -> "acoes-e-opcoes-2026" (accents removed, at most 100 characters). */
export function slugify(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+/, "")
    .slice(0, SLUG_MAX_LENGTH)
    .replace(/-+$/, "");
}
