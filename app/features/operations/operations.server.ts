/**
 * What the operations dashboard shows of a depot, read from what the chargers
 * told the endpoint: each charger's connection and connectors, the site's
 * load against its limit over the last 24 hours, today's sessions with their
 * energy and cost, faults, and each day against the plan. All from the
 * database, so a reload shows exactly what the live page showed.
 */
import { DateTime } from "luxon";

import { toIsoString } from "~/lib/db/dialect.server";
import type { Runtime } from "~/lib/runtime.server";

import { nextCharging } from "./limits";
import { getOcppEndpoint } from "./ocpp-endpoint.server";
import { costOfEnergy, type EnergyPoint } from "./pricing";
import { limitsFromJson } from "./profile-changes";
import { depotSite, siteLimitKw } from "./site.server";
import { vehiclesDueBack } from "./vehicle-duty";
import { vehicleTagsByKey } from "./vehicle-tags.server";

type Deps = Pick<Runtime, "database">;

const BUCKET_MS = 10 * 60_000;
/**
 * A power reading stands for this long: chargers report every minute to every
 * fifteen. An open session with nothing newer (its charger offline, say) is
 * shown as not reporting rather than as drawing its last power for ever.
 */
const READING_HOLDS_MS = 20 * 60_000;
const DAY_MS = 24 * 3_600_000;
const ZONE = "Europe/London";

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
};

export type SessionView = {
  id: number;
  charger: string;
  connectorId: number;
  vehicle: string | null;
  startedAt: string;
  stoppedAt: string | null;
  energyKwh: number;
  costPounds: number;
  powerKw: number;
  socPct: number | null;
  stopReason: string | null;
  /** What the live controller expects it to miss its target by at departure (kWh), while it charges. */
  shortKwh: number | null;
  shortReason: string | null;
  silentSince: string | null;
  /** While it charges to a schedule the charger holds: its next stretch of charging (to: null, until further notice). */
  planned: { from: string; to: string | null; kw: number } | "none" | null;
};

export type DayView = {
  date: string;
  energyKwh: number;
  peakKw: number;
  costPounds: number;
  sessions: number;
};

const iso = (value: Date | string | null) => (value === null ? null : toIsoString(value));

