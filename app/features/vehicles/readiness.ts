/**
 * The readiness board (issue 49): every vehicle expected to leave within the next day — plugged in or not — with
 * its charge now, its departure and target, the charge it will leave with, and whether it is ready, at risk or will
 * be short. A vehicle on charge is read from the live controller's own decision (its expected shortfall), so the
 * board and the controller never disagree; one not plugged in from the fastest charger the depot has for it, from
 * when it is back.
 */
import type { PlanRequest } from "~/features/planning";

import type { ExpectedVisit } from "./expected-visit";
import { groupOfTag, tripUnderWay, type ToldNeeds, type VehicleTag } from "./vehicle-duty";
import { vehicleNeed } from "./vehicle-need";
import { socNow, type SessionReading, type StateSource, type StoredState } from "./vehicle-state";

const HOUR = 3_600_000;
/** How far ahead the board looks: tonight's and tomorrow morning's departures. */
export const BOARD_HOURS = 24;
/** A vehicle not plugged in is at risk this long before the last moment it could be plugged in and still be ready. */
export const PLUG_IN_MARGIN_MS = HOUR;
/** A shortfall smaller than this (kWh) is rounding, not a vehicle leaving short. */
const SHORT_KWH = 0.1;

export type BoardSession = SessionReading & {
  tag: string | null;
  charger: string;
  connectorId: number;
  /** Its charger is connected and the connector not faulted: it can charge. */
  charging: boolean;
  shortKwh: number | null;
  shortReason: string | null;
  powerKw: number;
  told: ToldNeeds & { by: "vehicle" | "hand" | null };
};

export type ReadinessStatus = "short" | "at risk" | "ready" | "unknown";

export type ReadinessRow = {
  key: string;
  vehicle: string;
  group: string | null;
  /** The charger and connector it is on, or null when not plugged in. */
  charger: string | null;
  powerKw: number | null;
  /** Back from its duty at (ms), when it is on the road now. */
  backAt: number | null;
  soc: { pct: number; at: number; source: StateSource } | null;
  departsAt: number | null;
  departsFrom: StateSource;
  targetPct: number | null;
  leavesWithPct: number | null;
  shortKwh: number;
  status: ReadinessStatus;
  /** Plug in by (ms), for one not plugged in that can still be ready. */
  plugInBy: number | null;
};

export type BoardInput = {
  now: number;
  plan: PlanRequest | null;
  tags: readonly VehicleTag[];
  states: ReadonlyMap<number, StoredState>;
  sessions: readonly BoardSession[];
  /** A hub's visits expected about now: a booked vehicle on charge is shown with its booking's need. */
  visits: readonly ExpectedVisit[];
  /** The fastest charger the depot has (kW), for a vehicle not plugged in yet. */
  fastestKw: number;
};

const ORDER: Record<ReadinessStatus, number> = { short: 0, "at risk": 1, ready: 2, unknown: 3 };

/** The board's rows, the vehicles at risk first, then by departure. */
export function readinessBoard(input: BoardInput): ReadinessRow[] {
  const byKey = new Map(input.tags.map((t) => [t.tag.toLowerCase(), t]));
  const sessionOf = new Map(input.sessions.filter((s) => s.tag).map((s) => [s.tag!.toLowerCase(), s]));
  const rows: ReadinessRow[] = [];
  for (const tag of input.tags) rows.push(rowFor(input, byKey, tag, sessionOf.get(tag.tag.toLowerCase()) ?? null));
  for (const s of input.sessions)
    if (!s.tag || !byKey.has(s.tag.toLowerCase())) rows.push(rowFor(input, byKey, null, s));
  return rows
    .filter((r) => r.charger !== null || (r.departsAt !== null && r.departsAt <= input.now + BOARD_HOURS * HOUR))
    .sort((a, b) => ORDER[a.status] - ORDER[b.status] || (a.departsAt ?? Infinity) - (b.departsAt ?? Infinity));
}

