import { describe, expect, it } from "vitest";

import { defaultPlanInput, type PlanRequest } from "~/features/planning";

import { depotYears, fleetInYear } from "./depot-years";

describe("a depot over the years", () => {
  const inputs = defaultPlanInput({ vehicles: 10, chargers: [] });
  const years = Array.from({ length: 10 }, (_, i) => 2026 + i);
  const vans = inputs.vehicles[0]!.id;

  it("plugs in each year the vehicles already electric, and plans each different fleet once", () => {
    const replacements = new Map([[vans, { count: 10, firstYear: 2027, cycleYears: 5 }]]);
    const planned: number[] = [];
    const plan = (year: PlanRequest) => {
      const count = year.vehicles.reduce((sum, g) => sum + g.count, 0);
      planned.push(count);
      return count * 11;
    };
    const peaks = depotYears(inputs, replacements, years, plan, 0);
    expect([...peaks.values()]).toEqual([0, 22, 44, 66, 88, 110, 110, 110, 110, 110]);
    // Five fleets (2, 4, 6, 8, 10 vans): five plans for ten years.
    expect(planned).toEqual([2, 4, 6, 8, 10]);
    expect(fleetInYear(inputs, replacements, 2026)).toEqual([]);
  });

  it("plans again only the fleets a moved group's year makes new", () => {
    const memo = new Map<string, number>();
    let plans = 0;
    const plan = (year: PlanRequest) => (plans++, year.vehicles[0]!.count);
    depotYears(inputs, new Map([[vans, { count: 10, firstYear: 2027, cycleYears: 5 }]]), years, plan, 0, memo);
    expect(plans).toBe(5);
    // A year later: the same five fleets, a year on. Nothing to plan.
    const later = depotYears(
      inputs,
      new Map([[vans, { count: 10, firstYear: 2028, cycleYears: 5 }]]),
      years,
      plan,
      0,
      memo,
    );
    expect(plans).toBe(5);
    expect(later.get(2028)).toBe(2);
    // Over two years instead of five: fleets of 5 and 10 vans, one of them new.
    depotYears(inputs, new Map([[vans, { count: 10, firstYear: 2027, cycleYears: 2 }]]), years, plan, 0, memo);
    expect(plans).toBe(6);
  });
});
