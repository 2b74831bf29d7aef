/**
 * A depot over the roadmap's years: in each year its fleet is the vehicles
 * of each group already electric (roadmap.ts), and the year's managed peak
 * is what the planning engine makes of that fleet. Years with the same fleet
 * share one plan (a group replaced over five years changes the fleet five
 * times, not once a year to the end), and moving one group's year plans
 * again only the fleets that did not exist before: the rest come from the
 * memo the caller keeps.
 */
import type { PlanRequest } from "~/features/planning";

import { electricInYear, type GroupReplacement } from "./roadmap";

/** The fleet plugged in at the depot in a year: each group's electric count (groups with none left out). */
export function fleetInYear(
  inputs: PlanRequest,
  replacements: ReadonlyMap<string, GroupReplacement>,
  year: number,
): PlanRequest["vehicles"] {
  return inputs.vehicles.flatMap((group) => {
    const plan = replacements.get(group.id);
    // A group with no replacement set is electric already (it is in today's plan).
    const count = plan ? electricInYear({ ...plan, count: group.count }, year) : group.count;
    return count > 0 ? [{ ...group, count }] : [];
  });
}

/** What names a fleet for the memo: its groups and their counts. */
export const fleetKey = (fleet: PlanRequest["vehicles"]) => fleet.map((g) => `${g.id}×${g.count}`).join(",");

/**
 * Each year's figure (a managed peak, say) for the depot, from `plan` of the
 * year's inputs; a fleet already in `memo` is not planned again. Years with
 * no electric vehicle get `empty`.
 */
export function depotYears<T>(
  inputs: PlanRequest,
  replacements: ReadonlyMap<string, GroupReplacement>,
  years: readonly number[],
  plan: (inputs: PlanRequest) => T,
  empty: T,
  memo: Map<string, T> = new Map(),
): Map<number, T> {
  const byYear = new Map<number, T>();
  for (const year of years) {
    const fleet = fleetInYear(inputs, replacements, year);
    if (!fleet.length) {
      byYear.set(year, empty);
      continue;
    }
    const key = fleetKey(fleet);
    if (!memo.has(key)) memo.set(key, plan({ ...inputs, vehicles: fleet }));
    byYear.set(year, memo.get(key)!);
  }
  return byYear;
}
