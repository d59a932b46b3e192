// A session opened by an e-mailed link (docs/decisions/086, reused by the customer area in
// 185): the link works once, within its hour, and its POST opens a 1-hour session in that
// browser, an HttpOnly cookie holding another token whose hash is an email_tokens row.
import { and, eq, sql } from "drizzle-orm";
import { createCookie, data, redirect } from "react-router";
import { emailTokens } from "../../../db/schema.ts";
import { getDb } from "../../platform/db/db.server.ts";
import { rowsOf } from "../../platform/db/rows.ts";
import { getSiteConfig } from "../../lib/site-config.server.ts";
import {
  hashToken,
  isWellFormedToken,
  linkTokenState,
  newToken,
  tokenStatus,
  type TokenState,
} from "../email/tokens.server.ts";
import type { EmailTokenPurpose } from "./model.ts";

const SESSION_SECONDS = 60 * 60;

export interface LinkSessionOptions {
  /** The e-mailed link's purpose, and the session's. */
  link: EmailTokenPurpose;
  session: EmailTokenPurpose;
  cookieName: string;
  /** The pages the cookie is sent to. */
  path: string;
}

export type OpenOutcome =
  { state: "opened"; setCookie: string } | { state: Exclude<TokenState, "valid"> };

export function linkSession({ link, session, cookieName, path }: LinkSessionOptions) {
  const cookie = () =>
    createCookie(cookieName, {
      httpOnly: true,
      sameSite: "strict",
      path,
      secure: getSiteConfig().siteUrl.startsWith("https:"),
      maxAge: SESSION_SECONDS,
    });

  const linkState = (token: string) => linkTokenState(token, link);

  /** Spends the link (once, within its hour): the Set-Cookie header, or why not. */
  async function open(token: string): Promise<OpenOutcome> {
    if (!isWellFormedToken(token)) return { state: "not-found" };
    const opened = newToken();
    const db = await getDb();
    const rows = await db.execute(sql`
      with spent as (
        update email_tokens set used_at = now()
        where token_hash = ${hashToken(token)} and purpose = ${link}
          and used_at is null and expires_at > now()
        returning waitlist_id
      )
      insert into email_tokens (token_hash, purpose, waitlist_id, expires_at)
      select ${opened.hash}, ${session}, waitlist_id,
        now() + ${SESSION_SECONDS} * interval '1 second'
      from spent
      returning waitlist_id`);
    if (rowsOf(rows).length > 0) {
      return { state: "opened", setCookie: await cookie().serialize(opened.token) };
    }
    const state = await linkState(token);
    return { state: state === "valid" ? "gone" : state };
  }

  return {
    linkState,

    /**
     * The GET of the page the e-mailed link opens: its button while the link is valid (mail
     * scanners follow links, so a GET never spends it); unknown or malformed 404, spent 410.
     */
    async linkPage(token: string) {
      const state = await linkState(token);
      return data({ state }, { status: tokenStatus[state] });
    },

    /** The button's POST: spends the link and opens `panel` in this browser, or says why not. */
    async spendLink(token: string, panel: string) {
      const opened = await open(token);
      if (opened.state === "opened") {
        return redirect(panel, { status: 303, headers: { "Set-Cookie": opened.setCookie } });
      }
      return data({ state: opened.state }, { status: tokenStatus[opened.state] });
    },

    /** The Set-Cookie header that ends the session in the browser. */
    endCookie: () => cookie().serialize("", { maxAge: 0 }),

    /** The waitlist entry of the request's live session, if any. */
    async entryId(request: Request): Promise<string | null> {
      const token: unknown = await cookie().parse(request.headers.get("Cookie"));
      if (typeof token !== "string" || !isWellFormedToken(token)) return null;
      const db = await getDb();
      const [row] = await db
        .select({ waitlistId: emailTokens.waitlistId })
        .from(emailTokens)
        .where(
          and(
            eq(emailTokens.tokenHash, hashToken(token)),
            eq(emailTokens.purpose, session),
            sql`${emailTokens.expiresAt} > now()`,
          ),
        );
      return row?.waitlistId ?? null;
    },
  };
}
