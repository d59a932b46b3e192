import type { RouterContextProvider } from "react-router";
import { adminCopy } from "../../content/admin.ts";
import { getAdminSession } from "../../lib/auth.server.ts";
import { readForm } from "../../lib/read-form.server.ts";
import { clientIpContext } from "../../lib/request-context.ts";
import { login, logout } from "../auth/login.server.ts";
import { createPostAction, updatePostAction } from "../posts/admin-actions.server.ts";
import { listPostsForAdmin } from "../posts/queries.server.ts";
import { updateRobotAction } from "../robots/admin-actions.server.ts";
import { listRobots } from "../robots/queries.server.ts";
import { setWaitlistStatusAction } from "../waitlist/admin-actions.server.ts";
import { listWaitlistEntries } from "../waitlist/queries.server.ts";
import { actionFailed } from "./action-result.server.ts";
import { adminIntents } from "./intents.ts";
import { type AdminTab, parseAdminTab } from "./tabs.ts";

// Request bodies are at most 64 KB (DESIGN.md decision 3); server/body-limit.ts enforces it
// first, this keeps the action safe wherever it runs.
const ADMIN_FORM_MAX_BYTES = 64 * 1024;

async function loadPanel(tab: AdminTab) {
  switch (tab) {
    case "robos":
      return { tab, robots: await listRobots() } as const;
    case "blog":
      return { tab, posts: await listPostsForAdmin() } as const;
    default:
      return { tab, entries: await listWaitlistEntries() } as const;
  }
}

/**
 * The /admin page's data: the login without a session (and nothing else), otherwise the
 * admin's e-mail and the data of the tab in the URL only.
 */
export async function loadAdminPage(request: Request) {
  const session = await getAdminSession(request);
  if (!session) return { view: "login" as const };
  const tab = parseAdminTab(new URL(request.url).searchParams.get("tab"));
  return { view: "admin" as const, email: session.email, panel: await loadPanel(tab) };
}

/**
 * Every admin mutation; all but login and logout need an admin session. A body that is not
 * a readable form answers 415/413/400 before anything else. Without a session the
 * answer is a 401 that is returned, not thrown (unlike `requireAdmin`): the page shows
 * the reason in a toast and goes back to the login, and React Router never aborts the
 * fetcher mid-answer, which a thrown error can make it do.
 */
export async function handleAdminAction(
  request: Request,
  context: Readonly<RouterContextProvider>,
) {
  const read = await readForm(request, ADMIN_FORM_MAX_BYTES);
  if (!read.ok) return actionFailed("", read.status, read.message);
  const { form } = read;
  const intent = String(form.get("intent") ?? "");
  if (intent === adminIntents.login) return login(request, form, context.get(clientIpContext));
  if (intent === adminIntents.logout) return logout(request);
  if (!(await getAdminSession(request))) {
    return actionFailed(intent, 401, adminCopy.sessionExpired, { sessionExpired: true });
  }
  switch (intent) {
    case adminIntents.setWaitlistStatus:
      return setWaitlistStatusAction(form);
    case adminIntents.updateRobot:
      return updateRobotAction(form);
    case adminIntents.createPost:
      return createPostAction(form);
    case adminIntents.updatePost:
      return updatePostAction(form);
    default:
      return actionFailed(intent, 400, adminCopy.unknownAction);
  }
}
