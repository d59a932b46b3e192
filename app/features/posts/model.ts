// The blog's values, declared once and importing nothing: the table's check constraint
// (db/schema.ts), the admin's select, the form schema and the public chips.
export const postCategories = ["Educação", "Estratégia", "Tecnologia", "Mercado"] as const;
export type PostCategory = (typeof postCategories)[number];
