/**
 * The operations page's views of a depot's records (operations.server.ts reads them): each session with its energy,
 * cost and plan, the site's load in ten-minute steps, each of the last seven days, and each charger now. Pure, so
 * the page and its live stream show the same figures from the same rows.
 */
import { DateTime } from "luxon";

import type { DepotChargers } from "~/features/chargers/index.server";
import type { Tariff } from "~/features/charging-engine";
import { energyCostPence, limitsFromJson, nextCharging, type EnergyPoint } from "~/features/charging-records";
import type { DepotRecords } from "~/features/charging-records/index.server";
import type { VehicleTag } from "~/features/vehicles";
import { toIsoString } from "~/lib/db/dialect.server";
import { UK_ZONE } from "~/lib/uk-dates";

const BUCKET_MS = 10 * 60_000;
/**
 * A power reading stands for this long: chargers report every minute to every
 * fifteen. An open session with nothing newer (its charger offline, say) is
 * shown as not reporting rather than as drawing its last power for ever.
 */
const READING_HOLDS_MS = 20 * 60_000;
export const DAY_MS = 24 * 3_600_000;

export type ChargerView = {
  id: number;
  identity: string;
  name: string;
  maxKw: number;
  currentType: string;
  protocol: string | null;
  model: string | null;
  connected: boolean;
  lastSeenAt: string | null;
  powerKw: number;
  connectors: { id: number; status: string; errorCode: string | null }[];
  /** Why the live controller does not manage it (it refused a charging profile), or null; and until when. */
  notManaged: string | null;
  notManagedUntil: "reconnect" | "transaction" | null;
  /** The site's own meter at the connection, registered like a charger (it charges nothing: issue 49). */
  siteMeter: boolean;
  /** The local authorization list it holds (issue 59): how many tags and its version; or why it keeps none. */
  localList: { tags: number | null; version: number } | { unsupported: string } | null;
  /** Connectors held for booked visits now (issue 59); and why it takes no reservations, or null. */
  reservations: { connectorId: number; vehicle: string; until: string }[];
  noReservations: string | null;
};

export type SessionView = {
  id: number;
  charger: string;
  connectorId: number;
  vehicle: string | null;
  /** Whether its tag is named on the depot (the readiness board follows it). */
  named: boolean;
  startedAt: string;
  stoppedAt: string | null;
  energyKwh: number;
  /** Whole pence. */
  costPence: number;
  powerKw: number;
  socPct: number | null;
  stopReason: string | null;
  /** What the live controller expects it to miss its target by at departure (kWh), while it charges. */
  shortKwh: number | null;
  shortReason: string | null;
  silentSince: string | null;
  /** While it charges to a schedule the charger holds: its next stretch of charging (to: null, until further notice). */
  planned: { from: string; to: string | null; kw: number } | "none" | null;
  /** While it charges: what the vehicle told over ISO 15118, or the depot's people set by hand (its departure; the
   * energy it still needs). */
  told: { by: "vehicle" | "hand"; departsAt: string | null; neededKwh: number | null } | null;
};

export type DayView = {
  date: string;
  energyKwh: number;
  peakKw: number;
  /** Whole pence. */
  costPence: number;
  sessions: number;
};

const iso = (value: Date | string | null) => (value === null ? null : toIsoString(value));

