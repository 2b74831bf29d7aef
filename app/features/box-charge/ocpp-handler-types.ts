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
