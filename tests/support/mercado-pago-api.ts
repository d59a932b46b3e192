import { createHmac } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

// A local HTTP server standing in for api.mercadopago.com at the network boundary: it answers
// the three calls the adapter makes (create a preference, update one, read a payment) from
// what the test put in it, and keeps every request it received.

export interface RecordedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface FakeMercadoPago {
  url: string;
  requests: RecordedRequest[];
  /** The payment GET /v1/payments/:id answers with (as the API's JSON). */
  setPayment(payment: Record<string, unknown> & { id: number }): void;
  /** Answer every call with this status instead (500, 503...), or null to stop. */
  failWith(status: number | null): void;
  close(): Promise<void>;
}

/** Mercado Pago's documented format of a preference's dates: yyyy-MM-dd'T'HH:mm:ss.SSSzzz. */
const PROVIDER_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}[+-]\d{2}:\d{2}$/;

/**
 * What a preference of ours must hold beyond the API's own rules: a term ("expires" with
 * both dates, as the documentation writes them, the end after the start) and return URLs that
 * carry no link token (a 43-character token, or an invitation or setup link).
 */
function preferenceProblem(body: string): string | null {
  const preference = JSON.parse(body) as {
    expires?: unknown;
    expiration_date_from?: unknown;
    expiration_date_to?: unknown;
    back_urls?: Record<string, unknown>;
  };
  const { expires, expiration_date_from: from, expiration_date_to: to } = preference;
  if (expires !== true) return "expires must be true";
  if (typeof from !== "string" || !PROVIDER_TIME.test(from)) return "bad expiration_date_from";
  if (typeof to !== "string" || !PROVIDER_TIME.test(to)) return "bad expiration_date_to";
  if (Date.parse(to) <= Date.parse(from)) return "expiration_date_to before expiration_date_from";
  for (const url of Object.values(preference.back_urls ?? {})) {
    if (typeof url !== "string" || /\/(convite|configurar)\/|[A-Za-z0-9_-]{43}/.test(url)) {
      return `back_url carries a secret: ${String(url)}`;
    }
  }
  return null;
}

export async function startFakeMercadoPago(): Promise<FakeMercadoPago> {
  const payments = new Map<string, Record<string, unknown>>();
  const requests: RecordedRequest[] = [];
  let failure: number | null = null;
  let preferences = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const path = req.url ?? "/";
      requests.push({ method: req.method ?? "GET", path, headers: req.headers, body });
      const send = (status: number, value: unknown) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(value));
      };
      if (failure !== null) return send(failure, { message: "unavailable" });
      if (req.method === "POST" && path === "/checkout/preferences") {
        const problem = preferenceProblem(body);
        if (problem) return send(400, { message: problem, error: "bad_request", status: 400 });
        preferences += 1;
        const id = `123-pref-${preferences}`;
        return send(201, {
          id,
          init_point: `https://www.mercadopago.com.br/checkout/v1/redirect?pref_id=${id}`,
        });
      }
      const preference = /^\/checkout\/preferences\/([^/]+)$/.exec(path);
      if (req.method === "PUT" && preference) {
        // "Atualizar preferência": only the preferences this server created exist.
        const id = decodeURIComponent(preference[1]!);
        if (!/^123-pref-(\d+)$/.test(id) || Number(id.slice(9)) > preferences) {
          return send(404, { message: "preference not found" });
        }
        const update = JSON.parse(body) as { expires?: unknown; expiration_date_to?: unknown };
        const to = update.expiration_date_to;
        if (update.expires !== true || typeof to !== "string" || !PROVIDER_TIME.test(to)) {
          return send(400, { message: "bad expiration_date_to", error: "bad_request" });
        }
        return send(200, { id, expires: true, expiration_date_to: to });
      }
      const match = /^\/v1\/payments\/(\d+)$/.exec(path);
      if (req.method === "GET" && match) {
        const payment = payments.get(match[1]!);
        return payment ? send(200, payment) : send(404, { message: "Payment not found" });
      }
      send(404, { message: "not found" });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    setPayment: (payment) => payments.set(String(payment.id), payment),
    failWith: (status) => {
      failure = status;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The x-signature header Mercado Pago sends, computed as its documentation describes. */
export function signNotification(input: {
  secret: string;
  dataId: string;
  requestId: string;
  ts: number;
}): string {
  const manifest = `id:${input.dataId.toLowerCase()};request-id:${input.requestId};ts:${input.ts};`;
  const v1 = createHmac("sha256", input.secret).update(manifest).digest("hex");
  return `ts=${input.ts},v1=${v1}`;
}
