/**
 * What a charger says of its security (issue 59, item 6), on both versions (1.6 through the security extension):
 * its certificate requests, signed by the product's authority, and its security events, kept in its history and
 * shown on its page.
 */
import type { RPCClient } from "ocpp-rpc";

import { recordChargerEvent, type ConnectedPoint } from "../charger-status.server";
import type { Deps, Handle } from "../ocpp-handler-types";
import { signChargerRequest } from "./charger-certificates.server";

export function handleSecurity(client: RPCClient, deps: Deps, point: ConnectedPoint, handle: Handle, v16: boolean) {
  handle(client, "SignCertificate", async (params: { csr: string; certificateType?: string }) => {
    const answer = await signChargerRequest(deps, (method, payload) => client.call(method, payload), point, {
      ...params,
      v16,
    });
    // 1.6 has no room for the reason; 2.0.1 carries it (reasonCode is at most 20 characters, the detail 512).
    if (v16 || !answer.reason) return { status: answer.status };
    return {
      status: answer.status,
      statusInfo: { reasonCode: "InvalidCSR", additionalInfo: answer.reason.slice(0, 512) },
    };
  });
  // A failed login, a firmware signature refused, its clock reset…
  handle(
    client,
    "SecurityEventNotification",
    async (params: { type: string; timestamp: string; techInfo?: string }) => {
      const at = Number.isNaN(Date.parse(params.timestamp)) ? "" : ` (at ${new Date(params.timestamp).toISOString()})`;
      await recordChargerEvent(
        deps.database.db,
        point,
        "security",
        `${params.type}${params.techInfo ? `: ${params.techInfo}` : ""}${at}`,
      );
      return {};
    },
  );
}
