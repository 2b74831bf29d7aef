/**
 * The chargers' TLS listener (issue 59, item 6, decision 064): OCPP security profiles 2 and 3 served by the product
 * itself, on OCPP_TLS_PORT beside the plain one. Its certificate is the operator's (OCPP_TLS_CERT and OCPP_TLS_KEY) or
 * one the product's authority issues at start for OCPP_TLS_HOST; it asks every charger for a client certificate and
 * trusts only the authority's, but takes a connection without one (profile 2, Basic auth). Whether a charger may
 * connect the way it did is the endpoint's to decide (connection-security.server.ts). Under the supervisor every
 * serving process listens on the same port (Node's cluster shares it).
 */
import { webcrypto } from "node:crypto";
import { readFileSync } from "node:fs";
import type { IncomingMessage } from "node:http";
import https from "node:https";
import type { Socket } from "node:net";

import type { Runtime } from "~/lib/runtime.server";

import { AUTHORITY_KEY_ALGORITHM, chargerAuthority, issueCertificate, toPem } from "./certificate-authority.server";

type Deps = Pick<Runtime, "database" | "env" | "log">;
type Upgrade = (request: IncomingMessage, socket: Socket, head: Buffer) => void;

/** The listener's own certificate, when the authority issues it: renewed at each start. */
const SERVER_CERTIFICATE_DAYS = 397;

/** Where chargers reach the TLS listener, or null when it is off. */
export function ocppTlsAddress(env: Runtime["env"]): string | null {
  if (env.OCPP_TLS_PORT === null) return null;
  return `wss://${tlsHost(env)}:${env.OCPP_TLS_PORT}/ocpp`;
}

/** Whether chargers must be given the authority's root to trust the listener (not when it has the operator's). */
export const listenerUsesAuthority = (env: Runtime["env"]) => !env.OCPP_TLS_CERT;

const tlsHost = (env: Runtime["env"]) => env.OCPP_TLS_HOST ?? new URL(env.APP_URL).hostname;

export function startTlsListener(deps: Deps, upgrade: Upgrade): () => Promise<void> {
  const port = deps.env.OCPP_TLS_PORT;
  if (port === null) return async () => undefined;
  let server: https.Server | null = null;
  let stopped = false;
  const started = listen(deps, port, upgrade).then(
    (listening) => {
      server = listening;
      if (stopped) listening.close();
    },
    (error: unknown) => deps.log.warn({ err: error, port }, "the chargers' TLS listener could not start"),
  );
  return async () => {
    stopped = true;
    await started;
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  };
}

async function listen(deps: Deps, port: number, upgrade: Upgrade): Promise<https.Server> {
  const authority = await chargerAuthority(deps);
  const identity = await serverIdentity(deps, [tlsHost(deps.env)]);
  const server = https.createServer({
    ...identity,
    // Chargers are asked for a certificate and only the authority's is trusted; one without is still let in (profile
    // 2), and one with a bad certificate is refused by the endpoint with the reason kept.
    ca: [authority.pem],
    requestCert: true,
    rejectUnauthorized: false,
    minVersion: "TLSv1.2",
  });
  // Only WebSocket upgrades are served here; a page asked of it is not.
  server.on("request", (_request, response) => response.writeHead(404, { "content-length": "0" }).end());
  server.on("upgrade", upgrade);
  // A handshake that fails (a charger that does not trust the certificate) is the charger's business, not an error.
  server.on("tlsClientError", () => undefined);
  server.headersTimeout = 10_000;
  server.requestTimeout = 15_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, deps.env.HOST, () => {
      server.off("error", reject);
      resolve();
    });
  });
  deps.log.info({ port }, "the chargers' TLS listener is ready");
  return server;
}

/**
 * The certificate and key the product shows chargers (the TLS listener, FTPS): the operator's (OCPP_TLS_CERT and
 * OCPP_TLS_KEY) or one the authority issues for `hosts`, renewed at each start. Chargers that trust the authority's
 * root (decision 064) trust either.
 */
export async function serverIdentity(deps: Pick<Runtime, "database" | "env">, hosts: string[]) {
  const { OCPP_TLS_CERT: certFile, OCPP_TLS_KEY: keyFile } = deps.env;
  if (certFile && keyFile) return { cert: readFileSync(certFile).toString(), key: readFileSync(keyFile).toString() };
  const authority = await chargerAuthority(deps);
  const keys = await webcrypto.subtle.generateKey(AUTHORITY_KEY_ALGORITHM, true, ["sign", "verify"]);
  const certificate = await issueCertificate(authority, {
    subject: `CN=${hosts[0]}, O=Electrify`,
    publicKey: keys.publicKey,
    days: SERVER_CERTIFICATE_DAYS,
    use: "server",
    hosts: [...new Set([...hosts, "localhost", "127.0.0.1"])],
  });
  const key = toPem(await webcrypto.subtle.exportKey("pkcs8", keys.privateKey), "PRIVATE KEY");
  return { cert: `${certificate.toString("pem").trim()}\n${authority.pem.trim()}\n`, key };
}
