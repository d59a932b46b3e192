import { adminCopy } from "../../content/admin.ts";
import { actionFailed } from "../../features/admin/action-result.server.ts";
import { ADMIN_FORM_MAX_BYTES } from "../../features/admin/form.server.ts";
import { postIntents } from "../../features/admin/intents.ts";
import { createPostAction, updatePostAction } from "../../features/posts/admin-actions.server.ts";
import { PostsPanel } from "../../features/posts/admin-panel.tsx";
import { listPostsForAdmin } from "../../features/posts/queries.server.ts";
import { readForm } from "../../platform/http/read-form.server.ts";
import { adminSessionContext } from "../../features/admin/guard.server.ts";
import type { Route } from "./+types/blog";

// /admin/blog: the posts, "Novo Post" and each post's edit dialog (the admin layout checks
// the session).

export async function loader() {
  return { posts: await listPostsForAdmin() };
}

export async function action({ request, context }: Route.ActionArgs) {
  const read = await readForm(request, ADMIN_FORM_MAX_BYTES);
  if (!read.ok) return actionFailed(read.status, read.message);
  const intent = read.form.get("intent");
  const staff = context.get(adminSessionContext).email;
  if (intent === postIntents.create) return createPostAction(read.form, staff);
  if (intent === postIntents.update) return updatePostAction(read.form, staff);
  return actionFailed(400, adminCopy.unknownAction);
}

export default function AdminBlogPage({ loaderData }: Route.ComponentProps) {
  return <PostsPanel posts={loaderData.posts} />;
}
