import type { SignedMessageRefusal } from "../features/signed-statements/model.ts";

// Issue 38 (docs/decisions/377): statements the broker e-mails signed with DKIM.

/** Where the record's statement came from, beside its other badges. */
export const statementSourceCopy = {
  signed: (domain: string, date: string) =>
    `Extrato assinado pela corretora (${domain}, DKIM verificado em ${date})`,
  uploaded: "Extrato enviado pela equipe",
} as const;

export const signedStatementsAdminCopy = {
  metaTitle: "Extratos assinados pela corretora | Admin",
  pageTitle: (robot: string) => `Extratos assinados pela corretora: ${robot}`,
  back: "Voltar para a performance do robô",
  linkFromPerformance: "Extratos assinados pela corretora (e-mail com DKIM)",
  intro:
    "A corretora envia os extratos diários e mensais da conta por e-mail, assinados com DKIM pelo domínio dela. Cadastre o endereço abaixo como destinatário dos extratos na corretora: cada mensagem é conferida ao chegar e, se a assinatura for de um domínio autorizado e a conta conferir, o extrato é guardado, entra no registro público e é publicado.",
  addressTitle: "Endereço de recebimento",
  noAddress: "Salve a conta abaixo para receber um endereço.",
  receiverOff:
    "O receptor de extratos não está ligado neste servidor (STATEMENT_SMTP_PORT não definido).",
  settingsTitle: "Conta e domínios autorizados",
  fields: {
    accountNumber: "Número da conta na corretora",
    brokerDomains: "Domínios da corretora autorizados (um por linha)",
    accountKind: "Tipo de conta",
    broker: "Corretora",
    serverClock: "Fuso horário do servidor",
    currency: "Moeda da conta",
  },
  brokerDomainsHint:
    "O domínio que assina (d= na assinatura DKIM), por exemplo mail.corretora.com. Subdomínios não entram sozinhos.",
  save: "Salvar conta",
  saved: "Conta salva.",
  errors: {
    invalid: "Confira os campos destacados.",
    accountNumber: "Informe o número da conta (só dígitos, até 20).",
    brokerDomains:
      "Informe de 1 a 10 domínios válidos, um por linha (por exemplo mail.corretora.com).",
  },
  messagesTitle: "Mensagens recebidas",
  noMessages: "Nenhuma mensagem recebida ainda.",
  columns: {
    receivedAt: "Recebida em",
    from: "Remetente",
    domain: "Domínio da assinatura",
    outcome: "Resultado",
    reason: "Motivo",
    sha256: "SHA-256 da mensagem",
  },
  outcomes: { accepted: "Aceita", refused: "Recusada" },
  acceptedPublished: "Extrato guardado e publicado",
  acceptedKept: "Extrato guardado",
  reasons: {
    "too-large": "Mensagem maior que o limite (8 MB); não foi guardada.",
    unsigned: "Mensagem sem assinatura DKIM.",
    "signature-failed": "A assinatura DKIM não confere (mensagem alterada, vencida ou inválida).",
    "key-unresolved": "A chave DKIM do domínio não foi encontrada no DNS.",
    "domain-not-allowed": "Assinada por um domínio que não está na lista desta conta.",
    "no-statement": "A mensagem não traz um extrato (anexo ou corpo em HTML).",
    "unreadable-statement": "O extrato não pôde ser lido.",
    "account-mismatch": "O extrato é de outra conta.",
    "not-reconciled": "Os totais do extrato não conferem com as operações.",
    replayed: "Mensagem ou extrato já recebido antes (reenvio).",
  } satisfies Record<SignedMessageRefusal, string>,
} as const;