/** Each session with what the page shows of it, beside its row and its own readings (in time order). */
export function sessionViews(
  { points, sessionRows, readings }: Pick<DepotChargers, "points"> & DepotRecords,
  tariff: Tariff,
  tagsByKey: Map<string, VehicleTag>,
  now: number,
) {
  // One pass over the readings (they come in time order, so each session's stay in order too).
  const bySession = Map.groupBy(readings, (r) => r.session_id!);
  const names = new Map(points.map((p) => [p.id, p.name]));
  const silent = (s: { updated_at: Date | string }) => now - Date.parse(toIsoString(s.updated_at)) > READING_HOLDS_MS;
  return sessionRows.map((s) => {
    const own = bySession.get(s.id) ?? [];
    const energy: EnergyPoint[] = [
      { at: toIsoString(s.started_at), wh: s.meter_start_wh },
      ...own.filter((r) => r.energy_wh !== null).map((r) => ({ at: toIsoString(r.read_at), wh: r.energy_wh! })),
      { at: toIsoString(s.stopped_at ?? s.updated_at), wh: s.meter_last_wh },
    ];
    return {
      row: s,
      own,
      view: {
        id: s.id,
        charger: names.get(s.charge_point_id) ?? "",
        connectorId: s.connector_id,
        vehicle: (s.id_tag && tagsByKey.get(s.id_tag.toLowerCase())?.vehicle) ?? s.id_tag,
        named: Boolean(s.id_tag && tagsByKey.has(s.id_tag.toLowerCase())),
        startedAt: toIsoString(s.started_at),
        stoppedAt: iso(s.stopped_at),
        energyKwh: Math.max(0, s.meter_last_wh - s.meter_start_wh) / 1000,
        costPence: energyCostPence(energy, tariff),
        powerKw: s.stopped_at || silent(s) ? 0 : s.power_w / 1000,
        /** When an open session last reported, if that is longer ago than a reading holds. */
        silentSince: !s.stopped_at && silent(s) ? toIsoString(s.updated_at) : null,
        socPct: s.soc_pct,
        stopReason: s.stop_reason,
        shortKwh: s.stopped_at || s.short_kwh === null || s.short_kwh < 0.1 ? null : s.short_kwh,
        shortReason: s.short_reason,
        planned: s.stopped_at ? null : plannedFor(s.limit_schedule, now),
        told: s.stopped_at ? null : toldBy(s),
      } satisfies SessionView,
    };
  });
}
type Sessions = ReturnType<typeof sessionViews>;

/** What the vehicle told, with the energy it asked for less what it has had since. */
function toldBy(s: DepotRecords["sessionRows"][number]): SessionView["told"] {
  if (s.ev_departs_at === null && s.ev_needed_wh === null) return null;
  const since = Math.max(0, s.meter_last_wh - (s.ev_needed_from_wh ?? s.meter_last_wh));
  return {
    by: s.ev_needs_source === "hand" ? "hand" : "vehicle",
    departsAt: iso(s.ev_departs_at),
    neededKwh: s.ev_needed_wh === null ? null : Math.max(0, s.ev_needed_wh - since) / 1000,
  };
}

/**
 * The site's charging load over the last seven days in ten-minute steps, sampled back from now (the last point is the
 * load now): each session at its last reported power while it was open, for as long as a reading holds.
 */
export function loadSeries(sessions: Sessions, limitKwAt: (at: number) => number | null, now: number) {
  const buckets = Math.ceil((7 * DAY_MS) / BUCKET_MS);
  const start = now - (buckets - 1) * BUCKET_MS;
  const loadW = new Float64Array(buckets);
  for (const { row, own } of sessions) {
    const opened = Date.parse(toIsoString(row.started_at));
    const closed = row.stopped_at ? Date.parse(toIsoString(row.stopped_at)) : Infinity;
    // Only the steps the session was open at (a week has 1,008; the alerts' minute reads every depot's week).
    const first = Math.max(0, Math.ceil((opened - start) / BUCKET_MS));
    const end = closed === Infinity ? buckets : Math.min(buckets, Math.ceil((closed - start) / BUCKET_MS));
    const readAts = own.map((r) => Date.parse(toIsoString(r.read_at)));
    let k = 0;
    let power = 0;
    let readAt = -Infinity;
    for (let b = first; b < end; b++) {
      const at = start + b * BUCKET_MS;
      while (k < own.length && readAts[k]! <= at) {
        if (own[k]!.power_w !== null) {
          power = own[k]!.power_w!;
          readAt = readAts[k]!;
        }
        k++;
      }
      if (at - readAt <= READING_HOLDS_MS) loadW[b]! += power;
    }
  }
  return Array.from(loadW, (w, b) => ({
    at: new Date(start + b * BUCKET_MS).toISOString(),
    kw: w / 1000,
    limitKw: limitKwAt(start + b * BUCKET_MS),
  }));
}

