import type { FieldErrors } from "../../lib/parse-form.ts";

// Every admin mutation posts to the /admin route's action with one of these intents, so
// React Router's Origin check covers all of them (docs/decisions/032-admin-routes.md).
export const adminIntents = {
  login: "login",
  logout: "logout",
  setWaitlistStatus: "set-waitlist-status",
  updateRobot: "update-robot",
  createPost: "create-post",
  updatePost: "update-post",
} as const;

export type AdminIntent = (typeof adminIntents)[keyof typeof adminIntents];

export type AdminActionResult =
  | { intent: string; ok: true }
  | {
      intent: string;
      ok: false;
      error: string;
      fieldErrors?: FieldErrors;
      email?: string;
      /** The action was refused for want of a session (401): the page should show the login. */
      sessionExpired?: true;
    };
