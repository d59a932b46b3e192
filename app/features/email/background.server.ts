// The process's e-mail worker, started by server.ts after the database opens and stopped
// before it closes.
import { getDb } from "../../platform/db/db.server.ts";
import { getEnv } from "../../platform/http/env.server.ts";
import { requestsInFlight } from "../../platform/http/requests-in-flight.server.ts";
import { getSiteConfig } from "../../lib/site-config.server.ts";
import { startOutboxWorker, type OutboxWorker } from "./outbox.server.ts";
import {
  assertMailTransportConfigured,
  createTransport,
} from "../../platform/mail/transport.server.ts";

let worker: OutboxWorker | undefined;

// Requests being answered at once from which the server counts as busy: a quiet site has
// none or one at a time (docs/decisions/109).
const BUSY_REQUESTS = 4;

export async function startEmailWorker(): Promise<void> {
  const env = getEnv();
  assertMailTransportConfigured(env);
  if (worker) return;
  const db = await getDb();
  const { siteUrl, contactEmail } = getSiteConfig();
  worker = startOutboxWorker({
    db,
    transport: createTransport(env, db),
    render: { siteUrl, contactEmail },
    messageIdDomain: new URL(siteUrl).hostname,
    retryBaseMs: env.EMAIL_RETRY_BASE_MS,
    leaseMs: env.EMAIL_LEASE_MS,
    busy: () => requestsInFlight() >= BUSY_REQUESTS,
  });
}

export async function stopEmailWorker(): Promise<void> {
  const current = worker;
  worker = undefined;
  await current?.stop();
}
