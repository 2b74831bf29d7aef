import { createContext } from "react-router";

/** The per-request Content-Security-Policy nonce, set by the Express layer. */
export const cspNonceContext = createContext<string>("");
