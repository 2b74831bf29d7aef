/**
 * An OCPP-J charger for the tests, built from libraries other than the
 * server's (which uses ocpp-rpc over ws): Node's own WebSocket (undici) for the
 * transport and typed-ocpp, with its own copies of the official 1.6 and 2.0.1
 * schemas, to check every message both ways. A mistake in ocpp-rpc cannot
 * hide behind the same mistake here.
 */
import { request } from "node:http";
import { request as httpsRequest } from "node:https";
import { OCPP16, OCPP20 } from "typed-ocpp";
import { Agent, WebSocket as UndiciWebSocket } from "undici";

export type OcppVersion = "ocpp1.6" | "ocpp2.0.1";
/** What this peer uses of typed-ocpp's namespaces (the same functions in each, typed per version). */
type Check = ((...values: unknown[]) => boolean) & { errors?: unknown };
type Layer = { validate: Check; validateCall: Check; isCall: (message: unknown) => boolean; checkCallResult: Check };
const layerOf = (version: OcppVersion): Layer => (version === "ocpp1.6" ? OCPP16 : OCPP20) as unknown as Layer;

export class OcppCallError extends Error {
  constructor(
    readonly code: string,
    description: string,
  ) {
    super(`${code}: ${description}`);
  }
}

type Pending = { call: unknown[]; resolve: (payload: Record<string, unknown>) => void; reject: (error: Error) => void };
type CallHandler = (payload: Record<string, unknown>) => Record<string, unknown> | Promise<Record<string, unknown>>;

export type OcppPeer = {
  version: OcppVersion;
  /** Sends a call, checked against the schema, and resolves with the server's answer, checked against the call. */
  call: (action: string, payload: Record<string, unknown>) => Promise<Record<string, unknown>>;
  /** Answers the server's calls of one action (the answer is checked against the schema before it is sent). */
  onCall: (action: string, handler: CallHandler) => void;
  /** Every call the server made, in order. */
  received: { action: string; payload: Record<string, unknown> }[];
  /** The actions of this peer's calls the server has answered, in the order the answers arrived (recorded as each
   * arrives, so a handler of the server's next call already sees it: frames in one packet are dispatched before the
   * caller's await resumes). */
  answered: string[];
  /** Sends text as it is (for malformed messages) and resolves with the next frame the server sends. */
  sendRaw: (text: string) => Promise<unknown>;
  closed: Promise<{ code: number; reason: string }>;
  close: () => Promise<void>;
};

let nextId = 0;

/**
 * Over TLS (security profiles 2 and 3, `tls`), the same peer goes through undici's own package, whose WebSocket takes
 * a dispatcher with the root to trust and, for profile 3, the charger's certificate and key; with no password it sends
 * no Basic auth (profile 3).
 */
export type PeerTls = { ca: string; cert?: string; key?: string };

export async function connectOcppPeer(
  baseUrl: string,
  identity: string,
  password: string | null,
  version: OcppVersion,
  tls?: PeerTls,
): Promise<OcppPeer> {
  const layer = layerOf(version);
  const url = `${baseUrl.replace(/^http/, "ws")}/ocpp/${encodeURIComponent(identity)}`;
  const headers: Record<string, string> =
    password === null ? {} : { authorization: `Basic ${Buffer.from(`${identity}:${password}`).toString("base64")}` };
  const socket: WebSocket = tls
    ? (new UndiciWebSocket(url, {
        protocols: [version],
        headers,
        dispatcher: new Agent({ connect: { ca: tls.ca, cert: tls.cert, key: tls.key } }),
      }) as unknown as WebSocket)
    : new WebSocket(url, { protocols: [version], headers } as unknown as string[]);
  const pending = new Map<string, Pending>();
  const handlers = new Map<string, CallHandler>();
  const raw: ((frame: unknown) => void)[] = [];
  const received: OcppPeer["received"] = [];
  const answered: string[] = [];
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.addEventListener("close", (event) => {
      for (const { reject } of pending.values()) reject(new Error(`closed (${event.code})`));
      resolve({ code: event.code, reason: event.reason });
    }),
  );
  await new Promise<void>((resolve, reject) => {
    socket.addEventListener("open", () => resolve(), { once: true });
    socket.addEventListener("error", () => reject(new Error(`could not connect to ${url}`)), { once: true });
  });
  if (socket.protocol !== version) throw new Error(`the server chose ${socket.protocol}, not ${version}`);

  const send = (message: unknown[]) => socket.send(JSON.stringify(message));
  socket.addEventListener("message", (event) => {
    const message: unknown = JSON.parse(String(event.data));
    const waiting = raw.shift();
    if (waiting) return waiting(message);
    if (!layer.validate(message)) throw new Error(`the server sent an invalid message: ${layer.validate.errors}`);
    if (layer.isCall(message)) {
      const [, id, action, payload] = message as unknown as [number, string, string, Record<string, unknown>];
      received.push({ action, payload });
      const handler = handlers.get(action);
      if (!handler) return send([4, id, "NotImplemented", `${action} is not handled by this peer`, {}]);
      void Promise.resolve()
        .then(() => handler(payload))
        .then(
          (answer) => {
            const result = [3, id, answer];
            if (!layer.checkCallResult(result, message))
              throw new Error(`this peer's answer to ${action} breaks the schema: ${layer.checkCallResult.errors}`);
            send(result);
          },
          (error: unknown) => {
            // A handler that throws an OcppCallError answers with that CALLERROR (as a station that is slow to say
            // NotImplemented); anything else is the test's own mistake.
            if (!(error instanceof OcppCallError)) throw error;
            send([4, id, error.code, error.message, {}]);
          },
        );
      return;
    }
    const [type, id] = message as unknown as [number, string];
    const call = pending.get(id);
    if (!call) throw new Error(`an answer to no call: ${JSON.stringify(message)}`);
    pending.delete(id);
    answered.push(call.call[2] as string);
    if (type === 4) {
      const [, , code, description] = message as unknown as [number, string, string, string];
      return call.reject(new OcppCallError(code, description));
    }
    if (!layer.checkCallResult(message, call.call))
      return call.reject(new Error(`the server's answer breaks the schema: ${layer.checkCallResult.errors}`));
    call.resolve((message as unknown as [number, string, Record<string, unknown>])[2]);
  });

  return {
    version,
    received,
    answered,
    closed,
    call(action, payload) {
      const message = [2, `t${++nextId}`, action, payload];
      if (!layer.validateCall(message))
        throw new Error(`this peer's ${action} breaks the schema: ${layer.validateCall.errors}`);
      return new Promise((resolve, reject) => {
        pending.set(message[1] as string, { call: message, resolve, reject });
        send(message);
      });
    },
    onCall: (action, handler) => void handlers.set(action, handler),
    sendRaw(text) {
      return new Promise((resolve) => {
        raw.push(resolve);
        socket.send(text);
      });
    },
    async close() {
      if (socket.readyState !== WebSocket.CLOSED) socket.close(1000);
      await closed;
    },
  };
}