function rowFor(
  input: BoardInput,
  byKey: ReadonlyMap<string, VehicleTag>,
  tag: VehicleTag | null,
  session: BoardSession | null,
): ReadinessRow {
  const { now, plan } = input;
  const tagText = tag?.tag ?? session?.tag ?? null;
  const group = groupOfTag(tagText, plan, byKey);
  const type = group && plan?.vehicleTypes.find((t) => t.id === group.typeId);
  const battery = type?.batteryKwh ?? null;
  const state = tag ? (input.states.get(tag.id) ?? null) : null;
  const soc = socNow(state, session, battery);
  // The controller's own answer (depot-decision.server.ts asks the same function).
  const vehicle = vehicleNeed({ plan, tags: byKey, states: input.states, visits: input.visits }, tagText, session, now);
  const departsFrom: StateSource =
    vehicle?.tier !== undefined
      ? "booking"
      : session?.told.departsAt != null && session.told.departsAt > now
        ? (session.told.by ?? "vehicle")
        : state?.departsAt != null && state.departsAt > now
          ? (state.planSource ?? "fleet")
          : "plan";
  const targetPct =
    state?.neededKwh != null || vehicle?.tier !== undefined
      ? null
      : (state?.targetSocPct ?? group?.targetSocPct ?? null);
  const base = {
    key: tag ? `tag:${tag.id}` : `session:${session!.id}`,
    vehicle: tag?.vehicle ?? session?.tag ?? "A vehicle with no tag",
    group: group?.name ?? null,
    charger: session ? `${session.charger} · ${session.connectorId}` : null,
    powerKw: session ? session.powerKw : null,
    soc,
    departsAt: vehicle?.departsAt ?? null,
    departsFrom,
    targetPct,
  };
  const pct = (kwh: number) => (soc && battery ? Math.min(100, soc.pct + (kwh / battery) * 100) : null);
  if (!vehicle) return { ...base, backAt: null, leavesWithPct: null, shortKwh: 0, status: "unknown", plugInBy: null };
  if (session) {
    const shortKwh = session.shortKwh !== null && session.shortKwh >= SHORT_KWH ? session.shortKwh : 0;
    const status: ReadinessStatus = shortKwh > 0 ? "short" : session.charging ? "ready" : "at risk";
    // On a charger that cannot charge, it leaves with what it has unless it is moved.
    const leavesWithPct = session.charging ? pct(Math.max(0, vehicle.neededKwh - shortKwh)) : (soc?.pct ?? null);
    return { ...base, backAt: null, leavesWithPct, shortKwh, status, plugInBy: null };
  }
  // Not plugged in: from when it is back, on the fastest charger the depot has for it.
  // Back when the plan's trip under way ends, unless it was told to leave before that (then it is not on that trip).
  const planBack = group ? (tripUnderWay(group.week, now)?.back ?? null) : null;
  const toldBack = state?.arrivesAt != null && state.arrivesAt > now ? state.arrivesAt : null;
  const back = toldBack ?? planBack;
  const backAt = back !== null && back < vehicle.departsAt ? back : null;
  const from = Math.max(now, backAt ?? now);
  const kw = Math.min(input.fastestKw, type?.maxChargeKw ?? Infinity);
  const canGetKwh = kw > 0 ? (kw * Math.max(0, vehicle.departsAt - from)) / HOUR : 0;
  const shortKwh = Math.max(0, vehicle.neededKwh - canGetKwh);
  const plugInBy = kw > 0 ? vehicle.departsAt - (vehicle.neededKwh / kw) * HOUR : null;
  const status: ReadinessStatus =
    vehicle.neededKwh < SHORT_KWH
      ? "ready"
      : shortKwh >= SHORT_KWH
        ? "short"
        : plugInBy !== null && Math.max(now, backAt ?? now) >= plugInBy - PLUG_IN_MARGIN_MS
          ? "at risk"
          : "ready";
  return {
    ...base,
    backAt,
    leavesWithPct: pct(Math.min(vehicle.neededKwh, canGetKwh)),
    shortKwh: shortKwh >= SHORT_KWH ? shortKwh : 0,
    status,
    plugInBy: shortKwh >= SHORT_KWH || vehicle.neededKwh < SHORT_KWH ? null : plugInBy,
  };
}

/** The plan's vehicles expected that have no tag at this depot: the board cannot follow them one by one. */
export function unnamedVehicles(
  plan: PlanRequest | null,
  tags: readonly VehicleTag[],
): { group: string; count: number }[] {
  if (!plan) return [];
  return plan.vehicles.flatMap((g) => {
    const named = tags.filter((t) => t.groupId === g.id).length;
    return g.count > named ? [{ group: g.name, count: g.count - named }] : [];
  });
}
