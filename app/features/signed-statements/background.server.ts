// The statement receiver of this process, when STATEMENT_SMTP_PORT is set (one process per
// host should set it: the port is not shared).
import { getEnv } from "../../platform/http/env.server.ts";
import { dkimResolver } from "./dkim.server.ts";
import { startStatementReceiver, type StatementReceiver } from "./receiver.server.ts";

let receiver: StatementReceiver | undefined;

/** The domain of the inboxes' addresses: STATEMENT_MAIL_DOMAIN, or extratos.<site's domain>. */
export function statementMailDomain(): string {
  const env = getEnv();
  return env.STATEMENT_MAIL_DOMAIN ?? `extratos.${new URL(env.SITE_URL).hostname}`;
}

/** Whether this deployment receives statements (staff are told when it does not). */
export const statementReceiverConfigured = () => getEnv().STATEMENT_SMTP_PORT !== undefined;

export async function startStatementReceiverIfConfigured(): Promise<void> {
  const { STATEMENT_SMTP_PORT, STATEMENT_SMTP_HOST, DKIM_DNS_SERVERS } = getEnv();
  if (STATEMENT_SMTP_PORT === undefined || receiver) return;
  receiver = await startStatementReceiver({
    port: STATEMENT_SMTP_PORT,
    host: STATEMENT_SMTP_HOST,
    domain: statementMailDomain(),
    resolver: dkimResolver(DKIM_DNS_SERVERS),
  });
}

export async function stopStatementReceiver(): Promise<void> {
  const current = receiver;
  receiver = undefined;
  await current?.close();
}
