// Issue 37: the API Pix (docs/decisions/352-353): what the payer's bank shows with the charge,
// what the order page says while it waits for the PSP, and the reasons a received Pix waits
// for staff ("a resolver").
import type { PixUnresolvedReason } from "../features/orders/model.ts";

export const pixChargeCopy = {
  /** `solicitacaoPagador`: shown by the payer's bank app beside the amount. */
  payerMessage: (reference: string) => `Agentes FX, pedido ${reference}`,
  renewalPayerMessage: (reference: string) => `Agentes FX, mensalidade ${reference}`,
  autoConfirm:
    "Pagamento por este QR code é confirmado automaticamente em segundos; esta página se atualiza sozinha.",
} as const;

export const pixUnresolvedCopy = {
  title: "PIX a resolver",
  help: "PIX recebidos pelo PSP que nenhum pedido aceitou. O dinheiro está na conta: confira e resolva com a pessoa (devolução ou pagamento à mão).",
  line: (endToEndId: string, order: string) => `endToEndId ${endToEndId} · ${order}`,
  noTxid: "sem txid",
  stuck: (count: number, since: string) =>
    count === 1
      ? `1 PIX recebido pelo PSP desde ${since} ainda não foi aplicado. O sistema tenta de novo sozinho; se continuar, verifique o worker.`
      : `${count} PIX recebidos pelo PSP desde ${since} ainda não foram aplicados. O sistema tenta de novo sozinho; se continuar, verifique o worker.`,
  lastError: (error: string) => `Último erro: ${error}`,
} as const;

export const pixUnresolvedReasonLabels: Record<PixUnresolvedReason, string> = {
  "unknown-txid": "PIX sem cobrança conhecida (txid desconhecido)",
  "wrong-amount": "valor diferente do cobrado",
  "paid-after-expiry": "pago depois do vencimento da cobrança",
  "already-paid": "pedido já estava pago (pagamento em duplicidade)",
  "order-not-payable": "pedido não aguarda mais pagamento (expirado, cancelado ou reembolsado)",
  "conflicting-repeat": "o PSP repetiu o endToEndId com dados diferentes",
};

/** Why the PSP refused our API Pix token, as staff read it (docs/decisions/369). */
export const pixTokenRefusal = (status: number) =>
  status === 401
    ? "O PSP recusou as credenciais da API Pix (HTTP 401): confira PIX_API_CLIENT_ID, PIX_API_CLIENT_SECRET e o certificado. Enquanto isso, os pedidos e renovações usam o PIX estático e a importação do extrato."
    : `O PSP recusou o pedido de token da API Pix (HTTP ${status}): confira as credenciais e as permissões (escopos) da aplicação no PSP. Enquanto isso, os pedidos e renovações usam o PIX estático e a importação do extrato.`;

export const providerStatusCopy = {
  title: "Credenciais dos provedores de pagamento",
  since: (date: string) => `Desde ${date}.`,
  providerNames: { "api-pix": "API Pix" } as Record<string, string>,
} as const;
