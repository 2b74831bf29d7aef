/**
 * Box Charge across serving processes on PostgreSQL (decision 032): a
 * charger's socket lives in one process, so what another process must tell it
 * (an action from a page served there) and what all must hear (a depot's
 * chargers changed, for the live pages and the controller) travel by
 * PostgreSQL's LISTEN/NOTIFY on one channel. A call is answered "taken" at
 * once by the process holding the charger and then with the charger's own
 * answer; nobody taking it means no process holds it. On SQLite (one machine)
 * nothing here runs.
 */
import { randomUUID } from "node:crypto";
import { sql, type Kysely } from "kysely";
import pg from "pg";

import type { Database } from "~/lib/db/schema";
import type { Logger } from "~/lib/log.server";
import { UserError } from "~/lib/user-error";

import { chargingChanged, depotChanged, relayTo } from "./live.server";

const CHANNEL = "electrify_box_charge";
/** How long a call waits for some process to say it holds the charger. */
const TAKEN_MS = 2_000;
/** How long it waits for the charger's answer after that (ocpp-rpc gives a charger 20 s). */
const ANSWER_MS = 25_000;

type Message =
  | { kind: "depot"; from: string; depotId: number }
  | { kind: "charging"; from: string; depotId: number }
  | { kind: "call"; from: string; id: string; chargePointId: number; method: string; params: unknown }
  | { kind: "taken"; from: string; id: string; to: string }
  | { kind: "answer"; from: string; id: string; to: string; result?: unknown; error?: string };

type Local = {
  call: (chargePointId: number, method: string, params: unknown) => Promise<unknown>;
  isConnected: (chargePointId: number) => boolean;
};

export type Cluster = {
  /** Calls a charger held by another process; throws "not connected" when none holds it. */
  call: (chargePointId: number, method: string, params: unknown) => Promise<unknown>;
  close: () => Promise<void>;
};

type Pending = { taken: boolean; timer: NodeJS.Timeout; resolve: (v: unknown) => void; reject: (e: Error) => void };

export function startCluster(databaseUrl: string, db: Kysely<Database>, log: Logger, local: Local): Cluster {
  const me = randomUUID();
  const pending = new Map<string, Pending>();
  let client: pg.Client | null = null;
  let closed = false;

  // Sent through the pool (the listening connection runs one query at a time); messages may then arrive out of
  // order, which none minds: an answer before its "taken" settles the call, and the "taken" finds nothing to do.
  const publish = (message: Message) => {
    sql`SELECT pg_notify(${CHANNEL}, ${JSON.stringify(message)})`.execute(db).catch((error: unknown) => {
      log.warn({ err: error }, "a Box Charge message could not be sent to the other processes");
    });
  };

  const receive = (message: Message) => {
    if (message.from === me) return;
    switch (message.kind) {
      case "depot":
        return depotChanged(message.depotId, { relayed: true });
      case "charging":
        return chargingChanged(message.depotId, { relayed: true });
      case "call":
        if (!local.isConnected(message.chargePointId)) return;
        publish({ kind: "taken", from: me, id: message.id, to: message.from });
        void local.call(message.chargePointId, message.method, message.params).then(
          (result) => publish({ kind: "answer", from: me, id: message.id, to: message.from, result }),
          (error: unknown) =>
            publish({
              kind: "answer",
              from: me,
              id: message.id,
              to: message.from,
              error: error instanceof Error ? error.message : String(error),
            }),
        );
        return;
      case "taken":
      case "answer": {
        const call = message.to === me ? pending.get(message.id) : undefined;
        if (!call) return;
        clearTimeout(call.timer);
        if (message.kind === "taken") {
          call.taken = true;
          call.timer = setTimeout(
            () => finish(message.id, new UserError("The charger did not answer", { status: 504 })),
            ANSWER_MS,
          );
          return;
        }
        pending.delete(message.id);
        if (message.error !== undefined) call.reject(new UserError(message.error, { status: 502 }));
        else call.resolve(message.result);
      }
    }
  };

  const finish = (id: string, error: Error) => {
    const call = pending.get(id);
    if (!call) return;
    pending.delete(id);
    call.reject(error);
  };

  const connect = async () => {
    const next = new pg.Client({ connectionString: databaseUrl });
    next.on("notification", (note) => {
      if (note.channel !== CHANNEL || !note.payload) return;
      try {
        receive(JSON.parse(note.payload) as Message);
      } catch (error) {
        log.warn({ err: error }, "an unreadable Box Charge message");
      }
    });
    next.on("error", (error) => {
      log.warn({ err: error }, "the Box Charge listener lost PostgreSQL; reconnecting");
      if (client === next) client = null;
      void next.end().catch(() => undefined);
      if (!closed) setTimeout(() => void connect().catch(retry), 1000).unref();
    });
    await next.connect();
    await next.query(`LISTEN ${CHANNEL}`);
    if (closed) return void (await next.end());
    client = next;
  };
  const retry = (error: unknown) => {
    log.warn({ err: error }, "the Box Charge listener could not connect; trying again");
    if (!closed) setTimeout(() => void connect().catch(retry), 1000).unref();
  };
  void connect().catch(retry);

  const stopRelay = relayTo((signal) => publish({ ...signal, from: me }));

  return {
    call(chargePointId, method, params) {
      if (!client) return Promise.reject(new UserError("The charger is not connected", { status: 409 }));
      const id = randomUUID();
      return new Promise((resolve, reject) => {
        pending.set(id, {
          taken: false,
          resolve,
          reject,
          timer: setTimeout(() => finish(id, new UserError("The charger is not connected", { status: 409 })), TAKEN_MS),
        });
        publish({ kind: "call", from: me, id, chargePointId, method, params });
      });
    },
    async close() {
      closed = true;
      stopRelay();
      for (const id of [...pending.keys()]) finish(id, new UserError("The server is shutting down", { status: 503 }));
      await client?.end().catch(() => undefined);
      client = null;
    },
  };
}
