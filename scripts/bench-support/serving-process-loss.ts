/**
 * A serving process lost under load (issue 61, item 3), for `bench:ocpp`'s PostgreSQL run: one of the two serving
 * processes is killed (SIGKILL) while the chargers charge, and the figures a haulier would ask about are taken:
 *
 * - how long until every charger it held is connected again (target 30 s);
 * - whether every transaction and meter value the server acknowledged before (or after) the kill is in the database,
 *   and whether any transaction is there twice;
 * - the depots' draw against their limits during the reconnection storm (sampled by the bench's own loop).
 *
 * The simulated chargers behave as OCPP asks of real ones: a transaction-related message (a start, a stop, a meter
 * value of a transaction) that got no answer is sent again, the same message, once the charger is connected again;
 * other messages are dropped. Each is counted as acknowledged only when the server answered it.
 */
import pg from "pg";

import type { SimCharger } from "../charger-simulator/sim-charger";

type Call = SimCharger["client"]["call"];
/** What the server acknowledged: transactions by charger (1.6 its id, 2.0.1 the charger's reference) and readings. */
export type Acknowledged = {
  transactions: { identity: string; ref: string; v16: boolean }[];
  readings: { identity: string; at: string }[];
  /** Transaction messages sent again after a reconnection (each found once, not twice, if the first had arrived). */
  resent: number;
  /**
   * Starts answered but sent again after a reconnection, as by a charger whose answer was lost with the connection;
   * and how many of those a 1.6 server answered with another transaction id than the first time (counted twice).
   */
  replayed: number;
  replayedAsNew: number;
};

const OPEN = 1;
/** Messages OCPP says a charger must deliver (sent again after a reconnection until answered). */
const TRANSACTION_MESSAGES = new Set(["StartTransaction", "StopTransaction", "TransactionEvent"]);
const isTransactionMessage = (method: string, params: Record<string, unknown>) =>
  TRANSACTION_MESSAGES.has(method) || (method === "MeterValues" && params.transactionId !== undefined);

/** Wraps a simulated charger's calls: acknowledged ones recorded, transaction messages sent again after reconnecting. */
export function deliverLikeACharger(sim: SimCharger, acknowledged: Acknowledged, call: Call): Call {
  const v16 = sim.protocol === "ocpp1.6";
  // Its open transaction's start as answered: sent again once after each reconnection (the answer "lost").
  let started: { method: string; params: unknown; answer: Record<string, unknown> } | null = null;
  let opens = 0;
  (sim.client as unknown as { on: (event: string, listener: () => void) => void }).on("open", () => {
    if (opens++ === 0 || !started) return;
    const again = started;
    acknowledged.replayed++;
    void call(again.method, again.params).then(
      (answer) => {
        const first = again.answer.transactionId;
        if (v16 && (answer as Record<string, unknown>).transactionId !== first) acknowledged.replayedAsNew++;
      },
      () => undefined,
    );
  });
  return async (method: unknown, params?: unknown, options?: Record<string, unknown>) => {
    const body = (params ?? {}) as Record<string, unknown>;
    for (let attempt = 1; ; attempt++) {
      try {
        const answer = (await call(method, params, options)) as Record<string, unknown>;
        record(acknowledged, sim.identity, v16, String(method), body, answer);
        const event = String(method) === "TransactionEvent" ? body.eventType : null;
        if (method === "StartTransaction" || event === "Started") started = { method: String(method), params, answer };
        if (method === "StopTransaction" || event === "Ended") started = null;
        return answer;
      } catch (error) {
        if (!isTransactionMessage(String(method), body) || attempt === 5) throw error;
        await connected(sim, 60_000);
        acknowledged.resent++;
      }
    }
  };
}

