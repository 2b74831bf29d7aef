/**
 * A depot's monthly statement: each vehicle's sessions, energy and cost (each
 * session priced by the tariff in force when its energy flowed), the
 * distance that energy drives (its type's consumption from the plan), cost
 * per vehicle and per km, against the plan's month and against diesel for the
 * same distance (the business case's litres per 100 km and fuel price).
 */
import type { DateTime } from "luxon";

import { energyCostPence } from "~/features/charging-records";
import { depotMonthSessions } from "~/features/charging-records/index.server";
import { requireDepot, type DepotViewer } from "~/features/depots/index.server";
import { depotSite } from "~/features/live-control/index.server";
import { DEFAULT_VEHICLE_TYPES, defaultBusinessCase } from "~/features/planning";
import { groupOfTag } from "~/features/vehicles";
import { vehicleTagsByKey } from "~/features/vehicles/index.server";
import { csvFile } from "~/lib/csv";
import { toIsoString } from "~/lib/db/dialect.server";
import { moneyColumns, toPence } from "~/lib/money";
import type { Runtime } from "~/lib/runtime.server";
import { parseMonth } from "~/lib/uk-clock";

type Deps = Pick<Runtime, "database">;

/** One vehicle's month (or all of them): whole pence throughout, each session's cost and diesel rounded once. */
type Figures = { sessions: number; kwh: number; pence: number; km: number; dieselPence: number };
const none = (): Figures => ({ sessions: 0, kwh: 0, pence: 0, km: 0, dieselPence: 0 });

export async function monthlyStatement(deps: Deps, depot: { id: number; name: string }, month: DateTime) {
  const from = month.startOf("month");
  const to = from.plus({ months: 1 });
  const [site, tags, { sessions, readingsOf }] = await Promise.all([
    depotSite(deps, depot.id),
    vehicleTagsByKey(deps, depot.id),
    depotMonthSessions(deps, depot.id, from.toMillis(), to.toMillis()),
  ]);
  const inputs = site.inputs;
  const types = inputs?.vehicleTypes ?? DEFAULT_VEHICLE_TYPES;
  const economics = inputs?.businessCase ?? defaultBusinessCase({ vehicleTypes: types });
  const byVehicle = new Map<string, Figures>();
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
    const row = byVehicle.get(tag) ?? none();
    row.sessions++;
    row.kwh += kwh;
    row.pence += energyCostPence(points, site.tariff);
    row.km += km;
    row.dieselPence += toPence((km / 100) * litres * economics.fuelPencePerLitre);
    byVehicle.set(tag, row);
  }
  const days = to.diff(from, "days").days;
  const total = [...byVehicle.values()].reduce(
    (sum, r) => ({
      sessions: sum.sessions + r.sessions,
      kwh: sum.kwh + r.kwh,
      pence: sum.pence + r.pence,
      km: sum.km + r.km,
      dieselPence: sum.dieselPence + r.dieselPence,
    }),
    none(),
  );
  return {
    month: from.toFormat("yyyy-MM"),
    vehicles: [...byVehicle].sort(([a], [b]) => a.localeCompare(b)).map(([tag, r]) => ({ tag, ...r })),
    total,
    plan: site.planPerDay
      ? {
          kwh: site.planPerDay.energyKwh * days,
          pence: site.planPerDay.costPence * days,
          strategy: site.planPerDay.strategy,
        }
      : null,
    tariff: site.tariff.name,
    fuelPencePerLitre: economics.fuelPencePerLitre,
  };
}

const r1 = (value: number) => Math.round(value * 10) / 10;

/** The depot's month as CSV: every amount as whole pence and as pounds (moneyColumns, as a hub's statement). */
export function vehicleMonthCsv(depotName: string, statement: Awaited<ReturnType<typeof monthlyStatement>>): string {
  const { vehicles, total, plan } = statement;
  const line = (name: string, r: Figures) => [
    name,
    r.sessions,
    r1(r.kwh),
    ...moneyColumns(r.pence),
    r1(r.km),
    // A rate, not an amount: pence per km to a tenth.
    r.km > 0 ? r1(r.pence / r.km) : "",
    ...moneyColumns(r.dieselPence),
    ...moneyColumns(r.dieselPence - r.pence),
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
      "cost_pence",
      "cost_gbp",
      "km",
      "cost_per_km_pence",
      "diesel_same_km_pence",
      "diesel_same_km_gbp",
      "saving_against_diesel_pence",
      "saving_against_diesel_gbp",
    ],
    ...vehicles.map((v) => line(v.tag, v)),
    line("All vehicles", total),
    ["Cost per vehicle", "", "", ...(vehicles.length ? moneyColumns(total.pence / vehicles.length) : [])],
    plan
      ? [`Plan for the month (${plan.strategy})`, "", r1(plan.kwh), ...moneyColumns(plan.pence)]
      : ["Plan for the month", "no charging plan run for this depot"],
  ]);
}

/** The depot's statement of a month ("YYYY-MM", this month when empty) as CSV, for a principal who may read it. */
export async function depotStatementCsv(deps: Deps, viewer: DepotViewer, depotId: number, month: string | null) {
  const depot = await requireDepot(deps.database.db, viewer, depotId, "operations.read");
  const statement = await monthlyStatement(deps, depot, parseMonth(month));
  return { depot, month: statement.month, csv: vehicleMonthCsv(depot.name, statement) };
}

/** The month to show in the depot's report: this one once a vehicle has charged in it, else the last (null if neither). */
export async function latestChargingMonth(deps: Deps, viewer: DepotViewer, depotId: number, now = Date.now()) {
  const depot = await requireDepot(deps.database.db, viewer, depotId, "operations.read");
  const thisMonth = parseMonth(null, now);
  for (const month of [thisMonth, thisMonth.minus({ months: 1 })]) {
    const statement = await monthlyStatement(deps, depot, month);
    if (statement.total.sessions > 0) return statement;
  }
  return null;
}
