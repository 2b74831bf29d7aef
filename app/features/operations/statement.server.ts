/**
 * A depot's monthly statement: each vehicle's sessions, energy and cost (each
 * session priced by the tariff in force when its energy flowed), the
 * distance that energy drives (its type's consumption from the plan), cost
 * per vehicle and per km, against the plan's month and against diesel for the
 * same distance (the business case's litres per 100 km and fuel price).
 */
import { DateTime } from "luxon";

import { requireDepot, type DepotViewer } from "~/features/depots/index.server";
import { DEFAULT_VEHICLE_TYPES, defaultBusinessCase } from "~/features/planning";
import { csvFile } from "~/lib/csv";
import { toIsoString } from "~/lib/db/dialect.server";
import type { Runtime } from "~/lib/runtime.server";
import { UserError } from "~/lib/user-error";

import { costOfEnergy } from "./pricing";
import { depotSite } from "./site.server";
import { groupOfTag } from "./vehicle-duty";
import { vehicleTagsByKey } from "./vehicle-tags.server";

type Deps = Pick<Runtime, "database">;
const ZONE = "Europe/London";

/** "2026-11" for the month being asked for; the current month when none is. */
export function parseMonth(value: string | null, now = Date.now()): DateTime {
  if (value === null || value === "") return DateTime.fromMillis(now, { zone: ZONE }).startOf("month");
  const month = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(value) ? DateTime.fromISO(`${value}-01`, { zone: ZONE }) : null;
  if (!month?.isValid || month.year < 2000 || month.year > 2100) throw new UserError("Give the month as YYYY-MM");
  return month;
}

export async function monthlyStatement(deps: Deps, depot: { id: number; name: string }, month: DateTime) {
  const from = month.startOf("month");
  const to = from.plus({ months: 1 });
  const [site, tags] = await Promise.all([depotSite(deps, depot.id), vehicleTagsByKey(deps, depot.id)]);
  const inputs = site.inputs;
  const types = inputs?.vehicleTypes ?? DEFAULT_VEHICLE_TYPES;
  const economics = inputs?.businessCase ?? defaultBusinessCase({ vehicleTypes: types });
  const { sessions, readingsOf } = await monthSessions(deps, depot.id, from, to);
  const byVehicle = new Map<
    string,
    { sessions: number; kwh: number; pounds: number; km: number; dieselPounds: number }
  >();
  for (const s of sessions) {
    const points = [
      { at: toIsoString(s.startedAt), wh: s.startWh },
      ...(readingsOf.get(s.id) ?? []).map((r) => ({ at: toIsoString(r.read_at), wh: r.energy_wh! })),
      { at: toIsoString(s.stoppedAt ?? s.updatedAt), wh: s.lastWh },
    ];
    const kwh = Math.max(0, s.lastWh - s.startWh) / 1000;
    // A named tag is its vehicle's row; any other tag is a row of its own.
    const tag = (s.tag && tags.get(s.tag.toLowerCase())?.vehicle) ?? s.tag ?? "Unknown vehicle";
    const group = groupOfTag(s.tag, inputs, tags);
    const type = types.find((t) => t.id === group?.typeId) ?? types[0]!;
    const litres = economics.vehicles.find((v) => v.typeId === type.id)?.dieselLitresPer100Km ?? 9;
    const km = kwh / type.consumptionKwhPerKm;
    const row = byVehicle.get(tag) ?? { sessions: 0, kwh: 0, pounds: 0, km: 0, dieselPounds: 0 };
    row.sessions++;
    row.kwh += kwh;
    row.pounds += costOfEnergy(points, site.tariff);
    row.km += km;
    row.dieselPounds += (km / 100) * litres * (economics.fuelPencePerLitre / 100);
    byVehicle.set(tag, row);
  }
  const days = to.diff(from, "days").days;
  const total = [...byVehicle.values()].reduce(
    (sum, r) => ({
      sessions: sum.sessions + r.sessions,
      kwh: sum.kwh + r.kwh,
      pounds: sum.pounds + r.pounds,
      km: sum.km + r.km,
      dieselPounds: sum.dieselPounds + r.dieselPounds,
    }),
    { sessions: 0, kwh: 0, pounds: 0, km: 0, dieselPounds: 0 },
  );
  return {
    month: from.toFormat("yyyy-MM"),
    vehicles: [...byVehicle].sort(([a], [b]) => a.localeCompare(b)).map(([tag, r]) => ({ tag, ...r })),
    total,
    plan: site.planPerDay
      ? {
          kwh: site.planPerDay.energyKwh * days,
          pounds: site.planPerDay.costPounds * days,
          strategy: site.planPerDay.strategy,
        }
      : null,
    tariff: site.tariff.name,
    fuelPencePerLitre: economics.fuelPencePerLitre,
  };
}

