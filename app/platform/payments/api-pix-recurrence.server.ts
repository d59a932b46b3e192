import { z } from "zod";
import { ApiPixClient, pixSchema } from "./api-pix.server.ts";

// Pix Automático over the API Pix (openapi.yaml 2.9.0, docs/decisions/355-357): a payload
// location (`POST /locrec`) and a recurrence on it (`POST /rec`) whose QR the payer reads to
// authorise (Jornada 2) or that pays an immediate charge and authorises at once (Jornada 3,
// docs/decisions/480), its state (`GET /rec/{idRec}`, the `webhookrec` callback), its
// cancellation (`PATCH /rec/{idRec}`), and each cycle's recurring charge (`PUT /cobr/{txid}`,
// `GET /cobr/{txid}`, retries by `POST /cobr/{txid}/retentativa/{data}`).

const amount = z.string().regex(/^\d{1,10}\.\d{2}$/);
const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const recStatuses = ["CRIADA", "APROVADA", "REJEITADA", "EXPIRADA", "CANCELADA"] as const;
export type RecStatus = (typeof recStatuses)[number];

const endingSchema = z
  .object({
    rejeicao: z.object({ codigo: z.string(), descricao: z.string() }).optional(),
    cancelamento: z
      .object({ solicitante: z.string(), codigo: z.string(), descricao: z.string() })
      .optional(),
  })
  .optional();

const recSchema = z.object({
  idRec: z.string().regex(/^[a-zA-Z0-9]{29}$/),
  status: z.enum(recStatuses),
  loc: z.object({ id: z.number().int(), location: z.string() }).optional(),
  encerramento: endingSchema,
  ativacao: z
    .object({
      tipoJornada: z.string(),
      dadosJornada: z.object({ txid: z.string() }).optional(),
    })
    .optional(),
  dadosQR: z.object({ jornada: z.string(), pixCopiaECola: z.string() }).optional(),
});
export type Rec = z.infer<typeof recSchema>;

export const cobrStatuses = [
  "CRIADA",
  "ATIVA",
  "CONCLUIDA",
  "EXPIRADA",
  "REJEITADA",
  "CANCELADA",
] as const;
export type CobrStatus = (typeof cobrStatuses)[number];

const attemptSchema = z.object({
  dataLiquidacao: z.string(),
  tipo: z.enum(["AGND", "NTAG", "RIFL"]),
  status: z.enum(["SOLICITADA", "AGENDADA", "PAGA", "CANCELADA", "REJEITADA", "EXPIRADA"]),
  endToEndId: z.string(),
});

const cobrSchema = z.object({
  idRec: z.string(),
  txid: z.string(),
  status: z.enum(cobrStatuses),
  valor: z.object({ original: amount }),
  tentativas: z.array(attemptSchema).optional(),
  pix: z.array(pixSchema).optional(),
});
export type Cobr = z.infer<typeof cobrSchema>;

/** The `webhookrec` callback's body (WebhookRecBody). */
export const recNotificationSchema = z.object({
  recs: z
    .array(z.object({ idRec: z.string(), status: z.enum(recStatuses), encerramento: endingSchema }))
    .min(1),
});

/** The `webhookcobr` callback's body (WebhookCobRBody). */
export const cobrNotificationSchema = z.object({
  cobsr: z
    .array(
      z.object({
        idRec: z.string(),
        txid: z.string(),
        status: z.enum(cobrStatuses),
        tentativas: z.array(attemptSchema).optional(),
        pix: z.array(pixSchema).optional(),
      }),
    )
    .min(1),
});

export interface NewRecurrence {
  /** The contract the payer recognises (our reference), at most 35 characters. */
  contract: string;
  /** What the payer sees the payments are for, at most 35 characters. */
  object: string;
  payer: { cpf: string; name: string };
  /** The first due date (YYYY-MM-DD). */
  firstDueDate: string;
  /** The ceiling we ask for ("190.00"): the payer's own maximum cannot be set below it. */
  ceiling: string;
  /** An immediate charge (txid) paid with the authorisation (Jornada 3). */
  firstChargeTxid?: string;
}

export interface NewRecurringCharge {
  idRec: string;
  dueDate: string;
  valor: string;
  info: string;
  account: {
    branch: string | undefined;
    number: string;
    type: "CORRENTE" | "POUPANCA" | "PAGAMENTO";
  };
}

function parsed<T>(schema: z.ZodType<T>, body: string): T {
  return schema.parse(JSON.parse(body));
}

