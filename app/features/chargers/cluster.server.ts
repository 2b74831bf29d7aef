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
import { chargingChanged, depotChanged, relayTo, tagsChanged } from "~/lib/depot-signals.server";
import type { Logger } from "~/lib/log.server";
import { UserError } from "~/lib/user-error";

const CHANNEL = "electrify_box_charge";
/** How long a call waits for some process to say it holds the charger. */
const TAKEN_MS = 2_000;
/** How long it waits for the charger's answer after that (ocpp-rpc gives a charger 20 s). */
const ANSWER_MS = 25_000;

type Message =
  | { kind: "depot"; from: string; depotId: number }
  | { kind: "charging"; from: string; depotId: number }
  | { kind: "tags"; from: string }
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
  const node = new ClusterNode(db, log, local);
  const listener = keepListening(databaseUrl, log, (message) => node.receive(message));
  const stopRelay = relayTo((signal) => node.publish({ ...signal, from: node.me }));
  return {
    call: (chargePointId, method, params) =>
      listener.connected()
        ? node.call(chargePointId, method, params)
        : Promise.reject(new UserError("The charger is not connected", { status: 409 })),
    async close() {
      stopRelay();
      node.closeCalls();
      await listener.close();
    },
  };
}

/** This process on the channel: what it publishes, the calls it waits on, and the calls it serves for others. */
class ClusterNode {
  readonly me = randomUUID();
  private readonly pending = new Map<string, Pending>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly log: Logger,
    private readonly local: Local,
  ) {}

  // Sent through the pool (the listening connection runs one query at a time); messages may then arrive out of
  // order, which none minds: an answer before its "taken" settles the call, and the "taken" finds nothing to do.
  publish(message: Message) {
    sql`SELECT pg_notify(${CHANNEL}, ${JSON.stringify(message)})`.execute(this.db).catch((error: unknown) => {
      this.log.warn({ err: error }, "a Box Charge message could not be sent to the other processes");
    });
  }

  receive(message: Message) {
    if (message.from === this.me) return;
    switch (message.kind) {
      case "depot":
        return depotChanged(message.depotId, { relayed: true });
      case "charging":
        return chargingChanged(message.depotId, { relayed: true });
      case "tags":
        return tagsChanged({ relayed: true });
      case "call":
        return this.serve(message);
      case "taken":
      case "answer":
        return this.settle(message);
    }
  }

  /** Another process's call to a charger this one holds: say so at once, then pass on the charger's answer. */
  private serve(message: Extract<Message, { kind: "call" }>) {
    if (!this.local.isConnected(message.chargePointId)) return;
    const reply = { from: this.me, id: message.id, to: message.from };
    this.publish({ kind: "taken", ...reply });
    void this.local.call(message.chargePointId, message.method, message.params).then(
      (result) => this.publish({ kind: "answer", ...reply, result }),
      (error: unknown) =>
        this.publish({ kind: "answer", ...reply, error: error instanceof Error ? error.message : String(error) }),
    );
  }

  /** A call of this process taken by the one holding the charger (then it waits for the answer), or answered. */
  private settle(message: Extract<Message, { kind: "taken" | "answer" }>) {
    const call = message.to === this.me ? this.pending.get(message.id) : undefined;
    if (!call) return;
    clearTimeout(call.timer);
    if (message.kind === "taken") {
      call.taken = true;
      const noAnswer = new UserError("The charger did not answer", { status: 504 });
      call.timer = setTimeout(() => this.finish(message.id, noAnswer), ANSWER_MS);
      return;
    }
    this.pending.delete(message.id);
    if (message.error !== undefined) call.reject(new UserError(message.error, { status: 502 }));
    else call.resolve(message.result);
  }

  call(chargePointId: number, method: string, params: unknown): Promise<unknown> {
    const id = randomUUID();
    return new Promise((resolve, reject) => {
      const nobody = new UserError("The charger is not connected", { status: 409 });
      this.pending.set(id, {
        taken: false,
        resolve,
        reject,
        timer: setTimeout(() => this.finish(id, nobody), TAKEN_MS),
      });
      this.publish({ kind: "call", from: this.me, id, chargePointId, method, params });
    });
  }

  private finish(id: string, error: Error) {
    const call = this.pending.get(id);
    if (!call) return;
    this.pending.delete(id);
    call.reject(error);
  }

  closeCalls() {
    for (const id of [...this.pending.keys()])
      this.finish(id, new UserError("The server is shutting down", { status: 503 }));
  }
}

/** The connection that LISTENs on the channel, connected again a second after it is lost, until closed. */
function keepListening(databaseUrl: string, log: Logger, receive: (message: Message) => void) {
  let client: pg.Client | null = null;
  let closed = false;
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
  return {
    connected: () => client !== null,
    async close() {
      closed = true;
      await client?.end().catch(() => undefined);
      client = null;
    },
  };
}
