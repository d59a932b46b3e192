// Sends what the outbox holds, as the worker would, for integration tests: every due message,
// through the registry, to a real SMTP server (tests/support/smtp-server.ts) unless another
// transport is given. Link tokens exist only in the sent messages (docs/decisions/113), so
// tests read them from there.
import type { ParsedMail } from "mailparser";
import { getDb } from "../../app/platform/db/db.server.ts";
import { processDueMessages, type WorkerOptions } from "../../app/platform/jobs/worker.server.ts";
import { linkRequestKey } from "../../app/platform/jobs/enqueue.server.ts";
import type { MessageDefinition } from "../../app/platform/jobs/registry.ts";
import { rateLimits } from "../../db/schema.ts";
import { eq } from "drizzle-orm";
import { smtpTransport } from "../../app/platform/mail/transport.server.ts";
import { registry } from "../../app/registry.server.ts";
import type { TestSmtpServer } from "./smtp-server.ts";

export const testSite = "https://agentesfx.com.br";

export async function workerOptions(
  smtp: Pick<TestSmtpServer, "url">,
  overrides: Partial<WorkerOptions> = {},
): Promise<WorkerOptions> {
  return {
    db: await getDb(),
    registry,
    transport: smtpTransport(smtp.url, "Agentes FX <nao-responda@agentesfx.com.br>"),
    context: { siteUrl: testSite, contactEmail: "suporte@agentesfx.com.br" },
    messageIdDomain: "agentesfx.com.br",
    retryBaseMs: 0,
    ...overrides,
  };
}

/** Sends until nothing is due (retries without backoff are due at once). */
export async function deliverQueued(
  smtp: Pick<TestSmtpServer, "url">,
  overrides: Partial<WorkerOptions> = {},
): Promise<void> {
  const options = await workerOptions(smtp, overrides);
  try {
    while ((await processDueMessages(options)) > 0);
  } finally {
    options.transport.close();
  }
}

export function messagesTo(smtp: TestSmtpServer, email: string): ParsedMail[] {
  return smtp.messages.filter(
    (mail) => mail.to && !Array.isArray(mail.to) && mail.to.value[0]?.address === email,
  );
}

/**
 * Delivers what is queued, then answers the tokens of the links to `path` (`/confirmar`, ...)
 * in the messages `email` received, oldest first.
 */
export async function linkTokens(
  smtp: TestSmtpServer,
  email: string,
  path: string,
): Promise<string[]> {
  await deliverQueued(smtp);
  const pattern = new RegExp(`${testSite}${path}/([A-Za-z0-9_-]{43})`, "g");
  return messagesTo(smtp, email).flatMap((mail) =>
    [...(mail.text ?? "").matchAll(pattern)].map((match) => match[1]!),
  );
}

/**
 * The requests for links of this kind counted today for an address, listed or not (its
 * rate_limits row, docs/decisions/225); 0 when none.
 */
export async function linkRequestsCounted(
  message: Pick<MessageDefinition, "name">,
  email: string,
): Promise<number> {
  const db = await getDb();
  const [row] = await db
    .select({ count: rateLimits.count })
    .from(rateLimits)
    .where(eq(rateLimits.key, linkRequestKey(message, email)));
  return row?.count ?? 0;
}
