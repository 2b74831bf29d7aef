/**
 * The charging-station management endpoint: OCPP-J over WebSocket at
 * /ocpp/<identity>, 2.0.1 or 1.6J as the charger offers (2.0.1 first).
 * ocpp-rpc carries the protocol: the RPC framing, the official JSON schemas
 * (strict mode: a call that breaks its schema is answered with the protocol's
 * error and never reaches a handler), pings. This module decides who may
 * connect (HTTP Basic auth on the upgrade, security profile 1; profiles 2 and
 * 3 on its own TLS listener, security/), keeps each charger's socket, and holds every client
 * to limits so that none can stop the server or slow the others.
 * Decision 031.
 */
import type * as OcppRpcModule from "ocpp-rpc";
import type { IHandlersOption, RPCClient, RPCServer } from "ocpp-rpc";

import { toIsoString } from "~/lib/db/dialect.server";
import type { Logger } from "~/lib/log.server";
import type { Runtime } from "~/lib/runtime.server";
import { UserError } from "~/lib/user-error";

import { OCPP_PATH, OCPP_PROTOCOLS } from "./charge-point-input";
import { chargePointPasswordMatches } from "./charge-point-password.server";
import { recordConnected, recordDisconnected } from "./charger-connection.server";
import { recordKnock } from "./charger-knocks.server";
import type { ConnectedPoint } from "./charger-status.server";
import { startCluster } from "./cluster.server";
import { startFirmware } from "./firmware/firmware-keeper.server";
import { frameLog } from "./frame-log";
import { startLocalLists } from "./local-lists.server";
import { CLOSE_CONNECTION, type Handle, type OcppEndpoint } from "./ocpp-handler-types";
import { handleOcpp16 } from "./ocpp16-handlers.server";
import { handleOcpp201 } from "./ocpp201-handlers.server";
import { startReservations } from "./reservations.server";
import { startCertificateRenewal } from "./security/certificate-renewal.server";
import { admitConnection, connectedSecurely } from "./security/connection-security.server";
import { startTlsListener } from "./security/tls-listener.server";
import { startFtpServer } from "./uploads/ftp-server.server";

/** A charger sends a handful of messages a minute; this much in a burst, then this many a second, is plenty. */
const BURST = 60;
const PER_SECOND = 20;
/** OCPP messages are small; a frame larger than this closes that charger's socket (ws answers 1009). */
const MAX_FRAME_BYTES = 64 * 1024;

type Connection = { client: RPCClient; point: ConnectedPoint; protocol: string };

// Kept on globalThis so the dev server's module reloads reach the endpoint the HTTP server holds.
const holder = globalThis as typeof globalThis & { __electrifyOcpp?: OcppEndpoint };

/** The endpoint of this process (started by server/app.ts), or null in a process that serves no chargers. */
export function getOcppEndpoint(): OcppEndpoint | null {
  return holder.__electrifyOcpp ?? null;
}

/**
 * What runs the chargers this process holds once they connect (the live controller, started by the operations room
 * with this endpoint): answers its stop. The chargers' room knows nothing of it.
 */
export type Controller = (local: OcppEndpoint, options: { relayed: boolean }) => () => void;

export function startOcppEndpoint(
  deps: Pick<Runtime, "database" | "log" | "env" | "storage">,
  controller: Controller = () => () => undefined,
): OcppEndpoint {
  if (!holder.__electrifyOcpp) {
    const local = createOcppEndpoint(deps);
    // On PostgreSQL other processes may hold a charger: a call for one not held here goes through them.
    const cluster =
      deps.database.engine === "postgres" && deps.env.DATABASE_URL
        ? startCluster(deps.env.DATABASE_URL, deps.database.db, deps.log, local)
        : null;
    const endpoint: OcppEndpoint = {
      ...local,
      call: (chargePointId, method, params) =>
        cluster && !local.isConnected(chargePointId)
          ? cluster.call(chargePointId, method, params)
          : local.call(chargePointId, method, params),
    };
    const stopController = controller(local, { relayed: cluster !== null });
    // Who may charge while a charger cannot reach us: its local list, kept by the room itself.
    const stopLists = startLocalLists(deps, local);
    // Booked visits hold a connector, kept by the room itself too.
    const stopReservations = startReservations(deps, local);
    // Firmware updates and rollouts move on as chargers answer (firmware/), and FTP takes uploads (uploads/).
    const stopFirmware = startFirmware(deps, local);
    const stopFtp = startFtpServer(deps);
    // Security profiles 2 and 3 on the product's own TLS listener (security/).
    const stopTls = startTlsListener(deps, local.handleUpgrade);
    const stopRenewal = startCertificateRenewal(deps, local);
    holder.__electrifyOcpp = {
      ...endpoint,
      async close() {
        stopController();
        stopLists();
        stopReservations();
        stopFirmware();
        await stopFtp();
        await stopTls();
        stopRenewal();
        await cluster?.close();
        await local.close();
      },
    };
  }
  return holder.__electrifyOcpp;
}

