// Portuguese bodies of the plain-text errors the Express server answers before React Router,
// and of the form-reading refusals every action shares (app/platform/http/read-form.server.ts).

/** Any non-GET request whose body is over the limit (server/body-limit.ts). */
export const requestTooLargeMessage = "A requisição é grande demais (máximo de 64 KB).";

/** Why a posted form was not read. */
export const formReadMessages = {
  unreadable: "Não foi possível ler o formulário. Atualize a página e tente novamente.",
  invalidEncoding: "O formulário contém caracteres inválidos (o texto deve estar em UTF-8).",
  unsupportedContentType:
    "Formato de envio não aceito: envie o formulário como application/x-www-form-urlencoded ou multipart/form-data.",
  tooLarge: "O formulário é grande demais (máximo de 64 KB).",
  nulCharacter:
    "O texto contém um caractere nulo, que não pode ser guardado. Apague-o e tente de novo.",
} as const;

/** A method the site does not serve (server/errors.ts), answered 405 with `Allow`. */
export const methodNotAllowedMessage = "Método não permitido.";

/** Any failure the server did not foresee, answered without details (server/errors.ts). */
export const serverErrorMessage = "Erro interno do servidor. Tente novamente em instantes.";

/** A refused request whose own status (4xx) says why, e.g. a malformed URL. */
export const badRequestMessage = "Requisição inválida.";

/** A form post that says neither where it comes from (Origin) nor how (Sec-Fetch-Site). */
export const unknownOriginMessage =
  "Envio recusado: o navegador não informou a origem da requisição. Envie o formulário pelo site.";

/** A form post from another site (its Origin or Sec-Fetch-Site says so). */
export const foreignOriginMessage =
  "Envio recusado: o formulário não veio deste site. Abra o site pelo endereço oficial e envie de novo.";
