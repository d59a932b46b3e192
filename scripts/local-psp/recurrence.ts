import { randomBytes, randomUUID } from "node:crypto";
import { checkCallbackBody, type Operation } from "./contract.ts";
import type { ContractBreach, ReceivedPix, WebhookMode } from "./psp.ts";

// The local PSP's Pix Automático (docs/decisions/355-357): payload locations (`locrec`),
// recurrences (`rec`), requests for confirmation (`solicrec`), recurring charges (`cobr`) with
// their attempts and retries, and the `webhookrec` / `webhookcobr` callbacks. A recurrence
// linked to an immediate charge (`ativacao.dadosJornada.txid`) answers GET /rec/{idRec}?txid=
// with the composite QR of Jornada 3, and paying that charge approves it (decision 480). psp.ts checks
// every request and answer against the contract; the callbacks' bodies are checked here. A
// test plays the payer at their bank: it approves, rejects or cancels a recurrence, and a
// scheduled attempt is paid or refused.

type Json = Record<string, unknown>;

export interface RecurrenceHost {
  /** The PSP's origin (https://127.0.0.1:port), for locations. */
  origin(): string;
  /** A dynamic BR Code; with `recLocation`, the composite one (cob + recurrence, field 80). */
  brCode(location: string, recLocation?: string): string;
  /** The location of an immediate charge (cob) still open, or null. */
  openCobLocation(txid: string): string | null;
  /** A Pix settled on the receiver's account: listed by GET /pix and sent to its webhook. */
  settlePix(pix: ReceivedPix, chave: string | undefined): void;
  mode(): WebhookMode;
  track(task: Promise<void>): void;
  breaches: ContractBreach[];
  deliveries: { url: string; status: number | null; body: unknown }[];
}

export interface ApiAnswer {
  status: number;
  body?: unknown;
}

type RecStatus = "CRIADA" | "APROVADA" | "REJEITADA" | "EXPIRADA" | "CANCELADA";
type CobrStatus = "CRIADA" | "ATIVA" | "CONCLUIDA" | "EXPIRADA" | "REJEITADA" | "CANCELADA";
type AttemptStatus = "SOLICITADA" | "AGENDADA" | "PAGA" | "CANCELADA" | "REJEITADA" | "EXPIRADA";

interface Location {
  id: number;
  location: string;
  criacao: string;
  idRec?: string;
}

interface Rec {
  idRec: string;
  vinculo: Json;
  calendario: Json;
  valor?: Json;
  politicaRetentativa: "NAO_PERMITE" | "PERMITE_3R_7D";
  recebedor: { cnpj: string; nome: string };
  status: RecStatus;
  loc?: Location;
  atualizacao: { status: RecStatus; data: string }[];
  ativacao: { tipoJornada: string; dadosJornada?: { txid: string } };
  pagador?: { cpf: string; ispbParticipante: string; codMun: string };
  encerramento?: Json;
}

interface Attempt {
  dataLiquidacao: string;
  tipo: "AGND" | "NTAG" | "RIFL";
  status: AttemptStatus;
  endToEndId: string;
  atualizacao: { status: AttemptStatus; data: string }[];
  rejeicao?: { codigo: string; descricao: string };
}

interface Cobr {
  idRec: string;
  txid: string;
  calendario: { criacao: string; dataDeVencimento: string };
  valor: { original: string };
  ajusteDiaUtil: boolean;
  infoAdicional?: string;
  recebedor: Json;
  devedor?: Json;
  politicaRetentativa: Rec["politicaRetentativa"];
  status: CobrStatus;
  atualizacao: { status: CobrStatus; data: string }[];
  tentativas: Attempt[];
  pix?: ReceivedPix[];
  encerramento?: Json;
}

const RECEIVER = { cnpj: "12345678000195", nome: "Agentes FX Ltda" };
const ISPB = "12345678";
/** Retries a PERMITE_3R_7D recurrence allows after the due date (three within seven days). */
const MAX_RETRIES = 3;
const RETRY_WINDOW_DAYS = 7;

function problem(status: number, title: string, detail: string) {
  return {
    status,
    body: { type: `https://pix.bcb.gov.br/api/v2/error/${title}`, title, status, detail },
  };
}

function stamp(now: Date): string {
  return now.toISOString().replace(/\D/g, "").slice(0, 8);
}

function sequence(length: number): string {
  return randomBytes(length).toString("hex").slice(0, length);
}