/** POST /locrec then POST /rec: a recurrence awaiting the payer, with its location. */
export async function createRecurrence(client: ApiPixClient, input: NewRecurrence): Promise<Rec> {
  const location = await client.call("POST", "/locrec");
  if (location.status !== 201) throw ApiPixClient.refused(location);
  const { id } = parsed(z.object({ id: z.number().int() }), location.body);
  const answer = await client.call("POST", "/rec", {
    vinculo: {
      contrato: input.contract.slice(0, 35),
      objeto: input.object.slice(0, 35),
      devedor: { cpf: input.payer.cpf, nome: input.payer.name.slice(0, 140) },
    },
    calendario: { dataInicial: input.firstDueDate, periodicidade: "MENSAL" },
    valor: { valorMinimoRecebedor: input.ceiling },
    politicaRetentativa: "PERMITE_3R_7D",
    loc: id,
    ...(input.firstChargeTxid
      ? { ativacao: { dadosJornada: { txid: input.firstChargeTxid } } }
      : {}),
  });
  if (answer.status !== 201) throw ApiPixClient.refused(answer);
  return parsed(recSchema, answer.body);
}

/**
 * GET /rec/{idRec}: its state, and the QR the payer reads while it awaits them: the
 * recurrence's own (Jornada 2), or with `txid` of its linked immediate charge the composite QR
 * that pays that charge and authorises at once (Jornada 3, docs/decisions/480).
 */
export async function getRecurrence(
  client: ApiPixClient,
  idRec: string,
  txid?: string,
): Promise<Rec | null> {
  const query = txid === undefined ? "" : `?txid=${encodeURIComponent(txid)}`;
  const answer = await client.call("GET", `/rec/${encodeURIComponent(idRec)}${query}`);
  if (answer.status === 404) return null;
  if (answer.status !== 200) throw ApiPixClient.refused(answer);
  return parsed(recSchema, answer.body);
}

/** PATCH /rec/{idRec}: the receiver cancels; the PSP cancels its open charges with it. */
export async function cancelRecurrence(client: ApiPixClient, idRec: string): Promise<Rec> {
  const answer = await client.call("PATCH", `/rec/${encodeURIComponent(idRec)}`, {
    status: "CANCELADA",
  });
  if (answer.status === 200) return parsed(recSchema, answer.body);
  // Already ended at the PSP (the payer cancelled first): what it says now.
  if (answer.status === 400) {
    const current = await getRecurrence(client, idRec);
    if (current && current.status !== "CRIADA" && current.status !== "APROVADA") return current;
  }
  throw ApiPixClient.refused(answer);
}

/** GET /cobr/{txid}; null when the PSP knows no such charge. */
export async function getRecurringCharge(client: ApiPixClient, txid: string): Promise<Cobr | null> {
  const answer = await client.call("GET", `/cobr/${encodeURIComponent(txid)}`);
  if (answer.status === 404) return null;
  if (answer.status !== 200) throw ApiPixClient.refused(answer);
  return parsed(cobrSchema, answer.body);
}

/**
 * PUT /cobr/{txid}: one cycle's charge under an approved recurrence. Idempotent for us: a
 * txid the PSP already holds with the same amount (an earlier attempt whose answer was lost)
 * is that charge.
 */
export async function createRecurringCharge(
  client: ApiPixClient,
  txid: string,
  input: NewRecurringCharge,
): Promise<Cobr> {
  const answer = await client.call("PUT", `/cobr/${encodeURIComponent(txid)}`, {
    idRec: input.idRec,
    infoAdicional: input.info.slice(0, 140),
    calendario: { dataDeVencimento: input.dueDate },
    valor: { original: input.valor },
    ajusteDiaUtil: true,
    recebedor: {
      ...(input.account.branch ? { agencia: input.account.branch } : {}),
      conta: input.account.number,
      tipoConta: input.account.type,
    },
  });
  if (answer.status === 201 || answer.status === 200) return parsed(cobrSchema, answer.body);
  if (answer.status === 400 || answer.status === 409) {
    const existing = await getRecurringCharge(client, txid);
    if (existing && existing.valor.original === input.valor && existing.idRec === input.idRec) {
      return existing;
    }
  }
  throw ApiPixClient.refused(answer);
}

/** POST /cobr/{txid}/retentativa/{data}: another attempt on `day` after a failed one. */
export async function retryRecurringCharge(
  client: ApiPixClient,
  txid: string,
  day: string,
): Promise<Cobr> {
  date.parse(day);
  const answer = await client.call("POST", `/cobr/${encodeURIComponent(txid)}/retentativa/${day}`);
  if (answer.status !== 201) throw ApiPixClient.refused(answer);
  return parsed(cobrSchema, answer.body);
}

/** PUT /webhookrec and PUT /webhookcobr: where the PSP posts (it adds /rec and /cobr). */
export async function registerRecurrenceWebhooks(
  client: ApiPixClient,
  webhookUrl: string,
): Promise<void> {
  for (const path of ["/webhookrec", "/webhookcobr"]) {
    const answer = await client.call("PUT", path, { webhookUrl });
    if (answer.status !== 200 && answer.status !== 201 && answer.status !== 204) {
      throw ApiPixClient.refused(answer);
    }
  }
}