export async function stopOcppEndpoint(): Promise<void> {
  const endpoint = holder.__electrifyOcpp;
  holder.__electrifyOcpp = undefined;
  await endpoint?.close();
}

type OcppRpc = typeof OcppRpcModule;

function createOcppEndpoint(deps: Pick<Runtime, "database" | "log">): OcppEndpoint {
  const connections = new Map<number, Connection>();
  // ocpp-rpc compiles every official schema when it loads (about 0.3 s): loaded when the first charger connects, so a
  // process answers pages as soon as it can (and one that no charger reaches never pays for it, decision 040); the
  // first upgrade waits for it instead.
  let started: Promise<RPCServer> | null = null;
  const ready = () => {
    if (!started) {
      started = import("ocpp-rpc").then((rpc) => createRpcServer(deps, rpc, connections));
      started.catch((error: unknown) => deps.log.error({ err: error }, "the OCPP endpoint could not start"));
    }
    return started;
  };

  return {
    handleUpgrade(request, socket, head) {
      const path = new URL(request.url ?? "/", "http://localhost").pathname;
      if (!path.startsWith(`${OCPP_PATH}/`)) {
        socket.end("HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n");
        return;
      }
      void ready().then(
        (server) => server.handleUpgrade(request, socket, head),
        () => socket.destroy(),
      );
    },
    async call(chargePointId, method, params) {
      const connection = connections.get(chargePointId);
      if (!connection) throw new UserError("The charger is not connected", { status: 409 });
      if (method === CLOSE_CONNECTION) {
        const reason = String((params as { reason?: unknown } | null)?.reason ?? "").slice(0, 100);
        await connection.client.close({ code: 1008, reason, awaitPending: false });
        return { status: "Closed" };
      }
      try {
        return await connection.client.call(method, params);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        // The cause keeps the charger's own error code (NotImplemented, NotSupported: send-limits.server.ts reads it).
        throw new UserError(`The charger did not accept ${method}: ${message}`, { status: 502, cause: error });
      }
    },
    isConnected: (chargePointId) => connections.has(chargePointId),
    async close() {
      const server = started && (await started.catch(() => null));
      await server?.close({ code: 1001, reason: "Server shutting down", awaitPending: false });
    },
  };
}

