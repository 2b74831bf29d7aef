import { createContext, useContext, type ReactNode } from "react";

type DocumentContext = { nonce: string; inlineCss: string };

const DocumentContextValue = createContext<DocumentContext>({ nonce: "", inlineCss: "" });

/**
 * What only the server knows when it renders the document: the CSP nonce for
 * inline scripts and the stylesheet to inline. In the browser both are empty;
 * the server's markup stays as it was rendered.
 */
export function DocumentProvider({ nonce, inlineCss, children }: DocumentContext & { children: ReactNode }) {
  return <DocumentContextValue.Provider value={{ nonce, inlineCss }}>{children}</DocumentContextValue.Provider>;
}

export function useNonce(): string {
  return useContext(DocumentContextValue).nonce;
}

let cssFromServer: string | undefined;

/**
 * The stylesheet to inline. In the browser it is the one the server sent:
 * when an error replaces the whole document (the root error boundary
 * remounts the layout), an empty value would render the page unstyled.
 */
export function useInlineCss(): string {
  const inlineCss = useContext(DocumentContextValue).inlineCss;
  if (inlineCss || typeof document === "undefined") return inlineCss;
  cssFromServer ??= document.getElementById("app-css")?.textContent ?? "";
  return cssFromServer;
}
