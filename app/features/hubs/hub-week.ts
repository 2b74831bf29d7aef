/**
 * A hub's week as the planning engine sees it (issue 50, decision 053): the hub's own site and fleet (its depot's
 * plan) with every contracted vehicle added as a vehicle of its own, visiting as its contract says, in the worst case
 * the contract allows (the latest arrival, the earliest departure). The engine's peak shaving plans the week with
 * every vehicle charged at the lowest peak it can; the week fits when that peak is within the hub's connection and
 * no contracted visit leaves short. The week repeats, so a Sunday-night visit runs on into Monday morning.
 */
import { leastShortKwh, planCharging, type PlanInput, type StrategyResult } from "~/features/charging-engine";

import { visitsOf, WEEK_MINUTES, type VisitWindow } from "./visit-window";

/** What a contract asks of the hub: how many vehicles, of what battery and power, when, and the energy a visit. */
export type Demand = {
  key: string;
  vehicles: number;
  batteryKwh: number;
  maxKw: number;
  energyKwh: number;
  window: VisitWindow;
};

export type WeekCheck = {
  fits: boolean;
  /** The lowest peak (kW) at which every vehicle is charged, against the connection's. */
  peakKw: number;
  limitKw: number;
  /** The hub's chargers. */
  chargers: number;
  /** Energy the contracted visits would leave short of (kWh), by the demand's key. */
  shortKwh: Map<string, number>;
  /** Where it does not fit: the least energy the week's visits must go without, whatever the plan (kWh; 0 when none must). */
  leastShortKwh: number;
  /** Hours of the week (0 = Monday 00:00) where the site is at its limit or every charger is taken. */
  fullHours: number[];
  /** By hour of the week: the kW the site has left at its busiest moment, and the chargers free then. */
  byHour: { roomKw: number; chargersFree: number }[];
};

const STEP_MINUTES = 15;
const STEPS_PER_HOUR = 60 / STEP_MINUTES;
/** A visit short by less than this is charged (the engine's own rounding). */
const SHORT_KWH = 0.05;

/** The hub's week with these contracts: the hub's plan, its own fleet's work kept, the contracted vehicles added. */
export function hubWeekInput(hub: PlanInput, demands: readonly Demand[]): PlanInput {
  const types = [...hub.vehicleTypes];
  const groups = [...hub.vehicles];
  for (const d of demands) {
    const typeId = `contract:${d.key}`;
    types.push({ id: typeId, name: typeId, batteryKwh: d.batteryKwh, consumptionKwhPerKm: 1, maxChargeKw: d.maxKw });
    const visits = visitsOf(d.window);
    // The trips between visits (the last one round to the first, a week on), each taking a visit's energy.
    const trips = visits.map((visit, i) => {
      const next = visits[(i + 1) % visits.length]!.arrive + (i + 1 === visits.length ? WEEK_MINUTES : 0);
      const depart = visit.leave % WEEK_MINUTES;
      return { depart, back: depart + (next - visit.leave), energyKwh: d.energyKwh };
    });
    for (let n = 1; n <= d.vehicles; n++)
      groups.push({ id: `${d.key}:${n}`, name: `${d.key}:${n}`, typeId, count: 1, week: [], targetSocPct: 100, trips });
  }
  return {
    ...hub,
    vehicleTypes: types,
    vehicles: groups,
    // Every charger serves every contracted vehicle too.
    chargers: hub.chargers.map((c) =>
      c.serves === "all"
        ? c
        : { ...c, serves: [...c.serves, ...types.slice(hub.vehicleTypes.length).map((t) => t.id)] },
    ),
    horizon: { days: 7, stepMinutes: STEP_MINUTES, startWeekday: 0 },
  };
}

/** Plans the week and says whether it fits, where it is full and what room each hour has left. */
export function checkWeek(hub: PlanInput, demands: readonly Demand[]): WeekCheck {
  const input = hubWeekInput(hub, demands);
  const result = planCharging(input, ["peak-shaving"], { sessions: true });
  const plan = result.strategies[0]!;
  const limitKw = hub.site.connectionKva * hub.site.powerFactor;
  const shortKwh = new Map<string, number>();
  for (const d of demands) {
    let short = 0;
    for (let n = 1; n <= d.vehicles; n++)
      short += plan.vehicles.find((v) => v.vehicle === `${d.key}:${n}`)?.shortfallKwh ?? 0;
    shortKwh.set(d.key, short);
  }
  const byHour = hourly(plan, result.steps, limitKw, chargersOf(hub));
  const fullHours = byHour.flatMap((h, hour) => (h.roomKw <= 0.5 || h.chargersFree <= 0 ? [hour] : []));
  const fits = plan.peakKw <= limitKw + 1e-6 && [...shortKwh.values()].every((kwh) => kwh < SHORT_KWH);
  return {
    fits,
    peakKw: plan.peakKw,
    limitKw,
    chargers: chargersOf(hub),
    shortKwh,
    leastShortKwh: fits ? 0 : leastShortKwh(input),
    fullHours,
    byHour,
  };
}

const chargersOf = (hub: PlanInput) => hub.chargers.reduce((n, c) => n + c.count, 0);

function hourly(plan: StrategyResult, steps: number, limitKw: number, chargers: number) {
  // Chargers taken at each step: every stay, the hub's own fleet's and the contracted, holds its charger throughout.
  const taken = new Array<number>(steps).fill(0);
  for (const session of plan.sessions)
    for (let k = 0; k < session.kw.length; k++) taken[(session.start + k) % steps]! += 1;
  return Array.from({ length: 168 }, (_, hour) => {
    let busiest = 0;
    let most = 0;
    for (let s = hour * STEPS_PER_HOUR; s < (hour + 1) * STEPS_PER_HOUR; s++) {
      busiest = Math.max(busiest, plan.siteKw[s] ?? 0);
      most = Math.max(most, taken[s] ?? 0);
    }
    return { roomKw: Math.max(0, limitKw - busiest), chargersFree: chargers - most };
  });
}
