import { createContext } from "react-router";

/** The CSP nonce of the current request, set by server/app.ts. */
export const cspNonceContext = createContext<string>("");

/** The client's IP address (X-Forwarded-For only when TRUST_PROXY is on), for rate limits. */
export const clientIpContext = createContext<string>("unknown");
