import type { OperationHandler, PspContext } from "./operations.ts";
import { problem } from "./operations.ts";

// The local PSP's due-date charges (`PUT`/`GET /cobv/{txid}`, docs/decisions/365): kept as the
// contract's CobVGerada, with the payer, the due date, and the fine and interest asked.

export interface CobV {
  calendario: { criacao: string; dataDeVencimento: string; validadeAposVencimento: number };
  txid: string;
  revisao: number;
  loc: { id: number; txid: string; location: string; tipoCob: "cobv"; criacao: string };
  location: string;
  status: "ATIVA" | "CONCLUIDA" | "REMOVIDA_PELO_USUARIO_RECEBEDOR" | "REMOVIDA_PELO_PSP";
  devedor: { cpf?: string; cnpj?: string; nome: string };
  recebedor: Record<string, string>;
  valor: {
    original: string;
    multa?: { modalidade: number; valorPerc: string };
    juros?: { modalidade: number; valorPerc: string };
  };
  chave: string;
  solicitacaoPagador?: string;
  pixCopiaECola: string;
}

/** The PSP's own registered details, as a due-date charge names its receiver. */
const RECEIVER = {
  cnpj: "12345678000195",
  nome: "Agentes FX",
  logradouro: "Avenida Paulista, 1000",
  cidade: "São Paulo",
  uf: "SP",
  cep: "01310100",
};

/**
 * The charge as answered. The contract's DadosRecebedor also lists the address as required
 * beside `recebedor` (a slip of 2.9.0): sent there too so the answer passes it.
 */
function answerOf(cobv: CobV) {
  const { logradouro, cidade, uf, cep } = RECEIVER;
  return { ...cobv, logradouro, cidade, uf, cep };
}

export function dueCharges(context: PspContext) {
  const cobvs = new Map<string, CobV>();
  const handle: OperationHandler = (method, params, input, now) => {
    const txid = params.txid!;
    if (method === "GET") {
      const cobv = cobvs.get(txid);
      if (!cobv) return { status: 404, body: problem(404, "CobVNaoEncontrada", txid) };
      const pix = context.received.filter((item) => item.txid === txid);
      return { status: 200, body: { ...answerOf(cobv), ...(pix.length ? { pix } : {}) } };
    }
    if (method !== "PUT") {
      return {
        status: 404,
        body: problem(404, "NaoEncontrado", `${method} /cobv: não implementado`),
      };
    }
    if (cobvs.has(txid)) {
      return {
        status: 400,
        body: problem(400, "CobVOperacaoInvalida", `txid ${txid} já utilizado`),
      };
    }
    const request = input as Pick<CobV, "devedor" | "valor" | "chave" | "solicitacaoPagador"> & {
      calendario: { dataDeVencimento: string; validadeAposVencimento?: number };
    };
    const { id, location } = context.newLocation();
    const cobv: CobV = {
      calendario: {
        criacao: now.toISOString(),
        dataDeVencimento: request.calendario.dataDeVencimento,
        validadeAposVencimento: request.calendario.validadeAposVencimento ?? 30,
      },
      txid,
      revisao: 0,
      loc: { id, txid, location, tipoCob: "cobv", criacao: now.toISOString() },
      location,
      status: "ATIVA",
      devedor: request.devedor,
      recebedor: RECEIVER,
      valor: request.valor,
      chave: request.chave,
      ...(request.solicitacaoPagador ? { solicitacaoPagador: request.solicitacaoPagador } : {}),
      pixCopiaECola: context.brCode(location),
    };
    cobvs.set(txid, cobv);
    return { status: 201, body: answerOf(cobv) };
  };
  return {
    handle,
    charge: (txid: string) => cobvs.get(txid),
  };
}
