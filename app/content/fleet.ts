// Portuguese texts of the fleet (issue 39): the heartbeat endpoint's refusals, read by staff
// in the robot's log on the VPS, and the admin's token panel.

export const heartbeatErrors = {
  unauthorized: "Token do robô ausente, inválido ou revogado.",
  tooLarge: "O sinal do robô é grande demais (máximo de 4 KB).",
  notJson: "O sinal do robô deve ser um objeto JSON (Content-Type: application/json).",
  invalid: (field: string, why: string) => `Campo ${field} inválido: ${why}.`,
  rateLimited: "Sinais demais deste robô; tente de novo em instantes.",
} as const;

/** Why a heartbeat field was refused (the second half of heartbeatErrors.invalid). */
export const heartbeatFieldErrors = {
  accountNumber: "deve ter de 4 a 20 dígitos",
  money: "deve ser um valor como 1234.56, não negativo, até 1 trilhão",
  profit: "deve ser um valor como -12.34, até 1 trilhão",
  openPositions: "deve ser um número inteiro de 0 a 10000",
  time: "deve ser um horário Unix em segundos, de 2000 até agora",
  robotVersion: "deve ter de 1 a 32 caracteres visíveis",
  terminalConnected: "deve ser true ou false",
  unknown: "não é esperado",
} as const;

export const robotTokenCopy = {
  issue: "Gerar token do robô",
  reissue: "Gerar novo token (revoga o anterior)",
  shownOnce: (token: string) =>
    `Token do robô (exibido só agora; copie para a VPS em HeartbeatToken): ${token}`,
  noSubscription: "Este pedido não tem assinatura: não há token a gerar.",
} as const;
