// The blog's post categories, declared once (the table's enum, the admin's select, the
// schema and the public chips): browser code takes them from here, not from db/schema.ts.
export const postCategories = ["Educação", "Estratégia", "Tecnologia", "Mercado"] as const;
export type PostCategory = (typeof postCategories)[number];
