// The bounce receiver of this process, when BOUNCE_SMTP_PORT is set (one process per host
// should set it: the port is not shared).
import { getEnv } from "../../platform/http/env.server.ts";
import { startBounceReceiver, type BounceReceiver } from "./receiver.server.ts";

let receiver: BounceReceiver | undefined;

export async function startBounceReceiverIfConfigured(): Promise<void> {
  const { BOUNCE_SMTP_PORT, BOUNCE_SMTP_HOST } = getEnv();
  if (BOUNCE_SMTP_PORT === undefined || receiver) return;
  receiver = await startBounceReceiver(BOUNCE_SMTP_PORT, BOUNCE_SMTP_HOST);
}

export async function stopBounceReceiver(): Promise<void> {
  const current = receiver;
  receiver = undefined;
  await current?.close();
}
