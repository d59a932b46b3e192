import { z } from "zod";
import { postCategories } from "./model.ts";
import { postsAdminCopy, validationCopy } from "../../content/admin.ts";
import {
  checkboxField,
  optionalHttpUrl,
  optionalText,
  requiredText,
  slugField,
} from "../admin/schema-fields.ts";

const { fields } = postsAdminCopy;
export const POST_CONTENT_MAX_LENGTH = 20_000;
export const DEFAULT_POST_AUTHOR = "Equipe Agentes FX";

/** The "Criar Novo Post" and "Editar Post" forms (docs/product.md sections 2 and 5). */
export const postFormSchema = z.object({
  title: requiredText(fields.title, 200),
  slug: slugField(fields.slug),
  excerpt: optionalText(fields.excerpt, 500),
  content: requiredText(fields.content, POST_CONTENT_MAX_LENGTH),
  featuredImageUrl: optionalHttpUrl(fields.imageUrl),
  category: z.enum(postCategories, { error: validationCopy.categoryInvalid }),
  author: requiredText(fields.author, 120),
  isPublished: checkboxField,
  // Issue 21: announce the (published) post to the newsletter; never stored with the post.
  notifySubscribers: checkboxField,
});

export type PostInput = z.output<typeof postFormSchema>;
