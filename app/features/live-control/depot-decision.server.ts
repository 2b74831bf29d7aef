/**
 * One decision for a depot (decision 031): under the depot's lock, read its open sessions, share the site limit
 * among them (cheapest first, room kept for the vehicles due back), write the raises as in force from now and each
 * session's expected shortfall, and answer the schedules that changed enough to send to this process's chargers.
 */
import type { Kysely } from "kysely";

import { CANNOT_CHARGE, type OcppEndpoint } from "~/features/chargers";
import { chargersInUse, depotConnectors } from "~/features/chargers/index.server";
import { limitAt, limitsFromJson, type Limits } from "~/features/charging-records";
import { openSessionsAt, recordSessionControl } from "~/features/charging-records/index.server";
import { toldDueBack, vehicleNeed, vehiclesDueBack, type VehiclesKnown } from "~/features/vehicles";
import { expectedVisits, readVehicleStates, vehicleTagsByKey, visitsDueBack } from "~/features/vehicles/index.server";
import { toIsoString } from "~/lib/db/dialect.server";
import type { Database } from "~/lib/db/schema";
import type { Runtime } from "~/lib/runtime.server";

import type { SharedPlugged, shareOwn } from "./allocate";
import { AHEAD_HOURS, changeToSend, liveRoom, shareLive } from "./live-plan";
import { constant, type ProfileChange } from "./profile-changes";
import { depotSite } from "./site.server";

type Deps = Pick<Runtime, "database">;
type Endpoint = Pick<OcppEndpoint, "isConnected">;
/** How soon a vehicle on a faulted connector is planned to charge again (reset, or moved to another charger). */
const RECOVERS_IN_MS = 15 * 60_000;

/**
 * A depot's open sessions as the decision reads them: each session's record (the records' door) with its charger's
 * state (the chargers' door), read in the decision's transaction.
 */
async function openSessions(tx: Kysely<Database>, depotId: number) {
  const sessions = await openSessionsAt(tx, depotId);
  const { points, connectors } = await chargersInUse(
    tx,
    sessions.map((s) => s.chargePointId),
  );
  const pointOf = new Map(points.map((p) => [p.id, p]));
  const statusOf = new Map(connectors.map((c) => [`${c.charge_point_id}:${c.connector_id}`, c.status]));
  return sessions.flatMap((s) => {
    const point = pointOf.get(s.chargePointId);
    if (!point) return [];
    return [
      {
        ...s,
        maxKw: point.max_kw,
        protocol: point.protocol,
        defaultW: point.default_limit_w,
        connectedAt: point.connected_at,
        disconnectedAt: point.disconnected_at,
        profilesRefused: point.profiles_refused,
        connectorStatus: statusOf.get(`${s.chargePointId}:${s.connectorId}`) ?? null,
      },
    ];
  });
}
export type OpenSession = Awaited<ReturnType<typeof openSessions>>[number];

/** A schedule to send to a session's charger: `first` at once (a lowering), `then` once every lowering is answered. */
export type Change = ProfileChange & { session: OpenSession };

// What a session may be drawing now: its last limit (a raise counts from when it is decided), else the default it
// started at, else its charger's maximum.
const inForceW = (s: { limitW: number | null; defaultW: number | null; maxKw: number }) =>
  s.limitW ?? s.defaultW ?? s.maxKw * 1000;

/**
 * Decides for the depot at `at`. One process at a time decides for a depot (SQLite's write lock; on PostgreSQL the
 * depot's row), and the raises it decides count as in force before they are sent: a decision elsewhere never hands
 * out the same kilowatts. The time spent waiting for that lock (another process deciding for the depot) is answered
 * apart from the decision's.
 */
export async function decideDepot(deps: Deps, endpoint: Endpoint, depotId: number, at: number) {
  const [site, tags, connectors, states] = await Promise.all([
    depotSite(deps, depotId, at),
    vehicleTagsByKey(deps, depotId),
    depotConnectors(deps, depotId),
    readVehicleStates(deps, depotId),
  ]);
  // A hub's booked visits within the plan's day (expected-visits.server.ts).
  const visits = await expectedVisits(deps.database.db, depotId, at, at + AHEAD_HOURS * 3_600_000);
  const asked = Date.now();
  return deps.database.db.transaction().execute(async (tx) => {
    if (deps.database.engine === "postgres")
      await tx.selectFrom("depots").select("id").where("id", "=", depotId).forUpdate().execute();
    const waitedMs = Date.now() - asked;
    const open = await openSessions(tx, depotId);
    // Connected to some serving process (this one, or another that shares the same way), or to none.
    const online = (s: OpenSession) =>
      endpoint.isConnected(s.chargePointId) ||
      (s.connectedAt !== null &&
        (s.disconnectedAt === null || toIsoString(s.disconnectedAt) < toIsoString(s.connectedAt)));
    // The limits each charger holds over time: its schedule, else its last limit, default or maximum from now on.
    const held = new Map(open.map((s) => [s.id, limitsFromJson(s.scheduleJson) ?? constant(inForceW(s) / 1000)]));
    const plugged = open.map((s) =>
      pluggedFrom(
        s,
        {
          site,
          plan: site.inputs,
          tags,
          states,
          visits,
          held,
          online: online(s),
          own: endpoint.isConnected(s.chargePointId),
        },
        at,
      ),
    );
    const room = liveRoom(site, at);
    const { until } = room;
    // A hub's booked visits not plugged in yet first (room held until each is late by its grace), then the rest.
    const visitsDue = visitsDueBack(
      visits,
      new Set(open.flatMap((s) => (s.tag ? [s.tag.toUpperCase()] : []))),
      at,
      until,
    );
    const dueBack = [
      ...visitsDue,
      ...dueBackBy(site.inputs, { tags, states, open, connectors: connectors - visitsDue.length }, at, until),
    ];
    const planned = shareLive(room, plugged, dueBack, at);
    // What changes enough to send, to this process's chargers; one that refused a profile since it connected gets none
    // (it is counted at what it draws, send-limits.server.ts).
    const changes: Change[] = open
      .filter((s) => endpoint.isConnected(s.chargePointId) && s.protocol && s.profilesRefused === null)
      .flatMap((s) => {
        const change = changeToSend(held.get(s.id)!, planned, String(s.id), s.limitW !== null, at);
        return change ? [{ session: s, ...change }] : [];
      });
    const { short } = planned;
    await writeDecision(tx, open, changes, new Map(short.map((s) => [s.key, s])), at);
    return { open, changes, computedMs: Date.now() - at - waitedMs, waitedMs };
  });
}

