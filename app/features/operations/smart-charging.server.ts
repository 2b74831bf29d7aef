/**
 * The live controller (decision 031): whenever a vehicle plugs in or leaves,
 * a connector faults or is freed, or a charger draws above its limit, and
 * every five minutes besides (departures come closer, tariff bands change),
 * it shares the depot's site limit among the vehicles plugged in (allocate.ts)
 * and sends each charger connected to this process a TxProfile with its
 * share. Lower limits go out before higher ones, so the sum sent holds at
 * every instant; a charger that refuses a profile, or draws above it, is
 * counted at what it draws and the others are tightened.
 *
 * The allocation is a function of the database and the clock, so with
 * several serving processes each computes the same shares and sends its own
 * chargers theirs.
 */

import { toIsoString } from "~/lib/db/dialect.server";
import type { Logger } from "~/lib/log.server";
import type { Runtime } from "~/lib/runtime.server";

import { shareOwn, type SharedPlugged } from "./allocate";
import { composesAbove, markIgnoring } from "./limit-keeping.server";
import { limitAt, type Limits } from "./limits";
import { chargingChanged, depotChanged, limitsLowered, onChargerReady, onChargingChanged } from "./live.server";
import type { OcppEndpoint } from "./ocpp-handler-types";
import { changeOf, constant, limitsFromJson, limitsToJson, limitWAt, sendable } from "./profile-changes";
import { profileFor } from "./profile-requests";
import { scheduleAhead, unlimited } from "./schedule-ahead";
import { depotConnectors, depotSite, siteLimitKw, siteSlots } from "./site.server";
import { everyFiveMinutes, lookForOtherProcesses } from "./smart-charging-rounds.server";
import { vehicleFor, vehiclesDueBack } from "./vehicle-duty";
import { vehicleTagsByKey } from "./vehicle-tags.server";

type Deps = Pick<Runtime, "database" | "log">;
/** Events at a depot within this long are shared out in one go (a new vehicle waits at 0 W meanwhile). */
const DEBOUNCE_MS = 500;
/** How far ahead the live plan looks: a day covers every night's cheap hours. */
const AHEAD_HOURS = 24;
/** A raise this small is not worth a message (a decrease always is). */
const RESEND_W = 100;

/**
 * `relayed`: the other processes' signals reach this one (PostgreSQL's NOTIFY, cluster.server.ts), so their
 * chargers' comings and goings need not be looked for in the database.
 */
