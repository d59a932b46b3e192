import { postsAdminCopy } from "../../content/admin.ts";
import { postContentTooComplexMessage } from "../../content/post-render.ts";
import { parseForm } from "../../lib/parse-form.ts";
import type { FormEntries } from "../../lib/read-form.server.ts";
import { actionFailed, actionOk } from "../admin/action-result.server.ts";
import { adminIntents } from "../admin/intents.ts";
import { rowId } from "../admin/schema-fields.ts";
import { renderPostHtml } from "./markdown.server.ts";
import { createPost, type PostWrite, type PostWriteResult, updatePost } from "./queries.server.ts";
import { postFormSchema } from "./schema.ts";

function answer(intent: string, result: PostWriteResult) {
  if (result.ok) return actionOk(intent);
  return result.reason === "duplicate-slug"
    ? actionFailed(intent, 409, postsAdminCopy.duplicateSlug, {
        fieldErrors: { slug: postsAdminCopy.duplicateSlug },
      })
    : actionFailed(intent, 404, postsAdminCopy.notFound);
}

/** The form's post with its content rendered, or the refusal to answer (decision 058). */
function readPost(intent: string, form: FormEntries) {
  const parsed = parseForm(postFormSchema, form);
  if (!parsed.success) {
    return {
      refused: actionFailed(intent, 400, parsed.error, { fieldErrors: parsed.fieldErrors }),
    };
  }
  const rendered = renderPostHtml(parsed.data.content);
  if (!rendered.ok) {
    return {
      refused: actionFailed(intent, 400, postContentTooComplexMessage, {
        fieldErrors: { content: postContentTooComplexMessage },
      }),
    };
  }
  const post: PostWrite = { ...parsed.data, contentHtml: rendered.html };
  return { post };
}

/** "Criar Novo Post" -> "Criar Post" (the caller checked the session). */
export async function createPostAction(form: FormEntries) {
  const intent = adminIntents.createPost;
  const { post, refused } = readPost(intent, form);
  if (!post) return refused;
  return answer(intent, await createPost(post));
}

/** "Editar Post" -> "Salvar Alterações" (the caller checked the session). */
export async function updatePostAction(form: FormEntries) {
  const intent = adminIntents.updatePost;
  const id = rowId.safeParse(form.get("id"));
  if (!id.success) return actionFailed(intent, 404, postsAdminCopy.notFound);
  const { post, refused } = readPost(intent, form);
  if (!post) return refused;
  return answer(intent, await updatePost(id.data, post));
}
