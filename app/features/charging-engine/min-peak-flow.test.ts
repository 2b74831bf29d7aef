import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { minimumPeak, type FlowStay, type Site } from "./min-peak-flow";
import { repeatingPart } from "./min-peak-period";
import { clusters } from "./peak-segments";

/** The groups as a union of stays that share a step, step by step (how clusters worked before it counted). */
function groupsByStep(stays: { start: number; length: number }[], steps: number, included: (i: number) => boolean) {
  const parent = stays.map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i]!)));
  const owner = new Int32Array(steps).fill(-1);
  stays.forEach((s, i) => {
    if (!included(i)) return;
    for (let k = 0; k < s.length; k++) {
      const t = (s.start + k) % steps;
      if (owner[t]! >= 0) parent[find(i)] = find(owner[t]!);
      owner[t] = i;
    }
  });
  const groups = new Map<number, number[]>();
  stays.forEach((_, i) => {
    if (included(i)) groups.set(find(i), [...(groups.get(find(i)) ?? []), i]);
  });
  return [...groups.values()];
}

const sorted = (groups: number[][]) => groups.map((g) => [...g].sort((a, b) => a - b)).sort((a, b) => a[0]! - b[0]!);

describe("the lowest-peak flow's pieces", () => {
  it("groups stays that share a step, across the end of the cycle too, as a step-by-step union does", () => {
    const cycles = fc.integer({ min: 1, max: 60 }).chain((steps) =>
      fc.tuple(
        fc.constant(steps),
        fc.array(
          fc.record({
            start: fc.integer({ min: 0, max: steps - 1 }),
            length: fc.integer({ min: 1, max: steps }),
            left: fc.boolean(),
          }),
          { maxLength: 12 },
        ),
      ),
    );
    fc.assert(
      fc.property(cycles, ([steps, stays]) => {
        const included = (i: number) => !stays[i]!.left;
        expect(sorted(clusters(stays, steps, included))).toEqual(sorted(groupsByStep(stays, steps, included)));
      }),
      { numRuns: 2000, seed: 20261127 },
    );
  });

  it("solves a cycle of weeks that repeat as one week, to the same lowest peak and energy (decision 044)", () => {
    // A day of 6 steps, a week of 42: stays of a week (some running into the next), repeated over 2–5 weeks.
    const week = 42;
    const weekly = fc.record({
      stays: fc.array(
        fc.record({
          start: fc.integer({ min: 0, max: week - 1 }),
          length: fc.integer({ min: 1, max: week }),
          needKwh: fc.integer({ min: 0, max: 60 }),
          capKw: fc.integer({ min: 1, max: 20 }),
          // Some stays charge slower in their second half (a limit that changes within the stay).
          taper: fc.boolean(),
        }),
        { minLength: 1, maxLength: 8 },
      ),
      weeks: fc.integer({ min: 2, max: 5 }),
      building: fc.array(fc.integer({ min: 0, max: 30 }), { minLength: week, maxLength: week }),
      limitKw: fc.integer({ min: 20, max: 200 }),
      // A connection whose limit changes through the week (a profiled one) as often as one that does not.
      limitShares: fc.option(fc.array(fc.integer({ min: 0, max: 100 }), { minLength: week, maxLength: week }), {
        nil: undefined,
      }),
    });
    fc.assert(
      fc.property(weekly, ({ stays, weeks, building, limitKw, limitShares }) => {
        const steps = week * weeks;
        const flowStays: FlowStay[] = [];
        for (let w = 0; w < weeks; w++)
          for (const s of stays) {
            const caps = Float64Array.from({ length: s.length }, (_, k) =>
              s.taper && 2 * k >= s.length ? s.capKw / 2 : s.capKw,
            );
            flowStays.push({
              start: s.start + w * week,
              length: s.length,
              needKwh: s.needKwh,
              caps,
              key: JSON.stringify(s),
            });
          }
        const site: Site = {
          steps,
          dt: 4, // six steps a day
          building: Array.from({ length: steps }, (_, t) => building[t % week]!),
          limitKw,
          limit: Array.from({ length: steps }, (_, t) => (limitKw * (limitShares?.[t % week] ?? 100)) / 100),
          efficiency: 0.9,
        };
        const group = flowStays.map((_, i) => i);
        const rows = flowStays.map((s) => new Float64Array(s.length));
        expect(repeatingPart(group, flowStays, site)).not.toBeNull();
        const once = minimumPeak(group, flowStays, site, rows);
        // The same cycle with a stay that needs nothing added in one week only, within the first stay (so no step more is
        // covered): no longer weeks that repeat, so it is solved whole.
        const odd = [
          ...flowStays,
          { start: stays[0]!.start, length: 1, needKwh: 0, caps: new Float64Array(1), key: "odd" },
        ];
        const whole = minimumPeak([...group, odd.length - 1], odd, site, [
          ...rows.map((r) => r.slice()),
          new Float64Array(1),
        ]);
        expect(once.peakKw).toBeCloseTo(whole.peakKw, 6);
        expect(once.deliveredKwh).toBeCloseTo(whole.deliveredKwh, 6);
        // The plan it gives keeps every limit and the peak, and repeats week by week (counted, then asserted once).
        const load = site.building.slice();
        const broken: string[] = [];
        flowStays.forEach((s, i) =>
          rows[i]!.forEach((kw, k) => {
            if (kw > s.caps[k]! + 1e-9) broken.push(`stay ${i} step ${k}: ${kw} kW over ${s.caps[k]}`);
            load[(s.start + k) % steps]! += kw / site.efficiency;
          }),
        );
        for (let t = 0; t < steps; t++) {
          if (load[t]! > Math.max(Math.min(once.peakKw, site.limit[t]!), site.building[t]!) + 1e-6)
            broken.push(`step ${t}: ${load[t]} kW`);
          if (Math.abs(load[t]! - load[t % week]!) > 1e-9) broken.push(`step ${t} is not step ${t % week}`);
        }
        expect(broken).toEqual([]);
      }),
      { numRuns: 300, seed: 20261127 },
    );
  });

  it("plans a connection cut in some periods exactly: as the uncut one where the cuts stay above its plan, and keeping to the cuts where they do not", () => {
    // Stays of a week over 2–4 weeks on a connection cut to a share of its limit for a few steps of some weeks (a
    // flexible connection's curtailment): not the same limit every week, so the week is solved on each step's most
    // (and least). The answer must be the whole cycle's, solved as one: the same lowest peak and energy.
    const week = 42;
    const cycle = fc.record({
      stays: fc.array(
        fc.record({
          start: fc.integer({ min: 0, max: week - 1 }),
          length: fc.integer({ min: 1, max: week }),
          needKwh: fc.integer({ min: 0, max: 60 }),
          capKw: fc.integer({ min: 1, max: 20 }),
        }),
        { minLength: 1, maxLength: 8 },
      ),
      weeks: fc.integer({ min: 2, max: 4 }),
      limitKw: fc.integer({ min: 5, max: 120 }),
      cuts: fc.array(
        fc.record({
          week: fc.nat(3),
          from: fc.nat(week - 1),
          steps: fc.integer({ min: 1, max: 8 }),
          share: fc.integer({ min: 0, max: 100 }),
        }),
        { minLength: 1, maxLength: 4 },
      ),
    });
    let fitted = 0;
    fc.assert(
      fc.property(cycle, ({ stays, weeks, limitKw, cuts }) => {
        const steps = week * weeks;
        const flowStays: FlowStay[] = [];
        for (let w = 0; w < weeks; w++)
          for (const s of stays)
            flowStays.push({
              start: s.start + w * week,
              length: s.length,
              needKwh: s.needKwh,
              caps: new Float64Array(s.length).fill(s.capKw),
              key: JSON.stringify(s),
            });
        const limit = new Array<number>(steps).fill(limitKw);
        for (const cut of cuts)
          for (let k = 0; k < cut.steps; k++) {
            const t = (cut.week % weeks) * week + cut.from + k;
            if (t < steps) limit[t] = (limitKw * cut.share) / 100;
          }
        const site: Site = {
          steps,
          dt: 4,
          building: new Array<number>(steps).fill(0),
          limitKw,
          limit,
          efficiency: 0.9,
        };
        const group = flowStays.map((_, i) => i);
        const rows = flowStays.map((s) => new Float64Array(s.length));
        const once = minimumPeak(group, flowStays, site, rows);
        // Solved whole: a stay needing nothing, in one week only, makes the cycle not weeks that repeat.
        const odd = [
          ...flowStays,
          { start: stays[0]!.start, length: 1, needKwh: 0, caps: new Float64Array(1), key: "odd" },
        ];
        const whole = minimumPeak([...group, odd.length - 1], odd, site, [
          ...rows.map((r) => r.slice()),
          new Float64Array(1),
        ]);
        expect(once.peakKw).toBeCloseTo(whole.peakKw, 6);
        expect(once.deliveredKwh).toBeCloseTo(whole.deliveredKwh, 6);
        const uncut = minimumPeak(
          group,
          flowStays,
          { ...site, limit: new Array<number>(steps).fill(limitKw) },
          rows.map((r) => r.slice()),
        );
        if (Math.abs(uncut.peakKw - once.peakKw) < 1e-9 && Math.abs(uncut.deliveredKwh - once.deliveredKwh) < 1e-9)
          fitted++;
        // Every step within its own limit (the cut one too) and the peak.
        const load = new Array<number>(steps).fill(0);
        flowStays.forEach((s, i) =>
          rows[i]!.forEach((kw, k) => (load[(s.start + k) % steps]! += kw / site.efficiency)),
        );
        const over = load.flatMap((kw, t) =>
          kw > Math.min(once.peakKw, limit[t]!) + 1e-6 ? [`step ${t}: ${kw} kW`] : [],
        );
        expect(over).toEqual([]);
      }),
      { numRuns: 300, seed: 20261129 },
    );
    // Both kinds came up: cuts the plan never reached, and cuts it had to keep to.
    expect(fitted).toBeGreaterThan(30);
    expect(fitted).toBeLessThan(290);
  });
});
