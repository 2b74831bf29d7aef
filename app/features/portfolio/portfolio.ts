/**
 * The company's depots side by side (issue 33): vehicles, today's managed
 * peak against the connection, the nearest substation's headroom and date,
 * the latest plan's feasibility and payback, and a readiness score to sort
 * by. Readiness is the mean of three scores out of 100, each shown beside it:
 * the substation's headroom (its available per cent), the time vehicles
 * stay (12 hours or more a working day scores 100) and the depot's cost per
 * vehicle (chargers, connection and transformer less grants: nothing scores
 * 100, £15,000 or more scores 0). A score the depot has no figure for is left
 * out of its mean.
 */
import type { PlanRequest, PlanSummary } from "~/features/planning";

export const READY_DWELL_HOURS = 12;
export const COSTLY_PER_VEHICLE = 15_000;
export const SORTS = ["readiness", "headroom", "dwell", "cost", "name"] as const;
export type PortfolioSort = (typeof SORTS)[number];

export type PortfolioRow = {
  id: number;
  name: string;
  address: string;
  vehicles: number | null;
  managedPeakKw: number | null;
  connectionKw: number | null;
  vehiclesShort: number | null;
  planStatus: "none" | "running" | "failed" | "done";
  paybackYear: number | null;
  substation: {
    name: string;
    availablePercent: number | null;
    dataDate: string;
    band: string | null;
    distanceKm: number;
  } | null;
  /** Why there is no substation to show (not placed, none near in the imported data). */
  substationNote: string;
  dwellHours: number | null;
  costPerVehicle: number | null;
  scores: { headroom: number | null; dwell: number | null; cost: number | null };
  readiness: number | null;
};

/** The hours a vehicle spends at the depot on an average working day (weighted by the groups' sizes); null for recorded trips. */
export function dwellHours(inputs: PlanRequest): number | null {
  let hours = 0;
  let days = 0;
  for (const group of inputs.vehicles) {
    if (group.trips) continue;
    for (const day of group.week) {
      if (!day) continue;
      const out = (day.return - day.depart + 1440) % 1440;
      hours += group.count * (24 - out / 60);
      days += group.count;
    }
  }
  return days ? hours / days : null;
}

const clampScore = (value: number) => Math.round(Math.max(0, Math.min(100, value)));

export function portfolioRow(depot: {
  id: number;
  name: string;
  address: string;
  inputs: PlanRequest | null;
  plan: { status: "running" | "done" | "failed"; results: PlanSummary | null } | null;
  substation: PortfolioRow["substation"];
  substationNote: string;
}): PortfolioRow {
  const { inputs, plan } = depot;
  const results = plan?.results ?? null;
  const shaved = results?.strategies.find((s) => s.strategy === "peak-shaving") ?? null;
  const vehicles = inputs ? inputs.vehicles.reduce((sum, g) => sum + g.count, 0) : null;
  const site = results?.businessCase?.site;
  const costPerVehicle =
    site && vehicles
      ? Math.max(0, site.chargersPounds + site.connectionPounds + site.transformerPounds - site.grantPounds) / vehicles
      : null;
  const dwell = inputs ? dwellHours(inputs) : null;
  const available = depot.substation?.availablePercent ?? null;
  const scores = {
    headroom: available === null ? null : clampScore(available),
    dwell: dwell === null ? null : clampScore((dwell / READY_DWELL_HOURS) * 100),
    cost: costPerVehicle === null ? null : clampScore((1 - costPerVehicle / COSTLY_PER_VEHICLE) * 100),
  };
  const known = Object.values(scores).filter((s): s is number => s !== null);
  return {
    id: depot.id,
    name: depot.name,
    address: depot.address,
    vehicles,
    managedPeakKw: shaved?.peakKw ?? null,
    connectionKw: inputs ? inputs.site.connectionKva * inputs.site.powerFactor : null,
    vehiclesShort: shaved?.vehiclesShort ?? null,
    planStatus: plan ? plan.status : "none",
    paybackYear: results?.businessCase?.paybackYear ?? null,
    substation: depot.substation,
    substationNote: depot.substationNote,
    dwellHours: dwell,
    costPerVehicle,
    scores,
    readiness: known.length ? Math.round(known.reduce((a, b) => a + b, 0) / known.length) : null,
  };
}

/** Rows in the order asked for: the highest score first (the lowest cost), depots without the figure last, then by name. */
export function sortPortfolio(rows: PortfolioRow[], sort: PortfolioSort): PortfolioRow[] {
  const key = (row: PortfolioRow): number | null =>
    sort === "readiness" ? row.readiness : sort === "name" ? 0 : row.scores[sort];
  return [...rows].sort((a, b) => {
    const [ka, kb] = [key(a), key(b)];
    if (ka === null && kb !== null) return 1;
    if (kb === null && ka !== null) return -1;
    return (kb ?? 0) - (ka ?? 0) || a.name.localeCompare(b.name);
  });
}