const r2 = (value: number) => Math.round(value * 100) / 100;
const r1 = (value: number) => Math.round(value * 10) / 10;

export function statementCsv(depotName: string, statement: Awaited<ReturnType<typeof monthlyStatement>>): string {
  const { vehicles, total, plan } = statement;
  const line = (name: string, r: (typeof vehicles)[number] | typeof total) => [
    name,
    r.sessions,
    r1(r.kwh),
    r2(r.pounds),
    r1(r.km),
    r.km > 0 ? r2(r.pounds / r.km) : "",
    r2(r.dieselPounds),
    r2(r.dieselPounds - r.pounds),
  ];
  return csvFile([
    [`Box Charge statement: ${depotName}, ${statement.month}`],
    [
      `Tariff: ${statement.tariff}; diesel at ${statement.fuelPencePerLitre} p/litre; km from each vehicle type's kWh/km`,
    ],
    [],
    [
      "vehicle",
      "sessions",
      "energy_kwh",
      "cost_gbp",
      "km",
      "cost_per_km_gbp",
      "diesel_same_km_gbp",
      "saving_against_diesel_gbp",
    ],
    ...vehicles.map((v) => line(v.tag, v)),
    line("All vehicles", total),
    ["Cost per vehicle", "", "", vehicles.length ? r2(total.pounds / vehicles.length) : ""],
    plan
      ? [`Plan for the month (${plan.strategy})`, "", r1(plan.kwh), r2(plan.pounds)]
      : ["Plan for the month", "no charging plan run for this depot"],
  ]);
}

/** The depot's statement of a month ("YYYY-MM", this month when empty) as CSV, for a principal who may read it. */
export async function depotStatementCsv(deps: Deps, viewer: DepotViewer, depotId: number, month: string | null) {
  const depot = await requireDepot(deps.database.db, viewer, depotId, "operations.read");
  const statement = await monthlyStatement(deps, depot, parseMonth(month));
  return { depot, month: statement.month, csv: statementCsv(depot.name, statement) };
}

/** The month to show in the depot's report: this one once a vehicle has charged in it, else the last (null if neither). */
export async function latestChargingMonth(deps: Deps, viewer: DepotViewer, depotId: number, now = Date.now()) {
  const depot = await requireDepot(deps.database.db, viewer, depotId, "operations.read");
  const thisMonth = DateTime.fromMillis(now, { zone: ZONE }).startOf("month");
  for (const month of [thisMonth, thisMonth.minus({ months: 1 })]) {
    const statement = await monthlyStatement(deps, depot, month);
    if (statement.total.sessions > 0) return statement;
  }
  return null;
}

/** The sessions that started at the depot in [from, to), and each one's energy readings. */
async function monthSessions(deps: Deps, depotId: number, from: DateTime, to: DateTime) {
  const sessions = await deps.database.db
    .selectFrom("charging_sessions")
    .innerJoin("charge_points", "charge_points.id", "charging_sessions.charge_point_id")
    .select([
      "charging_sessions.id",
      "charging_sessions.id_tag as tag",
      "charging_sessions.started_at as startedAt",
      "charging_sessions.stopped_at as stoppedAt",
      "charging_sessions.updated_at as updatedAt",
      "charging_sessions.meter_start_wh as startWh",
      "charging_sessions.meter_last_wh as lastWh",
    ])
    .where("charge_points.depot_id", "=", depotId)
    .where("charging_sessions.started_at", ">=", from.toUTC().toISO()!)
    .where("charging_sessions.started_at", "<", to.toUTC().toISO()!)
    .execute();
  const readings = sessions.length
    ? await deps.database.db
        .selectFrom("meter_readings")
        .select(["session_id", "read_at", "energy_wh"])
        .where(
          "session_id",
          "in",
          sessions.map((s) => s.id),
        )
        .where("energy_wh", "is not", null)
        .execute()
    : [];
  const readingsOf = Map.groupBy(readings, (r) => r.session_id!);
  return { sessions, readingsOf };
}
