import { postsAdminCopy } from "../../content/admin.ts";
import { postContentTooComplexMessage } from "../../content/post-render.ts";
import { parseForm } from "../../platform/http/parse-form.ts";
import type { FormEntries } from "../../platform/http/read-form.server.ts";
import { actionFailed, actionOk } from "../admin/action-result.server.ts";
import { rowId } from "../admin/schema-fields.ts";
import { announcePost } from "../campaigns/announce.server.ts";
import { createPost, type PostWrite, type PostWriteResult, updatePost } from "./queries.server.ts";
import { postFormSchema } from "./schema.ts";

function answer(result: PostWriteResult) {
  if (result.ok) return actionOk();
  return result.reason === "duplicate-slug"
    ? actionFailed(409, postsAdminCopy.duplicateSlug, {
        fieldErrors: { slug: postsAdminCopy.duplicateSlug },
      })
    : actionFailed(404, postsAdminCopy.notFound);
}

/** The form's post with its content rendered, or the refusal to answer (decision 058). */
async function readPost(form: FormEntries) {
  const parsed = parseForm(postFormSchema, form);
  if (!parsed.success) {
    return {
      refused: actionFailed(400, parsed.error, { fieldErrors: parsed.fieldErrors }),
    };
  }
  // The Markdown renderer (marked, sanitize-html) loads with the first post saved, not with
  // the server (docs/decisions/111).
  const { renderPostHtml } = await import("./markdown.server.ts");
  const rendered = await renderPostHtml(parsed.data.content);
  if (!rendered.ok) {
    return {
      refused: actionFailed(400, postContentTooComplexMessage, {
        fieldErrors: { content: postContentTooComplexMessage },
      }),
    };
  }
  const { notifySubscribers: notify, ...fields } = parsed.data;
  const post: PostWrite = { ...fields, contentHtml: rendered.html };
  return { post, notify };
}

/** With "Enviar aos assinantes" ticked, a published post starts its announcement. */
async function announced(
  result: PostWriteResult,
  post: PostWrite,
  notify: boolean,
  staffEmail: string,
) {
  if (result.ok && notify && post.isPublished) {
    await announcePost(result.id, staffEmail);
  }
  return answer(result);
}

/** "Criar Novo Post" -> "Criar Post" (the admin layout checked the session). */
export async function createPostAction(form: FormEntries, staffEmail: string) {
  const { post, notify, refused } = await readPost(form);
  if (!post) return refused;
  return announced(await createPost(post), post, notify, staffEmail);
}

/** "Editar Post" -> "Salvar Alterações" (the admin layout checked the session). */
export async function updatePostAction(form: FormEntries, staffEmail: string) {
  const id = rowId.safeParse(form.get("id"));
  if (!id.success) return actionFailed(404, postsAdminCopy.notFound);
  const { post, notify, refused } = await readPost(form);
  if (!post) return refused;
  return announced(await updatePost(id.data, post), post, notify, staffEmail);
}