function createRpcServer(
  deps: Pick<Runtime, "database" | "log">,
  rpc: OcppRpc,
  connections: Map<number, Connection>,
): RPCServer {
  const log: Logger = deps.log;
  const server = new rpc.RPCServer({
    protocols: [...OCPP_PROTOCOLS],
    strictMode: true,
    callTimeoutMs: 20_000,
    pingIntervalMs: 30_000,
    // Ten unreadable messages in a row and the charger is disconnected (it may reconnect and try again).
    maxBadMessages: 10,
    wssOptions: { maxPayload: MAX_FRAME_BYTES, perMessageDeflate: false },
  });

  server.on("error", (error: Error) => log.warn({ err: error }, "OCPP endpoint error"));

  server.auth((accept, reject, handshake) => {
    void (async () => {
      if (handshake.endpoint !== OCPP_PATH) return reject(404, "Not found");
      if (!OCPP_PROTOCOLS.some((protocol) => handshake.protocols.has(protocol)))
        return reject(400, `Offer one of ${OCPP_PROTOCOLS.join(", ")} as the WebSocket subprotocol`);
      const row = await deps.database.db
        .selectFrom("charge_points")
        .select(["id", "depot_id", "identity", "password_hash", "role", "security_profile"])
        .select(["previous_password_hash", "previous_password_until"])
        .where("identity", "=", handshake.identity)
        .executeTakeFirst();
      // An unknown identity and a wrong password are refused alike, before the socket opens; an unknown one is kept
      // for the admins to accept or block (charger-knocks.server.ts).
      if (!row) {
        void recordKnock(deps, handshake.identity, handshake.password, [...handshake.protocols]).catch(
          (error: unknown) => log.warn({ err: error }, "could not keep an unknown charger's knock"),
        );
        return reject(401, "Unauthorized");
      }
      // Its certificate or its password, over a profile at least its own (security/connection-security.server.ts).
      const admitted = await admitConnection(deps, row, handshake.request, () =>
        passwordAccepted(row, handshake.password),
      );
      if (!admitted.ok) return reject(401, "Unauthorized");
      await connectedSecurely(deps, row.id, admitted.level, admitted.certificateId);
      // The new password in use: the old one's grace ends now (password-rotation.server.ts).
      if (row.previous_password_hash && chargePointPasswordMatches(handshake.password, row.password_hash))
        void deps.database.db
          .updateTable("charge_points")
          .set({ previous_password_hash: null, previous_password_until: null })
          .where("id", "=", row.id)
          .execute()
          .catch((error: unknown) => log.warn({ err: error }, "could not end a password's grace"));
      const session: ConnectedPoint = {
        chargePointId: row.id,
        depotId: row.depot_id,
        identity: row.identity,
        role: row.role === "site-meter" ? "site-meter" : "charger",
      };
      accept(session);
    })().catch((error: unknown) => {
      log.error({ err: error }, "OCPP connection check failed");
      reject(503, "Try again later");
    });
  });

  server.on("client", (client: RPCClient & { session: ConnectedPoint; protocol: string }) => {
    const point = client.session;
    const protocol = client.protocol;
    // A charger that reconnects while its old socket is still half-open: the new one wins.
    const previous = connections.get(point.chargePointId);
    if (previous) void previous.client.close({ code: 1000, reason: "Replaced by a new connection" });
    connections.set(point.chargePointId, { client, point, protocol });
    // Its last frames, both ways, for support (frame-log.ts: bounded, in memory).
    client.on("message", ({ message, outbound }: { message: string | Buffer; outbound: boolean }) =>
      frameLog.add(point.chargePointId, outbound ? "out" : "in", message),
    );
    const handle = limitedHandle(log, rpc, point);
    if (protocol === "ocpp1.6") handleOcpp16(client, deps, point, handle);
    else handleOcpp201(client, deps, point, handle);
    // No wildcard handler: ocpp-rpc answers any other action with NotImplemented, as the protocol asks.
    client.on("close", ({ code, reason }: { code: number; reason: string }) => {
      if (connections.get(point.chargePointId)?.client === client) connections.delete(point.chargePointId);
      void recordDisconnected(deps, point, `Connection closed (${code}${reason ? `: ${reason}` : ""})`).catch(
        (error: unknown) => log.warn({ err: error }, "could not record a charger's disconnection"),
      );
    });
    void recordConnected(deps, point, protocol).catch((error: unknown) =>
      log.warn({ err: error }, "could not record a charger's connection"),
    );
  });

  return server;
}

/**
 * Every handler behind a token bucket per connection (a flooding charger gets
 * the protocol's GenericError without touching the database, and the others
 * are not held up), and with a failure logged and answered as InternalError.
 */
function limitedHandle(log: Logger, rpc: OcppRpc, point: ConnectedPoint): Handle {
  let tokens = BURST;
  let filledAt = Date.now();
  return (client, method, handler) => {
    client.handle(method, async ({ params }: IHandlersOption) => {
      const at = Date.now();
      tokens = Math.min(BURST, tokens + ((at - filledAt) / 1000) * PER_SECOND);
      filledAt = at;
      if (tokens < 1) throw rpc.createRPCError("GenericError", "Too many messages: slow down");
      tokens -= 1;
      try {
        return await handler(params as never);
      } catch (error) {
        log.error({ err: error, method, charger: point.identity }, "an OCPP message could not be kept");
        throw rpc.createRPCError("InternalError", "The message could not be kept; send it again");
      }
    });
  };
}

/** The charger's password, or the one before its last rotation while its grace lasts. */
function passwordAccepted(
  row: { password_hash: string; previous_password_hash: string | null; previous_password_until: Date | string | null },
  password: Buffer | undefined,
): boolean {
  if (chargePointPasswordMatches(password, row.password_hash)) return true;
  if (!row.previous_password_hash || row.previous_password_until === null) return false;
  const until = new Date(toIsoString(row.previous_password_until));
  return until.getTime() > Date.now() && chargePointPasswordMatches(password, row.previous_password_hash);
}
