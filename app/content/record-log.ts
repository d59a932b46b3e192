import type { RecordLogKind } from "../features/performance/model.ts";

// The public record log's page (issue 38, docs/decisions/370).
export const recordLogCopy = {
  meta: {
    title: "Registro público de desempenho",
    description:
      "Cada extrato, publicação e retirada de histórico, em uma cadeia de hashes SHA-256 que qualquer pessoa pode conferir.",
  },
  title: "Registro público de desempenho",
  intro:
    "Cada extrato recebido, cada publicação e cada retirada de um histórico entra neste registro, que só cresce. Cada linha traz o SHA-256 do arquivo e o hash da linha anterior: alterar ou apagar uma entrada antiga quebra a cadeia, e qualquer pessoa percebe.",
  empty: "Nenhuma entrada ainda.",
  downloadsTitle: "Baixar o registro",
  text: "Texto (registro.txt)",
  json: "JSON (registro.json)",
  key: "Chave pública Ed25519 (chave.pem)",
  headTitle: "Cabeça assinada mais recente",
  headFacts: (size: number, at: string) => `${size} entradas, assinada em ${at}.`,
  headDocument: "Documento datado da cabeça (para carimbo de tempo)",
  verifyTitle: "Como conferir",
  verifySteps: [
    "Baixe registro.txt. Cada linha termina com o SHA-256 da linha anterior; a primeira, com 64 zeros.",
    "Confira uma linha com: sed -n 3p registro.txt | sha256sum — o resultado deve ser o último campo da linha 4.",
    "O hash da última linha deve ser o da cabeça assinada; a assinatura confere com a chave pública (openssl pkeyutl -verify).",
    "Baixe o extrato de um agente e rode sha256sum no arquivo: o resultado deve aparecer no registro.",
  ],
  tableCaption: "Entradas do registro, da mais antiga à mais recente",
  columns: {
    seq: "Nº",
    at: "Data (UTC)",
    kind: "Evento",
    robot: "Robô",
    account: "Conta",
    file: "SHA-256 do arquivo",
    previous: "Hash anterior",
  },
  kinds: {
    statement: "Extrato recebido",
    publication: "Publicação",
    withdrawal: "Retirada",
  } satisfies Record<RecordLogKind, string>,
  agentLink: "Registro público de tudo o que publicamos",
  notFound: "Cabeça não encontrada.",
} as const;
