// Portuguese bodies of the plain-text errors the Express server answers before React Router.

/** Any non-GET request whose body is over the limit (server/body-limit.ts). */
export const requestTooLargeMessage = "A requisição é grande demais (máximo de 64 KB).";