export function startSmartCharging(
  deps: Deps,
  endpoint: Pick<OcppEndpoint, "call" | "isConnected">,
  { relayed = false } = {},
): () => void {
  const log: Logger = deps.log;
  const pending = new Map<number, NodeJS.Timeout>();
  /** Sessions whose composite schedule was read back (by this process). */
  const readBack = new Set<number>();
  const running = new Map<number, Promise<void>>();

  // What a session may be drawing now: its last limit (a raise counts from when it is decided), else the default it
  // started at, else its charger's maximum.
  const inForceW = (s: { limitW: number | null; defaultW: number | null; maxKw: number }) =>
    s.limitW ?? s.defaultW ?? s.maxKw * 1000;

  const recompute = async (depotId: number) => {
    const at = Date.now();
    const [site, tags, connectors] = await Promise.all([
      depotSite(deps, depotId),
      vehicleTagsByKey(deps, depotId),
      depotConnectors(deps, depotId),
    ]);
    // One process at a time decides for a depot (SQLite's write lock; on PostgreSQL the depot's row), and the raises
    // it decides count as in force before they are sent: a decision elsewhere never hands out the same kilowatts.
    // The time spent waiting for that lock (another process deciding for the depot) is logged apart from the decision's.
    const asked = Date.now();
    const { open, changes, computedMs, waitedMs } = await deps.database.db.transaction().execute(async (tx) => {
      if (deps.database.engine === "postgres")
        await tx.selectFrom("depots").select("id").where("id", "=", depotId).forUpdate().execute();
      const waitedMs = Date.now() - asked;
      const open = await tx
        .selectFrom("charging_sessions")
        .innerJoin("charge_points", "charge_points.id", "charging_sessions.charge_point_id")
        .select([
          "charging_sessions.id",
          "charging_sessions.transaction_ref as ref",
          "charging_sessions.connector_id as connectorId",
          "charging_sessions.id_tag as tag",
          "charging_sessions.meter_start_wh as startWh",
          "charging_sessions.meter_last_wh as lastWh",
          "charging_sessions.soc_pct as socPct",
          "charging_sessions.power_w as powerW",
          "charging_sessions.limit_w as limitW",
          "charging_sessions.limit_schedule as scheduleJson",
          "charging_sessions.ignores_limit as ignores",
          "charging_sessions.short_kwh as shortKwh",
          "charging_sessions.short_reason as shortReason",
          "charge_points.id as chargePointId",
          "charge_points.max_kw as maxKw",
          "charge_points.protocol",
          "charge_points.default_limit_w as defaultW",
          "charge_points.connected_at as connectedAt",
          "charge_points.disconnected_at as disconnectedAt",
        ])
        .where("charge_points.depot_id", "=", depotId)
        .where("charging_sessions.stopped_at", "is", null)
        .execute();
      // Connected to some serving process (this one, or another that shares the same way), or to none.
      const online = (s: (typeof open)[number]) =>
        endpoint.isConnected(s.chargePointId) ||
        (s.connectedAt !== null &&
          (s.disconnectedAt === null || toIsoString(s.disconnectedAt) < toIsoString(s.connectedAt)));
      // The limits each charger holds over time: its schedule, else its last limit, default or maximum from now on.
      const held = new Map(open.map((s) => [s.id, limitsFromJson(s.scheduleJson) ?? constant(inForceW(s) / 1000)]));
      const plugged: SharedPlugged[] = open.map((s) => {
        const vehicle = vehicleFor(
          s.tag,
          site.inputs,
          at,
          { deliveredKwh: (s.lastWh - s.startWh) / 1000, socPct: s.socPct },
          tags,
        );
        return {
          key: String(s.id),
          maxKw: s.maxKw,
          neededKwh: vehicle?.neededKwh ?? null,
          departsAt: vehicle?.departsAt ?? null,
          own: endpoint.isConnected(s.chargePointId),
          online: online(s),
          inForceKw: limitAt(held.get(s.id)!, at),
          inForce: held.get(s.id)!,
          ...(s.ignores ? { ignoresAtKw: Math.max(s.powerW / 1000, s.maxKw) } : {}),
        };
      });
      // Cheapest first: the plan over the next day, read now (a charger runs its share until the next decision, and one
      // is taken at every five minutes of the UK clock, where tariff bands and the building's hours change).
      const limitKw = siteLimitKw(site, at);
      const slots = limitKw === null ? [] : siteSlots(site, at, AHEAD_HOURS);
      // The plan's vehicles away on duty and due back within the day: room is kept for them from their return.
      const until = slots.length ? slots[slots.length - 1]!.to : at;
      const pluggedTags = { tags: open.map((s) => s.tag), named: tags };
      const dueBack = vehiclesDueBack(site.inputs, pluggedTags, at, until, connectors - open.length);
      const { limitsKw, schedules, short } = shareOwn(limitKw, plugged, at, (all) =>
        limitKw === null ? unlimited(all, at, at) : scheduleAhead(slots, [...all, ...dueBack], at),
      );
      const shortBy = new Map(short.map((s) => [s.key, s]));
      // The schedules that change enough to send, to this process's chargers: every decrease, however small (skipped
      // ones would add up over a depot); a raise only when worth a message. A charger never sent one gets it.
      const changes = open
        .filter((s) => endpoint.isConnected(s.chargePointId) && s.protocol)
        .flatMap((s) => {
          const key = String(s.id);
          const next = sendable(schedules?.get(key) ?? constant(limitsKw.get(key)!));
          const change = changeOf(held.get(s.id)!, next, at, s.limitW === null ? 0 : RESEND_W / 1000);
          return change ? [{ session: s, ...change }] : [];
        });
      // A raise counts from the decision (the charger may draw the higher of the two until it answers).
      for (const { session, then, meanwhile } of changes)
        if (then)
          await tx
            .updateTable("charging_sessions")
            .set({ limit_w: limitWAt(meanwhile, at), limit_schedule: limitsToJson(meanwhile) })
            .where("id", "=", session.id)
            .execute();
      // Only what changed is written: the lock is held for as short a time as it can be.
      for (const s of open) {
        const expected = shortBy.get(String(s.id));
        const shortKwh = expected ? expected.shortKwh : null;
        const same =
          (expected?.reason ?? null) === s.shortReason &&
          (shortKwh === null ? s.shortKwh === null : s.shortKwh !== null && Math.abs(s.shortKwh - shortKwh) < 0.05);
        if (!same)
          await tx
            .updateTable("charging_sessions")
            .set({ short_kwh: shortKwh, short_reason: expected?.reason ?? null })
            .where("id", "=", s.id)
            .execute();
      }
      return { open, changes, computedMs: Date.now() - at - waitedMs, waitedMs };
    });
    let refused = false;
    /** Sends limits; `final`: the charger holds them from its answer on (else a raise follows, and it stays counted at the higher of old and new). */
    const send = async (session: (typeof changes)[number]["session"], limits: Limits, final: boolean) => {
      let accepted = false;
      let why = "Did not take its charging profile";
      try {
        const request = profileFor(
          session.protocol!,
          { id: session.id, ref: session.ref, connectorId: session.connectorId },
          limits,
          at,
        );
        const answer = (await endpoint.call(session.chargePointId, "SetChargingProfile", request)) as {
          status?: string;
        };
        accepted = answer?.status === "Accepted";
        if (!accepted) why = `Answered ${answer?.status ?? "nothing"} to its charging profile`;
      } catch (error) {
        log.warn({ err: error, session: session.id }, "a charger did not take its charging profile");
      }
      // What the charger holds once it has answered (until then it was counted at the higher of old and new).
      const sentAt = new Date().toISOString();
      await deps.database.db
        .updateTable("charging_sessions")
        .set(
          accepted
            ? final
              ? { limit_sent_at: sentAt, limit_w: limitWAt(limits, Date.now()), limit_schedule: limitsToJson(limits) }
              : { limit_sent_at: sentAt }
            : { limit_sent_at: sentAt },
        )
        .where("id", "=", session.id)
        .execute();
      if (!accepted) await markIgnoring(deps, session, why);
      // Once a session, the schedule it will keep to is read back and compared (where the charger supports it).
      else if (final && !session.ignores && !readBack.has(session.id)) {
        // A process's lifetime of sessions, kept small: at worst a session's schedule is read back twice.
        if (readBack.size >= 100_000) readBack.clear();
        readBack.add(session.id);
        if (await composesAbove(deps, endpoint, session, limits)) refused = true;
      }
      if (!accepted && !session.ignores) refused = true;
      return accepted;
    };
    // Every lowering is in force (answered) before any raise goes out; within each half they go out together.
    const lowered = changes.filter((c) => c.first);
    const answered = await Promise.all(lowered.map((c) => send(c.session, c.first!, !c.then)));
    // What this process gave up, the others' chargers may now take (they decide for their own).
    if (lowered.length) limitsLowered(depotId);
    const refusedFirst = new Set(lowered.filter((_, i) => !answered[i]).map((c) => c.session.id));
    await Promise.all(
      changes.filter((c) => c.then && !refusedFirst.has(c.session.id)).map((c) => send(c.session, c.then!, true)),
    );
    log.debug(
      { depotId, sessions: open.length, sent: changes.length, computedMs, waitedMs, ms: Date.now() - at },
      "smart charging recomputed",
    );
    depotChanged(depotId);
    // A refusal changes what the others may have: share again with it counted at its maximum.
    if (refused) chargingChanged(depotId);
  };

  const schedule = (depotId: number) => {
    if (pending.has(depotId)) return;
    pending.set(
      depotId,
      setTimeout(() => {
        pending.delete(depotId);
        const previous = running.get(depotId) ?? Promise.resolve();
        const next = previous
          .then(() => recompute(depotId))
          .catch((error: unknown) => log.error({ err: error, depotId }, "smart charging could not recompute a depot"));
        running.set(depotId, next);
        void next.finally(() => {
          if (running.get(depotId) === next) running.delete(depotId);
        });
      }, DEBOUNCE_MS),
    );
  };

  /**
   * A charger at a depot with a site limit starts every new transaction at 0 W
   * (TxDefaultProfile) until its own share arrives a moment later: a vehicle
   * plugging in never takes the charger's full power on top of the others'.
   */
  const prepareCharger = async ({ chargePointId, depotId }: { chargePointId: number; depotId: number }) => {
    const site = await depotSite(deps, depotId);
    const point = await deps.database.db
      .selectFrom("charge_points")
      .select(["protocol"])
      .where("id", "=", chargePointId)
      .executeTakeFirst();
    if (!point?.protocol || siteLimitKw(site, Date.now()) === null) return;
    let accepted = false;
    try {
      const request = profileFor(point.protocol, null, 0, Date.now());
      const answer = (await endpoint.call(chargePointId, "SetChargingProfile", request)) as { status?: string };
      accepted = answer?.status === "Accepted";
    } catch (error) {
      log.warn({ err: error, chargePointId }, "a charger did not take its default profile");
    }
    await deps.database.db
      .updateTable("charge_points")
      .set({ default_limit_w: accepted ? 0 : null })
      .where("id", "=", chargePointId)
      .execute();
    schedule(depotId);
  };
  const unsubscribeReady = onChargerReady(
    (point) =>
      void prepareCharger(point).catch((error: unknown) => log.warn({ err: error }, "could not prepare a charger")),
  );
  const unsubscribe = onChargingChanged(schedule);
  // On SQLite with several processes, their chargers' comings and goings are looked for in the database; on
  // PostgreSQL they arrive as signals.
  const stopLooking = relayed ? () => undefined : lookForOtherProcesses(deps, schedule);
  const stopRounds = everyFiveMinutes(deps, schedule);
  return () => {
    unsubscribe();
    unsubscribeReady();
    stopRounds();
    stopLooking();
    for (const t of pending.values()) clearTimeout(t);
  };
}
