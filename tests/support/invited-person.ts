import { createHash } from "node:crypto";
import type pg from "pg";

/**
 * A confirmed person invited to YenMax (47 hours left) whose invitation opens with `token`,
 * as the e-mailed link would: what an order's end-to-end tests start from.
 */
export async function seedInvitedPerson(
  pool: pg.Pool,
  person: { name: string; email: string; token: string; invitedBy?: string; sentAgo?: string },
): Promise<void> {
  const {
    rows: [entry],
  } = await pool.query<{ id: string }>(
    `insert into waitlist (name, email, interested_agents, terms_accepted_at, confirmed_at, status)
     values ($1, $2, '{yenmax}', now(), now(), 'contacted') returning id`,
    [person.name, person.email],
  );
  const {
    rows: [invitation],
  } = await pool.query<{ id: string }>(
    `insert into invitations (waitlist_id, robot_id, invited_by, sent_at, deadline)
     select $1, id, $2, now() - $3::interval, now() + interval '47 hours'
     from robots where key = 'yenmax' returning id`,
    [entry!.id, person.invitedBy ?? "e2e", person.sentAgo ?? "0 seconds"],
  );
  await pool.query(`insert into invitation_tokens (token_hash, invitation_id) values ($1, $2)`, [
    createHash("sha256").update(person.token).digest("hex"),
    invitation!.id,
  ]);
}