function record(
  acknowledged: Acknowledged,
  identity: string,
  v16: boolean,
  method: string,
  params: Record<string, unknown>,
  answer: Record<string, unknown>,
) {
  if (method === "StartTransaction")
    acknowledged.transactions.push({ identity, ref: String(answer.transactionId), v16 });
  if (method === "TransactionEvent" && params.eventType === "Started")
    acknowledged.transactions.push({
      identity,
      ref: String((params.transactionInfo as { transactionId: string }).transactionId),
      v16,
    });
  if (method === "MeterValues" || method === "TransactionEvent")
    for (const value of (params.meterValue as { timestamp: string }[] | undefined) ?? [])
      acknowledged.readings.push({ identity, at: value.timestamp });
}

/** Resolves once the charger's connection is open again (ocpp-rpc reconnects by itself). */
async function connected(sim: SimCharger, withinMs: number) {
  const deadline = Date.now() + withinMs;
  while ((sim.client as unknown as { state: number }).state !== OPEN && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 100));
}

/** Kills one serving process; answers how many chargers lost their connection and when the last was back. */
export async function killOneServingProcess(pid: number, sims: SimCharger[]) {
  const killedAt = performance.now();
  process.kill(pid, "SIGKILL");
  const open = (s: SimCharger) => (s.client as unknown as { state: number }).state === OPEN;
  // Each charger that lost its connection, and how long after the kill it was connected again (null: not yet).
  const dropped = new Map<SimCharger, number | null>();
  while (performance.now() - killedAt < 120_000) {
    const after = (performance.now() - killedAt) / 1000;
    for (const sim of sims) {
      if (!open(sim) && dropped.get(sim) !== null) dropped.set(sim, null);
      else if (open(sim) && dropped.get(sim) === null) dropped.set(sim, after);
    }
    // Every one that dropped is back (two seconds in, so the closes were all seen).
    if (after > 2 && dropped.size > 0 && [...dropped.values()].every((back) => back !== null)) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  const back = [...dropped.values()];
  return {
    dropped: dropped.size,
    stillOut: back.filter((b) => b === null).length,
    lastBackSeconds: Math.max(0, ...back.map((b) => b ?? Infinity)),
  };
}

/** Checks the database against what the server acknowledged: lost transactions, lost readings, doubled transactions. */
export async function checkAcknowledged(databaseUrl: string, acknowledged: Acknowledged) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  try {
    const sessions = await pool.query<{ identity: string; id: number; transaction_ref: string }>(
      `select cp.identity, s.id, s.transaction_ref from charging_sessions s join charge_points cp on cp.id = s.charge_point_id`,
    );
    const byId = new Set(sessions.rows.map((r) => `${r.identity}|${r.id}`));
    const byRef = new Set(sessions.rows.map((r) => `${r.identity}|${r.transaction_ref}`));
    const lostTransactions = acknowledged.transactions.filter((t) =>
      t.v16 ? !byId.has(`${t.identity}|${t.ref}`) : !byRef.has(`${t.identity}|${t.ref}`),
    ).length;
    const doubled = await pool.query<{ n: string }>(
      `select count(*) as n from (select charge_point_id, transaction_ref from charging_sessions
         group by charge_point_id, transaction_ref having count(*) > 1) twice`,
    );
    const readings = await pool.query<{ identity: string; at: Date }>(
      `select distinct cp.identity, m.read_at as at from meter_readings m join charge_points cp on cp.id = m.charge_point_id`,
    );
    const kept = new Set(readings.rows.map((r) => `${r.identity}|${new Date(r.at).getTime()}`));
    const lostReadings = acknowledged.readings.filter((r) => !kept.has(`${r.identity}|${Date.parse(r.at)}`)).length;
    return {
      transactions: acknowledged.transactions.length,
      resent: acknowledged.resent,
      replayed: acknowledged.replayed,
      replayedAsNew: acknowledged.replayedAsNew,
      readings: acknowledged.readings.length,
      lostTransactions,
      lostReadings,
      doubledTransactions: Number(doubled.rows[0]?.n ?? 0),
    };
  } finally {
    await pool.end();
  }
}