/** The HTTP status with which the server answers a WebSocket upgrade (101 when it accepts it). */
export function upgradeStatus(
  baseUrl: string,
  path: string,
  options: { protocol?: string; authorization?: string; tls?: PeerTls } = {},
): Promise<number> {
  const url = new URL(path, baseUrl);
  return new Promise((resolve, reject) => {
    const req = (options.tls ? httpsRequest : request)({
      ...(options.tls ?? {}),
      host: url.hostname,
      port: url.port,
      path: url.pathname,
      headers: {
        connection: "Upgrade",
        upgrade: "websocket",
        "sec-websocket-version": "13",
        "sec-websocket-key": Buffer.from("electrify-tests!").toString("base64"),
        ...(options.protocol ? { "sec-websocket-protocol": options.protocol } : {}),
        ...(options.authorization ? { authorization: options.authorization } : {}),
      },
    });
    req.on("upgrade", (response, socket) => {
      socket.destroy();
      resolve(response.statusCode ?? 0);
    });
    req.on("response", (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    req.on("error", reject);
    req.end();
  });
}

export const basicAuth = (identity: string, password: string) =>
  `Basic ${Buffer.from(`${identity}:${password}`).toString("base64")}`;

/** The first period's limit (W) of a SetChargingProfile the server sent, in either version. */
export function profileLimitW(payload: Record<string, unknown>): number {
  const p = payload as {
    csChargingProfiles?: { chargingSchedule: { chargingSchedulePeriod: { limit: number }[] } };
    chargingProfile?: { chargingSchedule: { chargingSchedulePeriod: { limit: number }[] }[] };
  };
  return (p.csChargingProfiles?.chargingSchedule.chargingSchedulePeriod ??
    p.chargingProfile!.chargingSchedule[0]!.chargingSchedulePeriod)[0]!.limit;
}

type SentSchedule = {
  startSchedule?: string;
  duration?: number;
  chargingSchedulePeriod: { startPeriod: number; limit: number }[];
};

/**
 * The limit (W) a SetChargingProfile the server sent sets at an instant, read
 * here from the message as OCPP defines it (not with the product's own
 * reader): the period in force since its start, none (null) before the
 * schedule starts or after its duration.
 */
export function profileLimitAtW(payload: Record<string, unknown>, at: number): number | null {
  const p = payload as {
    csChargingProfiles?: { chargingSchedule: SentSchedule };
    chargingProfile?: { chargingSchedule: SentSchedule[] };
  };
  const schedule = p.csChargingProfiles?.chargingSchedule ?? p.chargingProfile!.chargingSchedule[0]!;
  const elapsedS = (at - Date.parse(schedule.startSchedule!)) / 1000;
  if (elapsedS < 0 || (schedule.duration !== undefined && elapsedS >= schedule.duration)) return null;
  let limit: number | null = null;
  for (const period of schedule.chargingSchedulePeriod) if (period.startPeriod <= elapsedS) limit = period.limit;
  return limit;
}
