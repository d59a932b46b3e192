import { randomBytes } from "node:crypto";
import type { ReceivedPix } from "./psp.ts";
import type { OperationHandler, PspContext } from "./operations.ts";
import { problem } from "./operations.ts";

// The local PSP's refunds (`PUT`/`GET /pix/{e2eid}/devolucao/{id}`, docs/decisions/366): within
// what the Pix has left, answered as the test says (returned at once, processing until a
// webhook settles it, or not made with a reason), the settled refund then posted to the
// webhook inside its Pix's `devolucoes`, as the contract's callback carries it.

export interface Refund {
  id: string;
  rtrId: string;
  valor: string;
  horario: { solicitacao: string; liquidacao?: string };
  status: "EM_PROCESSAMENTO" | "DEVOLVIDO" | "NAO_REALIZADO";
  motivo?: string;
}

/** How the PSP settles the refunds asked of it. */
export type RefundMode =
  { kind: "done" } | { kind: "processing"; then: "done" | "failed"; ms: number; motivo?: string };

const cents = (text: string) => Number(text.replace(".", ""));

export function refunds(context: PspContext, chave: () => string | undefined) {
  let mode: RefundMode = { kind: "done" };
  const timers = new Set<NodeJS.Timeout>();

  function settleLater(
    pix: ReceivedPix,
    refund: Refund,
    next: RefundMode & { kind: "processing" },
  ) {
    const timer = setTimeout(() => {
      timers.delete(timer);
      refund.status = next.then === "done" ? "DEVOLVIDO" : "NAO_REALIZADO";
      if (next.then === "done") refund.horario.liquidacao = new Date().toISOString();
      else refund.motivo = next.motivo ?? "Conta do pagador encerrada";
      const key = chave();
      if (key) context.notify(key, pix);
    }, next.ms);
    timers.add(timer);
  }

  const handle: OperationHandler = (method, params, input, now) => {
    const pix = context.received.find((item) => item.endToEndId === params.e2eid);
    if (!pix) return { status: 404, body: problem(404, "PixNaoEncontrado", "e2eid") };
    const list = (pix.devolucoes ??= []);
    const existing = list.find((refund) => refund.id === params.id);
    if (method === "GET") {
      return existing
        ? { status: 200, body: existing }
        : { status: 404, body: problem(404, "DevolucaoNaoEncontrada", "id") };
    }
    if (existing) return { status: 201, body: existing };
    const asked = cents(String(input.valor));
    const done = list
      .filter((refund) => refund.status !== "NAO_REALIZADO")
      .reduce((sum, refund) => sum + cents(refund.valor), 0);
    if (asked + done > cents(pix.valor)) {
      return {
        status: 400,
        body: problem(400, "DevolucaoOperacaoInvalida", "valor acima do disponível"),
      };
    }
    const stamp = now.toISOString();
    const refund: Refund = {
      id: params.id!,
      rtrId: `D12345678${stamp.replace(/\D/g, "").slice(0, 12)}${randomBytes(6).toString("hex").slice(0, 11)}`,
      valor: String(input.valor),
      horario: { solicitacao: stamp, ...(mode.kind === "done" ? { liquidacao: stamp } : {}) },
      status: mode.kind === "done" ? "DEVOLVIDO" : "EM_PROCESSAMENTO",
    };
    list.push(refund);
    if (mode.kind === "processing") settleLater(pix, refund, mode);
    return { status: 201, body: refund };
  };

  return {
    handle,
    setMode(next: RefundMode) {
      mode = next;
    },
    close() {
      for (const timer of timers) clearTimeout(timer);
    },
  };
}