function endToEndId(now: Date): string {
  return `E${ISPB}${now.toISOString().replace(/\D/g, "").slice(0, 12)}${sequence(11)}`;
}

const dayOf = (date: string) => Date.parse(`${date}T00:00:00Z`);

export function recurrencePsp(host: RecurrenceHost) {
  const locations = new Map<number, Location>();
  const recs = new Map<string, Rec>();
  const cobrs = new Map<string, Cobr>();
  const requests = new Map<string, Json>();
  const webhooks = { rec: null as string | null, cobr: null as string | null };
  let nextLocation = 5000;

  function deliver(kind: "rec" | "cobr", body: Json) {
    const base = webhooks[kind];
    const mode = host.mode();
    if (!base || mode.kind === "drop") return;
    const requestBody = kind === "rec" ? "WebhookRecBody" : "WebhookCobRBody";
    const violations = checkCallbackBody(requestBody, body);
    if (violations.length > 0) {
      host.breaches.push({
        direction: "webhook",
        operation: `POST {webhookUrl}/${kind}`,
        violations,
      });
    }
    const url = `${base.replace(/\/$/, "")}/${kind}`;
    const task = (async () => {
      if (mode.kind === "late") await new Promise((r) => setTimeout(r, mode.ms));
      const times = mode.kind === "repeat" ? mode.times : 1;
      for (let i = 0; i < times; i++) {
        let status: number | null = null;
        try {
          const answer = await fetch(url, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify(body),
            signal: AbortSignal.timeout(10_000),
          });
          status = answer.status;
          await answer.arrayBuffer();
        } catch {
          status = null;
        }
        host.deliveries.push({ url, status, body });
      }
    })();
    host.track(task);
  }

  function notifyRec(rec: Rec) {
    const { idRec, status, atualizacao, ativacao, encerramento } = rec;
    deliver("rec", {
      recs: [{ idRec, status, atualizacao, ativacao, ...(encerramento ? { encerramento } : {}) }],
    });
  }

  function notifyCobr(cobr: Cobr) {
    const { idRec, txid, status, atualizacao, tentativas, pix, encerramento } = cobr;
    deliver("cobr", {
      cobsr: [
        {
          idRec,
          txid,
          status,
          atualizacao,
          tentativas,
          ...(pix ? { pix } : {}),
          ...(encerramento ? { encerramento } : {}),
        },
      ],
    });
  }

  /**
   * The recurrence as GET /rec/{idRec} answers it: while it awaits the payer, its QR. Asked
   * with the txid of its linked cob while that is open: the composite QR (Jornada 3).
   */
  function recView(rec: Rec, withQr: boolean, txid?: string): Json {
    const view: Json = { ...rec };
    if (!withQr || rec.status !== "CRIADA" || !rec.loc) return view;
    if (txid === undefined) {
      view.dadosQR = { jornada: "JORNADA_2", pixCopiaECola: host.brCode(rec.loc.location) };
      return view;
    }
    const cobLocation = host.openCobLocation(txid);
    if (cobLocation && rec.ativacao.dadosJornada?.txid === txid) {
      view.dadosQR = {
        jornada: "JORNADA_3",
        pixCopiaECola: host.brCode(cobLocation, rec.loc.location),
      };
    }
    return view;
  }

  function setRec(rec: Rec, status: RecStatus, now: Date) {
    rec.status = status;
    rec.atualizacao.push({ status, data: now.toISOString() });
  }

  function setCobr(cobr: Cobr, status: CobrStatus, now: Date) {
    cobr.status = status;
    cobr.atualizacao.push({ status, data: now.toISOString() });
  }

  function setAttempt(attempt: Attempt, status: AttemptStatus, now: Date) {
    attempt.status = status;
    attempt.atualizacao.push({ status, data: now.toISOString() });
  }

  /** A recurrence ended: its open charges are cancelled with it, as the arrangement says. */
  function cancelRec(rec: Rec, solicitante: string, codigo: string, now: Date) {
    setRec(rec, "CANCELADA", now);
    rec.encerramento = {
      cancelamento: { solicitante, codigo, descricao: "Recorrência cancelada" },
    };
    for (const cobr of cobrs.values()) {
      if (cobr.idRec !== rec.idRec || (cobr.status !== "ATIVA" && cobr.status !== "CRIADA")) {
        continue;
      }
      for (const attempt of cobr.tentativas) {
        if (attempt.status === "AGENDADA" || attempt.status === "SOLICITADA") {
          setAttempt(attempt, "CANCELADA", now);
        }
      }
      setCobr(cobr, "CANCELADA", now);
      cobr.encerramento = {
        cancelamento: { solicitante, codigo: "CCLD", descricao: "Recorrência cancelada" },
      };
      notifyCobr(cobr);
    }
    notifyRec(rec);
  }

  function schedule(cobr: Cobr, tipo: Attempt["tipo"], date: string, now: Date): Attempt {
    const attempt: Attempt = {
      dataLiquidacao: date,
      tipo,
      status: "SOLICITADA",
      endToEndId: endToEndId(now),
      atualizacao: [{ status: "SOLICITADA", data: now.toISOString() }],
    };
    setAttempt(attempt, "AGENDADA", now);
    cobr.tentativas.push(attempt);
    return attempt;
  }

  /** The API's recurrence operations; null for an operation psp.ts answers itself. */
  function answer(
    method: string,
    operation: Operation,
    body: Json,
    now: Date,
    query = new URLSearchParams(),
  ): ApiAnswer | null {
    const { template, params } = operation;
    switch (`${method} ${template}`) {
      case "POST /locrec": {
        nextLocation += 1;
        const host_ = host.origin().replace(/^https?:\/\//, "");
        const location: Location = {
          id: nextLocation,
          location: `${host_}/qr/v2/rec/${randomUUID().replaceAll("-", "")}`,
          criacao: now.toISOString(),
        };
        locations.set(location.id, location);
        return { status: 201, body: location };
      }
      case "GET /locrec/{id}": {
        const location = locations.get(Number(params.id));
        return location
          ? { status: 200, body: location }
          : problem(404, "NaoEncontrado", `location ${params.id}`);
      }
      case "POST /rec": {
        const input = body as Partial<Rec> & { loc?: number; ativacao?: Rec["ativacao"] };
        const location = input.loc === undefined ? undefined : locations.get(input.loc);
        if (input.loc !== undefined && (!location || location.idRec)) {
          return problem(400, "RecOperacaoInvalida", "location inexistente ou já vinculada");
        }
        const policy = input.politicaRetentativa ?? "NAO_PERMITE";
        const idRec = `R${policy === "PERMITE_3R_7D" ? "R" : "N"}${ISPB}${stamp(now)}${sequence(11)}`;
        if (location) location.idRec = idRec;
        const rec: Rec = {
          idRec,
          vinculo: input.vinculo as Json,
          calendario: input.calendario as Json,
          ...(input.valor ? { valor: input.valor } : {}),
          politicaRetentativa: policy,
          recebedor: RECEIVER,
          status: "CRIADA",
          ...(location ? { loc: location } : {}),
          atualizacao: [{ status: "CRIADA", data: now.toISOString() }],
          ativacao: {
            tipoJornada: "AGUARDANDO_DEFINICAO",
            ...(input.ativacao?.dadosJornada ? { dadosJornada: input.ativacao.dadosJornada } : {}),
          },
        };
        recs.set(idRec, rec);
        return { status: 201, body: rec };
      }
      case "GET /rec/{idRec}": {
        const rec = recs.get(params.idRec!);
        return rec
          ? { status: 200, body: recView(rec, true, query.get("txid") ?? undefined) }
          : problem(404, "RecNaoEncontrada", params.idRec!);
      }
      case "PATCH /rec/{idRec}": {
        const rec = recs.get(params.idRec!);
        if (!rec) return problem(404, "RecNaoEncontrada", params.idRec!);
        if (body.status === "CANCELADA") {
          if (rec.status === "CANCELADA") return { status: 200, body: recView(rec, false) };
          if (rec.status !== "CRIADA" && rec.status !== "APROVADA") {
            return problem(400, "RecOperacaoInvalida", `recorrência ${rec.status}`);
          }
          cancelRec(rec, "USUARIO_RECEBEDOR", "SLCR", now);
        }
        return { status: 200, body: recView(rec, false) };
      }
      case "POST /solicrec": {
        const rec = recs.get(String(body.idRec));
        if (!rec || rec.status !== "CRIADA") {
          return problem(400, "SolicRecOperacaoInvalida", "recorrência inexistente ou não criada");
        }
        const idSolicRec = `SC${ISPB}${stamp(now)}${sequence(11)}`;
        const request: Json = {
          ...body,
          idSolicRec,
          status: "CRIADA",
          atualizacao: [{ status: "CRIADA", data: now.toISOString() }],
        };
        requests.set(idSolicRec, request);
        return { status: 201, body: request };
      }
      case "GET /solicrec/{idSolicRec}": {
        const request = requests.get(params.idSolicRec!);
        return request
          ? { status: 200, body: request }
          : problem(404, "NaoEncontrado", params.idSolicRec!);
      }
      case "PUT /cobr/{txid}": {
        const txid = params.txid!;
        const existing = cobrs.get(txid);
        if (existing) return problem(400, "CobROperacaoInvalida", `txid ${txid} já utilizado`);
        const rec = recs.get(String(body.idRec));
        if (!rec || rec.status !== "APROVADA") {
          return problem(400, "CobROperacaoInvalida", "recorrência inexistente ou não aprovada");
        }
        const input = body as Partial<Cobr>;
        const cobr: Cobr = {
          idRec: rec.idRec,
          txid,
          calendario: {
            criacao: now.toISOString().slice(0, 10),
            dataDeVencimento: String(input.calendario?.dataDeVencimento),
          },
          valor: { original: String(input.valor?.original) },
          ajusteDiaUtil: input.ajusteDiaUtil ?? true,
          ...(input.infoAdicional ? { infoAdicional: input.infoAdicional } : {}),
          recebedor: { ...RECEIVER, ...(input.recebedor as Json) },
          ...(input.devedor ? { devedor: input.devedor } : {}),
          politicaRetentativa: rec.politicaRetentativa,
          status: "CRIADA",
          atualizacao: [{ status: "CRIADA", data: now.toISOString() }],
          tentativas: [],
        };
        // The payer's PSP takes the instruction and schedules the first attempt on the due date.
        schedule(cobr, "AGND", cobr.calendario.dataDeVencimento, now);
        setCobr(cobr, "ATIVA", now);
        cobrs.set(txid, cobr);
        return { status: 201, body: cobr };
      }
      case "GET /cobr/{txid}": {
        const cobr = cobrs.get(params.txid!);
        return cobr ? { status: 200, body: cobr } : problem(404, "NaoEncontrado", params.txid!);
      }
      case "PATCH /cobr/{txid}": {
        const cobr = cobrs.get(params.txid!);
        if (!cobr) return problem(404, "NaoEncontrado", params.txid!);
        if (body.status === "CANCELADA" && cobr.status === "ATIVA") {
          for (const attempt of cobr.tentativas) {
            if (attempt.status === "AGENDADA") setAttempt(attempt, "CANCELADA", now);
          }
          setCobr(cobr, "CANCELADA", now);
          cobr.encerramento = {
            cancelamento: {
              solicitante: "USUARIO_RECEBEDOR",
              codigo: "SLCR",
              descricao: "Cancelada pelo recebedor",
            },
          };
        }
        return { status: 200, body: cobr };
      }
      case "POST /cobr/{txid}/retentativa/{data}": {
        const cobr = cobrs.get(params.txid!);
        if (!cobr) return problem(404, "NaoEncontrado", params.txid!);
        const date = params.data!;
        const retries = cobr.tentativas.filter((attempt) => attempt.tipo === "RIFL").length;
        const last = cobr.tentativas.at(-1);
        const daysAfterDue = (dayOf(date) - dayOf(cobr.calendario.dataDeVencimento)) / 86_400_000;
        if (
          cobr.politicaRetentativa !== "PERMITE_3R_7D" ||
          cobr.status !== "ATIVA" ||
          last?.status !== "REJEITADA" ||
          retries >= MAX_RETRIES ||
          daysAfterDue < 1 ||
          daysAfterDue > RETRY_WINDOW_DAYS
        ) {
          return problem(400, "CobROperacaoInvalida", "retentativa não permitida");
        }
        schedule(cobr, "RIFL", date, now);
        return { status: 201, body: cobr };
      }
      case "PUT /webhookrec":
      case "PUT /webhookcobr": {
        webhooks[template === "/webhookrec" ? "rec" : "cobr"] = String(body.webhookUrl);
        return { status: 200 };
      }
      case "GET /webhookrec":
      case "GET /webhookcobr": {
        const url = webhooks[template === "/webhookrec" ? "rec" : "cobr"];
        return url
          ? { status: 200, body: { webhookUrl: url, criacao: now.toISOString() } }
          : problem(404, "WebhookNaoEncontrado", template);
      }
      case "DELETE /webhookrec":
      case "DELETE /webhookcobr": {
        webhooks[template === "/webhookrec" ? "rec" : "cobr"] = null;
        return { status: 204 };
      }
      default:
        return null;
    }
  }

  function recOrThrow(idRec: string): Rec {
    const rec = recs.get(idRec);
    if (!rec) throw new Error(`local PSP: no recurrence ${idRec}`);
    return rec;
  }

  function scheduledAttempt(txid: string): { cobr: Cobr; attempt: Attempt } {
    const cobr = cobrs.get(txid);
    const attempt = cobr?.tentativas.at(-1);
    if (!cobr || cobr.status !== "ATIVA" || attempt?.status !== "AGENDADA") {
      throw new Error(`local PSP: no scheduled attempt for ${txid}`);
    }
    return { cobr, attempt };
  }

  return {
    answer,
    rec: (idRec: string) => recs.get(idRec),
    cobr: (txid: string) => cobrs.get(txid),
    /** Every recurring charge the PSP accepted, in the order it did. */
    cobrs: () => [...cobrs.values()],
    /** The payer approves the recurrence in their bank's app (Jornada 2, by its QR). */
    approve(idRec: string, cpf = "52998224725") {
      const now = new Date();
      const rec = recOrThrow(idRec);
      if (rec.status !== "CRIADA") throw new Error(`local PSP: recurrence ${rec.status}`);
      rec.pagador = { cpf, ispbParticipante: "87654321", codMun: "3550308" };
      rec.ativacao = { tipoJornada: "JORNADA_2" };
      setRec(rec, "APROVADA", now);
      notifyRec(rec);
    },
    /**
     * An immediate charge was paid (psp.pay): a recurrence awaiting the payer that names it
     * (Jornada 3) was in the composite QR the payer read; their bank pays the charge and, as
     * they chose, approves the recurrence or refuses it. Returns the recurrences it touched.
     */
    linkedCobPaid(txid: string, choice: "approve" | "reject", cpf = "52998224725"): string[] {
      const now = new Date();
      const touched: string[] = [];
      for (const rec of recs.values()) {
        if (rec.status !== "CRIADA" || rec.ativacao.dadosJornada?.txid !== txid) continue;
        if (choice === "approve") {
          rec.pagador = { cpf, ispbParticipante: "87654321", codMun: "3550308" };
          rec.ativacao = { tipoJornada: "JORNADA_3", dadosJornada: { txid } };
          setRec(rec, "APROVADA", now);
        } else {
          setRec(rec, "REJEITADA", now);
          rec.encerramento = { rejeicao: { codigo: "AP13", descricao: "Rejeitada pelo pagador" } };
        }
        notifyRec(rec);
        touched.push(rec.idRec);
      }
      return touched;
    },
    /** The payer refuses the recurrence in their bank's app. */
    reject(idRec: string) {
      const now = new Date();
      const rec = recOrThrow(idRec);
      setRec(rec, "REJEITADA", now);
      rec.encerramento = { rejeicao: { codigo: "AP13", descricao: "Rejeitada pelo pagador" } };
      notifyRec(rec);
    },
    /** The payer cancels the authorisation at their bank. */
    cancelByPayer(idRec: string) {
      cancelRec(recOrThrow(idRec), "USUARIO_PAGADOR", "SLDB", new Date());
    },
    /** The scheduled attempt is settled: the charge is concluded and the Pix credited. */
    payCobr(txid: string, at = new Date()): ReceivedPix {
      const { cobr, attempt } = scheduledAttempt(txid);
      setAttempt(attempt, "PAGA", at);
      setCobr(cobr, "CONCLUIDA", at);
      const pix: ReceivedPix = {
        endToEndId: attempt.endToEndId,
        txid,
        valor: cobr.valor.original,
        horario: at.toISOString(),
      };
      cobr.pix = [pix];
      host.settlePix(pix, undefined);
      notifyCobr(cobr);
      return pix;
    },
    /** The scheduled attempt fails (no funds): the charge stays open for a retry. */
    failAttempt(txid: string) {
      const now = new Date();
      const { cobr, attempt } = scheduledAttempt(txid);
      setAttempt(attempt, "REJEITADA", now);
      attempt.rejeicao = { codigo: "AM02", descricao: "Saldo insuficiente" };
      notifyCobr(cobr);
    },
  };
}

export type RecurrencePsp = ReturnType<typeof recurrencePsp>;
