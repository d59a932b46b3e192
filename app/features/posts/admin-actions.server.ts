import { postsAdminCopy } from "../../content/admin.ts";
import { parseForm } from "../../lib/parse-form.ts";
import type { FormEntries } from "../../lib/read-form.server.ts";
import { actionFailed, actionOk } from "../admin/action-result.server.ts";
import { rowId } from "../admin/schema-fields.ts";
import { createPost, type PostWriteResult, updatePost } from "./queries.server.ts";
import { postFormSchema } from "./schema.ts";

function answer(result: PostWriteResult) {
  if (result.ok) return actionOk();
  return result.reason === "duplicate-slug"
    ? actionFailed(409, postsAdminCopy.duplicateSlug, {
        fieldErrors: { slug: postsAdminCopy.duplicateSlug },
      })
    : actionFailed(404, postsAdminCopy.notFound);
}

/** "Criar Novo Post" -> "Criar Post" (the admin layout checked the session). */
export async function createPostAction(form: FormEntries) {
  const parsed = parseForm(postFormSchema, form);
  if (!parsed.success) {
    return actionFailed(400, parsed.error, { fieldErrors: parsed.fieldErrors });
  }
  return answer(await createPost(parsed.data));
}

/** "Editar Post" -> "Salvar Alterações" (the admin layout checked the session). */
export async function updatePostAction(form: FormEntries) {
  const id = rowId.safeParse(form.get("id"));
  if (!id.success) return actionFailed(404, postsAdminCopy.notFound);
  const parsed = parseForm(postFormSchema, form);
  if (!parsed.success) {
    return actionFailed(400, parsed.error, { fieldErrors: parsed.fieldErrors });
  }
  return answer(await updatePost(id.data, parsed.data));
}
