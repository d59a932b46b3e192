import type { RouterContextProvider } from "react-router";
import { adminCopy } from "../../content/admin.ts";
import { getAdminSession } from "../../lib/auth.server.ts";
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
 * Every admin mutation; all but login and logout need an admin session. Without one the
 * answer is a 401 that is returned, not thrown (unlike `requireAdmin`): the page shows
 * the reason in a toast and goes back to the login, and React Router never aborts the
 * fetcher mid-answer, which a thrown error can make it do.
 */
export async function handleAdminAction(
  request: Request,
  context: Readonly<RouterContextProvider>,
) {
  const form = await request.formData();
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
