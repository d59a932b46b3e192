import http from "node:http";
import type { AddressInfo } from "node:net";
import { applyStoredPix } from "../../app/features/orders/pix-inbox.server.ts";
import { receivePspCallback } from "../../app/features/sales/psp-callbacks.server.ts";
import { TEST_WEBHOOK_SECRET } from "./local-psp.ts";

/**
 * Our end of the PSP's callbacks for integration tests, over real HTTP for the local PSP to
 * post to: each is received as the server receives it (receivePspCallback), and a Pix is then
 * applied by the worker's turn (applyStoredPix) before the answer, so a settled delivery is an
 * applied one. `clock` is the instant they are received and applied at.
 */
export async function startCallbackReceiver(clock: () => Date = () => new Date()): Promise<{
  /** The URL the PSP is given (its callbacks add /pix, /rec, /cobr). */
  webhookBase: string;
  close: () => Promise<void>;
}> {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const [, secret = "", kind = ""] =
        /^\/webhooks\/pix\/([^/]+)\/([^/]+)$/.exec(req.url ?? "") ?? [];
      void (async () => {
        const body = Buffer.concat(chunks).toString();
        const { status } = await receivePspCallback(kind, secret, body, clock());
        if (kind === "pix") await applyStoredPix(clock());
        res.writeHead(status);
        res.end();
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    webhookBase: `http://127.0.0.1:${port}/webhooks/pix/${TEST_WEBHOOK_SECRET}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
