import { postsAdminCopy } from "../../content/admin.ts";
import { parseForm } from "../../lib/parse-form.ts";
import type { FormEntries } from "../../lib/read-form.server.ts";
import { actionFailed, actionOk } from "../admin/action-result.server.ts";
import { adminIntents } from "../admin/intents.ts";
import { rowId } from "../admin/schema-fields.ts";
import { createPost, type PostWriteResult, updatePost } from "./queries.server.ts";
import { postFormSchema } from "./schema.ts";

function answer(intent: string, result: PostWriteResult) {
  if (result.ok) return actionOk(intent);
  return result.reason === "duplicate-slug"
    ? actionFailed(intent, 409, postsAdminCopy.duplicateSlug, {
        fieldErrors: { slug: postsAdminCopy.duplicateSlug },
      })
    : actionFailed(intent, 404, postsAdminCopy.notFound);
}

/** "Criar Novo Post" -> "Criar Post" (the caller checked the session). */
export async function createPostAction(form: FormEntries) {
  const intent = adminIntents.createPost;
  const parsed = parseForm(postFormSchema, form);
  if (!parsed.success) {
    return actionFailed(intent, 400, parsed.error, { fieldErrors: parsed.fieldErrors });
  }
  return answer(intent, await createPost(parsed.data));
}

/** "Editar Post" -> "Salvar Alterações" (the caller checked the session). */
export async function updatePostAction(form: FormEntries) {
  const intent = adminIntents.updatePost;
  const id = rowId.safeParse(form.get("id"));
  if (!id.success) return actionFailed(intent, 404, postsAdminCopy.notFound);
  const parsed = parseForm(postFormSchema, form);
  if (!parsed.success) {
    return actionFailed(intent, 400, parsed.error, { fieldErrors: parsed.fieldErrors });
  }
  return answer(intent, await updatePost(id.data, parsed.data));
}
