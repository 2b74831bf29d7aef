/**
 * From a contract (asked for, or stored) to what it asks of the hub's week (hub-week.ts), and the check of a request
 * against the accepted contracts it can run beside (contract-periods.ts). One home for both, so a request, the
 * operator's acceptance, an ad hoc visit and the finder ask the same question.
 */
import { DateTime } from "luxon";

import type { PlanInput } from "~/features/charging-engine";
import { UK_ZONE } from "~/lib/uk-dates";
import { UserError } from "~/lib/user-error";

import { addDays, togetherSets, touches, type Dated } from "./contract-periods";
import type { ContractRequest } from "./hub-schemas";
import { checkWeek, type Demand, type WeekCheck } from "./hub-week";
import type { HubView } from "./hubs.server";
import type { VehicleChoice } from "./vehicle-choices.server";
import { shortestStay, withinOpening, type VisitWindow } from "./visit-window";

export type DatedDemand = Demand & Dated;

type ContractRow = {
  id: number;
  vehicles: number;
  battery_kwh: number;
  max_kw: number;
  energy_kwh: number;
  days: string;
  arrive_from: number;
  arrive_to: number;
  depart_from: number;
  depart_to: number;
  starts_on: string | null;
  ends_on: string | null;
};

export const windowOf = (
  row: Omit<ContractRow, "id" | "vehicles" | "battery_kwh" | "max_kw" | "energy_kwh" | "starts_on" | "ends_on">,
): VisitWindow => ({
  days: row.days.split(",").filter(Boolean).map(Number),
  arriveFrom: row.arrive_from,
  arriveTo: row.arrive_to,
  departFrom: row.depart_from,
  departTo: row.depart_to,
});

export const demandOf = (row: ContractRow): DatedDemand => ({
  key: `c${row.id}`,
  vehicles: row.vehicles,
  batteryKwh: row.battery_kwh,
  maxKw: row.max_kw,
  energyKwh: row.energy_kwh,
  window: windowOf(row),
  startsOn: row.starts_on,
  endsOn: row.ends_on,
});

const fieldError = (field: string, message: string) => new UserError(message, { fieldErrors: { [field]: message } });

/** Today's date in the UK (yyyy-MM-dd). */
export const ukToday = (now = Date.now()) => DateTime.fromMillis(now, { zone: UK_ZONE }).toISODate()!;

/** How far ahead a contract may start. */
export const START_DAYS_AHEAD = 365;

/** The days a request runs: from its start (today when not given) for its months (0: no end). */
export function contractDates(request: Pick<ContractRequest, "startsOn" | "months">, today: string): Dated {
  const startsOn = request.startsOn ?? today;
  if (startsOn < today) throw fieldError("startsOn", "A contract cannot start in the past.");
  if (startsOn > addDays(today, START_DAYS_AHEAD))
    throw fieldError("startsOn", `A contract can start at most ${START_DAYS_AHEAD} days ahead.`);
  if (!request.months) return { startsOn, endsOn: null };
  const end = new Date(`${startsOn}T00:00:00Z`);
  end.setUTCMonth(end.getUTCMonth() + request.months);
  return { startsOn, endsOn: addDays(end.toISOString().slice(0, 10), -1) };
}

/**
 * The engine's demand for a visit pattern, or a refusal naming the field: a vehicle type from the haulier's list,
 * energy the battery holds and the shortest stay can take at the vehicle's power, and visits within the hub's opening.
 */
export function demandFor(
  request: Pick<ContractRequest, "vehicleType" | "vehicles" | "energyKwh"> & { window: VisitWindow },
  choices: VehicleChoice[],
  hub: HubView,
  dates: Dated = { startsOn: null, endsOn: null },
): { type: VehicleChoice; demand: DatedDemand } {
  const type = choices.find((c) => c.key === request.vehicleType);
  if (!type) throw fieldError("vehicleType", "Choose a vehicle type from the list.");
  const window = request.window;
  if (request.energyKwh > type.batteryKwh)
    throw fieldError("energyKwh", `A ${type.label} holds ${type.batteryKwh} kWh: a visit cannot put in more.`);
  const hours = shortestStay(window) / 60;
  if (request.energyKwh > type.maxKw * hours)
    throw fieldError(
      "energyKwh",
      `In the shortest stay (${hours.toFixed(2)} h) a ${type.label} takes at most ${(type.maxKw * hours).toFixed(1)} kWh at its ${type.maxKw} kW.`,
    );
  if (!withinOpening(window, { days: hub.openDays, from: hub.openFrom, to: hub.openTo }))
    throw fieldError("days", "The visits must fall within the hub's opening hours.");
  const demand: DatedDemand = {
    key: "new",
    vehicles: request.vehicles,
    batteryKwh: type.batteryKwh,
    maxKw: type.maxKw,
    energyKwh: request.energyKwh,
    window,
    ...dates,
  };
  return { type, demand };
}

/**
 * The engine's check of a demand with every set of accepted contracts that can run beside it within its dates: the
 * first set it does not fit with (and that set, for what would fit instead), or the check with the largest set.
 */
export function checkDated(
  plan: PlanInput,
  accepted: readonly DatedDemand[],
  demand: DatedDemand,
  today: string,
): { check: WeekCheck; beside: DatedDemand[] } {
  const from = demand.startsOn !== null && demand.startsOn > today ? demand.startsOn : today;
  let first: { check: WeekCheck; beside: DatedDemand[] } | null = null;
  for (const beside of togetherSets(accepted, from, demand.endsOn)) {
    const check = checkWeek(plan, [...beside, demand]);
    if (!check.fits) return { check, beside };
    first ??= { check, beside };
  }
  return first!;
}

/** The accepted contracts that can have a visit in the coming week (today to a week on), for the hub's week by hour. */
export const runningThisWeek = (accepted: readonly DatedDemand[], today: string) =>
  accepted.filter((d) => touches(d, today, addDays(today, 7)));

/** A request's visit pattern. */
export const requestWindow = (
  r: Pick<ContractRequest, "days" | "arriveFrom" | "arriveTo" | "departFrom" | "departTo">,
): VisitWindow => ({
  days: r.days,
  arriveFrom: r.arriveFrom,
  arriveTo: r.arriveTo,
  departFrom: r.departFrom,
  departTo: r.departTo,
});