export async function depotOperations(deps: Deps, depotId: number, now = Date.now()) {
  const [site, tagsByKey] = await Promise.all([depotSite(deps, depotId), vehicleTagsByKey(deps, depotId)]);
  const db = deps.database.db;
  const points = await db
    .selectFrom("charge_points")
    .select([
      "id",
      "identity",
      "name",
      "connectors",
      "max_kw",
      "current_type",
      "protocol",
      "model",
      "connected_at",
      "disconnected_at",
      "last_seen_at",
    ])
    .where("depot_id", "=", depotId)
    .orderBy("name")
    .execute();
  const ids = points.map((p) => p.id);
  const from = now - 7 * DAY_MS;
  const [connectors, sessionRows, events] = ids.length
    ? await Promise.all([
        db.selectFrom("charge_point_connectors").selectAll().where("charge_point_id", "in", ids).execute(),
        db
          .selectFrom("charging_sessions")
          .selectAll()
          .where("charge_point_id", "in", ids)
          .where((eb) => eb.or([eb("stopped_at", "is", null), eb("stopped_at", ">=", new Date(from).toISOString())]))
          .orderBy("started_at", "desc")
          .limit(2000)
          .execute(),
        db
          .selectFrom("charge_point_events")
          .innerJoin("charge_points", "charge_points.id", "charge_point_events.charge_point_id")
          .select([
            "charge_point_events.id",
            "charge_point_events.kind",
            "charge_point_events.detail",
            "charge_point_events.created_at",
            "charge_points.name as charger",
          ])
          .where("charge_point_events.charge_point_id", "in", ids)
          .where("charge_point_events.kind", "in", ["fault", "boot", "disconnected"])
          .orderBy("charge_point_events.id", "desc")
          .limit(12)
          .execute(),
      ])
    : [[], [], []];
  const sessionIds = sessionRows.map((s) => s.id);
  const readings = sessionIds.length
    ? await db
        .selectFrom("meter_readings")
        .select(["session_id", "read_at", "energy_wh", "power_w"])
        .where("session_id", "in", sessionIds)
        .where("read_at", ">=", new Date(from).toISOString())
        .orderBy("read_at")
        .execute()
    : [];
  // One pass over the readings (they come in time order, so each session's stay in order too).
  const bySession = Map.groupBy(readings, (r) => r.session_id!);

  const names = new Map(points.map((p) => [p.id, p.name]));
  const silent = (s: { updated_at: Date | string }) => now - Date.parse(toIsoString(s.updated_at)) > READING_HOLDS_MS;
  const sessions = sessionRows.map((s) => {
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
        startedAt: toIsoString(s.started_at),
        stoppedAt: iso(s.stopped_at),
        energyKwh: Math.max(0, s.meter_last_wh - s.meter_start_wh) / 1000,
        costPounds: costOfEnergy(energy, site.tariff),
        powerKw: s.stopped_at || silent(s) ? 0 : s.power_w / 1000,
        /** When an open session last reported, if that is longer ago than a reading holds. */
        silentSince: !s.stopped_at && silent(s) ? toIsoString(s.updated_at) : null,
        socPct: s.soc_pct,
        stopReason: s.stop_reason,
        shortKwh: s.stopped_at || s.short_kwh === null || s.short_kwh < 0.1 ? null : s.short_kwh,
        shortReason: s.short_reason,
        planned: s.stopped_at ? null : plannedFor(s.limit_schedule, now),
      } satisfies SessionView,
    };
  });

  // The site's charging load in ten-minute steps: each session at its last reported power while it was open.
  // Sampled every ten minutes back from now, so the last point is the load now.
  const buckets = Math.ceil((7 * DAY_MS) / BUCKET_MS);
  const start = now - (buckets - 1) * BUCKET_MS;
  const loadW = new Float64Array(buckets);
  for (const { row, own } of sessions) {
    const opened = Date.parse(toIsoString(row.started_at));
    const closed = row.stopped_at ? Date.parse(toIsoString(row.stopped_at)) : Infinity;
    let k = 0;
    let power = 0;
    let readAt = -Infinity;
    for (let b = 0; b < buckets; b++) {
      const at = start + b * BUCKET_MS;
      while (k < own.length && Date.parse(toIsoString(own[k]!.read_at)) <= at) {
        if (own[k]!.power_w !== null) {
          power = own[k]!.power_w!;
          readAt = Date.parse(toIsoString(own[k]!.read_at));
        }
        k++;
      }
      if (at >= opened && at < closed && at - readAt <= READING_HOLDS_MS) loadW[b]! += power;
    }
  }
  const load = Array.from(loadW, (w, b) => ({
    at: new Date(start + b * BUCKET_MS).toISOString(),
    kw: w / 1000,
    limitKw: siteLimitKw(site, start + b * BUCKET_MS),
  }));

  const today = DateTime.fromMillis(now, { zone: ZONE }).startOf("day");
  const days: DayView[] = [];
  for (let d = 6; d >= 0; d--) {
    const dayStart = today.minus({ days: d });
    const a = dayStart.toMillis();
    const b = dayStart.plus({ days: 1 }).toMillis();
    const of = sessions.filter(({ view }) => Date.parse(view.startedAt) >= a && Date.parse(view.startedAt) < b);
    days.push({
      date: dayStart.toISODate()!,
      energyKwh: of.reduce((sum, s) => sum + s.view.energyKwh, 0),
      costPounds: of.reduce((sum, s) => sum + s.view.costPounds, 0),
      sessions: of.length,
      peakKw: load.filter((p) => Date.parse(p.at) >= a && Date.parse(p.at) < b).reduce((m, p) => Math.max(m, p.kw), 0),
    });
  }

  const endpoint = getOcppEndpoint();
  const chargers: ChargerView[] = points.map((p) => ({
    id: p.id,
    identity: p.identity,
    name: p.name,
    maxKw: p.max_kw,
    currentType: p.current_type,
    protocol: p.protocol,
    model: p.model,
    // Connected here, or (another serving process holds its socket) connected more recently than it last dropped.
    connected:
      (endpoint?.isConnected(p.id) ?? false) ||
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
  }));

  const todayStart = today.toMillis();
  const open = sessions.filter(({ row }) => !row.stopped_at);
  return {
    chargers,
    loadKw: chargers.reduce((sum, c) => sum + c.powerKw, 0),
    limitKw: siteLimitKw(site, now),
    tariff: { name: site.tariff.name, fromPlan: site.tariffFromPlan },
    tags: [...tagsByKey.values()],
    groups: (site.inputs?.vehicles ?? []).map((g) => ({ id: g.id, name: g.name })),
    load: load.filter((p) => Date.parse(p.at) > now - DAY_MS),
    sessionsToday: sessions
      .filter(({ view }) => !view.stoppedAt || Date.parse(view.stoppedAt) >= todayStart)
      .map((s) => s.view)
      .slice(0, 200),
    events: events.map((e) => ({
      id: e.id,
      kind: e.kind,
      detail: e.detail,
      charger: e.charger,
      at: toIsoString(e.created_at),
    })),
    days,
    planPerDay: site.planPerDay,
    // The plan's vehicles away on duty that the live controller keeps room for (smart-charging.server.ts).
    dueBack: vehiclesDueBack(
      site.inputs,
      { tags: open.map(({ row }) => row.id_tag), named: tagsByKey },
      now,
      now + DAY_MS,
      points.reduce((sum, p) => sum + p.connectors, 0) - open.length,
    ).map((d) => ({ group: d.group, vehicles: d.vehicles, at: new Date(d.arrivesAt).toISOString() })),
  };
}

export type DepotOperations = Awaited<ReturnType<typeof depotOperations>>;

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
