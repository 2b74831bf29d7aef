import type { z } from "zod";

import { UserError } from "~/lib/user-error";

import { planInputSchema, type PlanRequest } from "./plan-input";

declare const checked: unique symbol;
/** A plan request that passed planInputSchema: only checkPlanRequest makes one. */
export type CheckedPlanRequest = PlanRequest & { readonly [checked]: true };

/**
 * Checks a plan's inputs (from a form, a file, or built from a trip record)
 * against planInputSchema: the request, or a UserError naming every problem
 * by its row. A year of recorded trips is some 70,000 objects to check, so
 * the Trips tab checks the request it builds in the background process
 * (trip-figures.server.ts) and starts the run with what came back.
 */
export function checkPlanRequest(inputs: unknown): CheckedPlanRequest {
  const parsed = planInputSchema.safeParse(inputs);
  if (!parsed.success) throw new UserError(describePlanIssues(parsed.error.issues, inputs));
  return parsed.data as CheckedPlanRequest;
}

const SECTIONS: Record<string, string> = {
  vehicleTypes: "Vehicle type",
  vehicles: "Vehicle group",
  chargers: "Charger",
  tariff: "Tariff",
  site: "Site",
  horizon: "Horizon",
};
const FIELDS: Record<string, string> = {
  name: "Name",
  batteryKwh: "Battery (kWh)",
  consumptionKwhPerKm: "Consumption (kWh/km)",
  maxChargeKw: "Max charge power (kW)",
  chargeCurve: "Charging curve",
  typeId: "Vehicle type",
  count: "Count",
  week: "Duty",
  depart: "Departs",
  return: "Returns",
  km: "Distance (km)",
  energyKwh: "Energy per trip (kWh)",
  targetSocPct: "Target charge (%)",
  swapAt: "Moved off the charger at",
  powerKw: "Power (kW)",
  minKw: "Lowest power (kW)",
  serves: "Serves",
  connectionKva: "Connection (kVA)",
  powerFactor: "Power factor",
  buildingKw: "Building load",
  chargingEfficiency: "Charging efficiency",
  battery: "Site battery",
  capacityKwh: "Battery capacity (kWh)",
  roundTripEfficiency: "Round-trip efficiency",
  defaultPencePerKwh: "Other times (p/kWh)",
  bands: "Bands",
  pencePerKwh: "Rate (p/kWh)",
  from: "From",
  to: "To",
  standingPencePerDay: "Standing charge (p/day)",
  capacityPencePerKvaPerMonth: "Capacity charge (p/kVA/month)",
  days: "Days",
  stepMinutes: "Step",
  startWeekday: "Starts on",
};

function messageFor(issue: z.core.$ZodIssue): string {
  if (issue.code === "invalid_type") return issue.expected === "number" ? "enter a number" : "is missing";
  if (issue.code === "too_small" && issue.origin === "number")
    return `must be at least ${issue.minimum.toLocaleString("en-GB")}`;
  if (issue.code === "too_big" && issue.origin === "number")
    return `must be at most ${issue.maximum.toLocaleString("en-GB")}`;
  if (issue.code === "too_big" && issue.origin === "array") return `at most ${issue.maximum.toLocaleString("en-GB")}`;
  if (issue.code === "invalid_union" || issue.code === "invalid_value") return "is not one of the choices";
  return issue.message;
}

/**
 * Zod's issues as sentences a planner understands, naming the row:
 * "Vehicle group 2 (Night vans), Count: must be at least 1".
 */
export function describePlanIssues(issues: readonly z.core.$ZodIssue[], inputs: unknown): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const issue of issues) {
    const [section, index, ...rest] = issue.path;
    let where = "";
    if (typeof section === "string" && SECTIONS[section]) {
      where = SECTIONS[section]!;
      if (typeof index === "number") {
        const row = (inputs as Record<string, unknown[] | undefined> | null)?.[section]?.[index] as
          { name?: unknown } | undefined;
        where += ` ${index + 1}${typeof row?.name === "string" && row.name.trim() ? ` (${row.name.trim().slice(0, 40)})` : ""}`;
      } else if (typeof index === "string") rest.unshift(index);
      const field = [...rest]
        .reverse()
        .find((part): part is string => typeof part === "string" && FIELDS[part] !== undefined);
      if (field && field !== section) where += `, ${FIELDS[field]}`;
    }
    const generic = /^(Too (small|big)|Invalid|Expected)/.test(issue.message);
    const text = generic
      ? `${where || "Plan"}: ${messageFor(issue)}`
      : issue.code === "custom" || !where
        ? issue.message
        : `${where}: ${issue.message}`;
    if (!seen.has(text)) {
      seen.add(text);
      out.push(text);
    }
  }
  return out.slice(0, 12);
}
