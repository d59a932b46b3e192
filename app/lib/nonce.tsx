import { createContext, useContext } from "react";

// The per-request CSP nonce, made in server/app.ts and handed to React in entry.server.tsx.
// In the browser it is empty: browsers hide nonce attributes from scripts anyway.
const NonceContext = createContext("");

export const NonceProvider = NonceContext.Provider;

export function useNonce(): string {
  return useContext(NonceContext);
}
