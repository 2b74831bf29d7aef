import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { ServerRouter, type EntryContext, type HandleErrorFunction, type RouterContextProvider } from "react-router";

import { DocumentProvider } from "~/components/document-context";
import { cspNonceContext } from "~/lib/request-context";
import { getRuntime } from "~/lib/runtime.server";

// The whole stylesheet is small (≈5 KB compressed), so it is inlined into every
// page: the first paint then waits for no other request.
import inlineCss from "./app.css?inline";

export const streamTimeout = 5_000;

/**
 * An error a loader or action did not turn into an answer: the page says "Unexpected Server Error" with status 500,
 * and the server's log says what broke and where (a fault is a fault, never silent). A request the client abandoned
 * is not one.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  getRuntime().log.error(
    { err: error, method: request.method, path: new URL(request.url).pathname },
    "a route failed with an unexpected error",
  );
};

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.get(cspNonceContext);

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    const waitForAll = (userAgent && isbot(userAgent)) || routerContext.isSpaMode;
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const onReady = () => {
      shellRendered = true;
      const body = new PassThrough({
        final(callback) {
          clearTimeout(timeoutId);
          timeoutId = undefined;
          callback();
        },
      });
      responseHeaders.set("Content-Type", "text/html; charset=utf-8");
      pipe(body);
      resolve(
        new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }),
      );
    };

    const { pipe, abort } = renderToPipeableStream(
      <DocumentProvider nonce={nonce} inlineCss={inlineCss}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </DocumentProvider>,
      {
        nonce,
        ...(waitForAll ? { onAllReady: onReady } : { onShellReady: onReady }),
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
