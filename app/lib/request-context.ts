import { createContext } from "react-router";

/** The per-request Content-Security-Policy nonce, set by the Express layer. */
export const cspNonceContext = createContext<string>("");

/** What the request log records about a request beyond the HTTP layer: who made it (set once the session is resolved). */
export type RequestInfo = { userId: string | null };
export const requestInfoContext = createContext<RequestInfo | null>(null);
