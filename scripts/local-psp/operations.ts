import type { ReceivedPix } from "./psp.ts";

// What the local PSP's operations kept in files of their own (cobv.ts, devolucao.ts) share
// with psp.ts: its received Pix, its webhook, its BR Codes, and the problem answer.

export interface PspContext {
  received: ReceivedPix[];
  /** Sends a Pix's webhook to the key's URL, as the webhook mode says. */
  notify(chave: string, pix: ReceivedPix): void;
  /** A new location on the PSP's host (no scheme, as the contract writes it). */
  newLocation(): { id: number; location: string };
  brCode(location: string): string;
}

export interface PspAnswer {
  status: number;
  body?: unknown;
}

export type OperationHandler = (
  method: string,
  params: Record<string, string>,
  input: Record<string, unknown>,
  now: Date,
) => PspAnswer;

export function problem(status: number, title: string, detail: string, violacoes?: unknown[]) {
  return {
    type: `https://pix.bcb.gov.br/api/v2/error/${title.replace(/\s/g, "")}`,
    title,
    status,
    detail,
    ...(violacoes && violacoes.length > 0 ? { violacoes } : {}),
  };
}