/** What the decision knows of a depot besides its sessions. */
type DepotRead = VehiclesKnown & {
  site: Awaited<ReturnType<typeof depotSite>>;
  held: Map<number, Limits>;
};

/** One open session as the plan sees it: its vehicle's need and departure (vehicles' one answer) and its charger. */
function pluggedFrom(s: OpenSession, read: DepotRead & { online: boolean; own: boolean }, at: number): SharedPlugged {
  const session = {
    id: s.id,
    startWh: s.startWh,
    lastWh: s.lastWh,
    socPct: s.socPct,
    // When the charger told it, not when the session last changed (a limit sent, a meter value without a charge).
    socAt: Date.parse(toIsoString(s.socReadAt ?? s.updatedAt)),
    told: {
      departsAt: s.evDepartsAt === null ? null : Date.parse(toIsoString(s.evDepartsAt)),
      neededWh: s.evNeededWh,
      fromWh: s.evNeededFromWh,
    },
  };
  const vehicle = vehicleNeed(read, s.tag, session, at);
  return {
    key: String(s.id),
    maxKw: s.maxKw,
    // A faulted connector charges nothing, whatever it is sent; it is reset or its vehicle moved (the alert's
    // advice), so it is planned as a vehicle due back a quarter of an hour from now: the room is the others' until
    // then, and kept for it after.
    ...(CANNOT_CHARGE.has(s.connectorStatus ?? "") ? { arrivesAt: at + RECOVERS_IN_MS } : {}),
    neededKwh: vehicle?.neededKwh ?? null,
    departsAt: vehicle?.departsAt ?? null,
    ...(vehicle?.tier !== undefined ? { tier: vehicle.tier } : {}),
    own: read.own,
    online: read.online,
    inForceKw: limitAt(read.held.get(s.id)!, at),
    inForce: read.held.get(s.id)!,
    // One that ignores its limits, or whose charger refused a profile since it connected, may draw its maximum.
    ...(s.ignores || s.profilesRefused !== null ? { ignoresAtKw: Math.max(s.powerW / 1000, s.maxKw) } : {}),
  };
}

/** The vehicles due back: named ones whose return the fleet told, each on its own; the plan's groups for the rest. */
function dueBackBy(
  plan: Awaited<ReturnType<typeof depotSite>>["inputs"],
  depot: {
    tags: Awaited<ReturnType<typeof vehicleTagsByKey>>;
    states: Awaited<ReturnType<typeof readVehicleStates>>;
    open: OpenSession[];
    connectors: number;
  },
  at: number,
  until: number,
) {
  const { tags, states, open, connectors } = depot;
  const pluggedKeys = new Set(open.flatMap((s) => (s.tag ? [s.tag.toLowerCase()] : [])));
  const told = toldDueBack(plan, tags, states, pluggedKeys, at, until);
  const counted = { tags: [...open.map((s) => s.tag), ...told.map((d) => d.tag)], named: tags };
  return [...told, ...vehiclesDueBack(plan, counted, at, until, connectors - open.length - told.length)];
}

/**
 * Writes what the decision changed, and only that (the lock is held for as short a time as it can be): a raise counts
 * from the decision (the charger may draw the higher of the two until it answers), and each session's expected
 * shortfall where it moved by more than 50 Wh or changed its reason.
 */
async function writeDecision(
  tx: Kysely<Database>,
  open: OpenSession[],
  changes: Change[],
  shortBy: Map<string, ReturnType<typeof shareOwn>["short"][number]>,
  at: number,
) {
  for (const { session, then, meanwhile } of changes)
    if (then) await recordSessionControl(tx, session.id, { limits: { limits: meanwhile, at } });
  for (const s of open) {
    const expected = shortBy.get(String(s.id));
    const shortKwh = expected ? expected.shortKwh : null;
    const same =
      (expected?.reason ?? null) === s.shortReason &&
      (shortKwh === null ? s.shortKwh === null : s.shortKwh !== null && Math.abs(s.shortKwh - shortKwh) < 0.05);
    if (!same) await recordSessionControl(tx, s.id, { short: { kwh: shortKwh, reason: expected?.reason ?? null } });
  }
}
