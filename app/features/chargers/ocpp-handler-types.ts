import type { IncomingMessage } from "node:http";
import type { Socket } from "node:net";
import type { RPCClient } from "ocpp-rpc";

import type { Runtime } from "~/lib/runtime.server";

export type Deps = Pick<Runtime, "database">;

/** How often a charger should send a heartbeat (seconds), told at boot. */
export const HEARTBEAT_SECONDS = 300;

/** Registers a handler for one action, with the endpoint's limits around it (ocpp-endpoint.server.ts). */
export type Handle = <Params>(
  client: RPCClient,
  method: string,
  handler: (params: Params) => Promise<Record<string, unknown>>,
) => void;

/**
 * Not an OCPP action: the product's own "close this charger's connection" (a revoked certificate), sent through
 * `call` so it reaches the charger in whichever serving process holds it.
 */
export const CLOSE_CONNECTION = "Electrify.CloseConnection";

export type OcppEndpoint = {
  /** For the HTTP server's 'upgrade' event: OCPP paths are taken, any other is refused. */
  handleUpgrade: (request: IncomingMessage, socket: Socket, head: Buffer) => void;
  /** Sends a command to a charger connected to this process; its answer, or a UserError saying why not. */
  call: (chargePointId: number, method: string, params: unknown) => Promise<unknown>;
  isConnected: (chargePointId: number) => boolean;
  close: () => Promise<void>;
};