/** Each of the last seven UK days: the energy, cost and number of the sessions that started in it, and its peak. */
export function dayViews(sessions: Sessions, load: ReturnType<typeof loadSeries>, now: number): DayView[] {
  const today = DateTime.fromMillis(now, { zone: UK_ZONE }).startOf("day");
  const days: DayView[] = [];
  for (let d = 6; d >= 0; d--) {
    const dayStart = today.minus({ days: d });
    const a = dayStart.toMillis();
    const b = dayStart.plus({ days: 1 }).toMillis();
    const of = sessions.filter(({ view }) => Date.parse(view.startedAt) >= a && Date.parse(view.startedAt) < b);
    days.push({
      date: dayStart.toISODate()!,
      energyKwh: of.reduce((sum, s) => sum + s.view.energyKwh, 0),
      costPence: of.reduce((sum, s) => sum + s.view.costPence, 0),
      sessions: of.length,
      peakKw: load.filter((p) => Date.parse(p.at) >= a && Date.parse(p.at) < b).reduce((m, p) => Math.max(m, p.kw), 0),
    });
  }
  return days;
}

/**
 * Each charger now: connected here, or (another serving process holds its socket) connected more recently than it
 * last dropped; the power of its open sessions; its connectors in order.
 */
export function chargerViews(
  { points, connectors, localLists, reservations }: DepotChargers,
  sessions: Sessions,
  connectedHere: (id: number) => boolean,
): ChargerView[] {
  return points.map((p) => ({
    id: p.id,
    identity: p.identity,
    name: p.name,
    maxKw: p.max_kw,
    currentType: p.current_type,
    protocol: p.protocol,
    model: p.model,
    connected:
      connectedHere(p.id) ||
      (p.connected_at !== null &&
        (p.disconnected_at === null || toIsoString(p.disconnected_at) < toIsoString(p.connected_at))),
    lastSeenAt: iso(p.last_seen_at),
    powerKw: sessions
      .filter(({ row }) => row.charge_point_id === p.id && !row.stopped_at)
      .reduce((sum, s) => sum + s.view.powerKw, 0),
    connectors: connectors
      .filter((c) => c.charge_point_id === p.id)
      .sort((a, b) => a.connector_id - b.connector_id)
      .map((c) => ({ id: c.connector_id, status: c.status, errorCode: c.error_code })),
    notManaged: p.profiles_refused,
    notManagedUntil: p.profiles_refused_until,
    siteMeter: p.role === "site-meter",
    localList: localListView(localLists.find((l) => l.charge_point_id === p.id)),
    reservations: reservations
      .filter((r) => r.charge_point_id === p.id)
      .map((r) => ({ connectorId: r.connector_id, vehicle: r.vehicle, until: toIsoString(r.expires_at) })),
    noReservations: p.reservations_unsupported,
  }));
}

function localListView(list: DepotChargers["localLists"][number] | undefined): ChargerView["localList"] {
  if (!list) return null;
  if (list.unsupported) return { unsupported: list.unsupported };
  return { tags: list.tags_digest === null ? null : (list.tag_count ?? 0), version: list.version };
}

/** The next stretch a schedule lets its charger charge, as the sessions card shows it. */
function plannedFor(json: string | null, now: number): SessionView["planned"] {
  const limits = limitsFromJson(json);
  if (!limits) return null;
  const next = nextCharging(limits, now);
  if (!next) return "none";
  return {
    from: new Date(next.from).toISOString(),
    to: Number.isFinite(next.to) ? new Date(next.to).toISOString() : null,
    kw: next.kw,
  };
}
