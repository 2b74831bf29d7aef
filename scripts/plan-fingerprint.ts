// Fingerprints of what the planning engine gives on fixed fixtures, to show
// that a change meant to keep the plans (a faster engine, a refactor) does:
// run it before and after and compare (`npm run plan:fingerprint > a.txt`).
// Each line is a fixture and strategy with a SHA-256 of the whole strategy
// result (every session's kW at every step, the site load, costs and
// shortfalls) and, for the smaller fixtures, of computePlan's summary
// (sizing and business case included; its run time left out).
import { createHash } from "node:crypto";

import { BENCH_INPUT, mixedFleet, spiceEvTaper, tightMixedFleet } from "../app/features/charging-engine/fixtures";
import { planCharging, STRATEGIES, type PlanInput } from "../app/features/charging-engine/index";
import { computePlan, planInputSchema } from "../app/features/planning/index";

const hash = (value: unknown) =>
  createHash("sha256")
    .update(JSON.stringify(value, (_, v) => (v instanceof Float64Array ? Array.from(v) : v)))
    .digest("hex")
    .slice(0, 16);

/** Ten vans' recorded tours over four weeks (one group each), on five chargers: waits, carried deficits. */
function recorded(): PlanInput {
  const input = mixedFleet();
  let seed = 7;
  const next = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
  return {
    ...input,
    vehicles: Array.from({ length: 10 }, (_, n) => {
      const trips = [];
      for (let day = 0; day < 28; day++) {
        if (next() < 0.2) continue;
        const depart = day * 1440 + 300 + Math.floor(next() * 300);
        trips.push({ depart, back: depart + 240 + Math.floor(next() * 500), energyKwh: 10 + next() * 50 });
      }
      return {
        id: `r${n}`,
        name: `Van ${n + 1}`,
        typeId: "van",
        count: 1,
        week: Array(7).fill(null),
        targetSocPct: 90,
        trips,
      };
    }),
    chargers: [{ id: "ac", name: "AC 11 kW", count: 5, powerKw: 11, serves: "all" }],
    horizon: { days: 28, stepMinutes: 15, startWeekday: 0 },
  };
}

const fixtures: [string, PlanInput, boolean][] = [
  ["year, 200 vehicles", BENCH_INPUT, false],
  ["mixed fleet, lowest power 0", mixedFleet(0), false],
  ["mixed fleet, default lowest power", mixedFleet(), false],
  // Uncontrolled charging meets this connection: the year is run whole, jumping over the weeks that repeat (decision 078).
  ["mixed fleet on 400 kVA", { ...mixedFleet(0), site: { ...mixedFleet(0).site, connectionKva: 400 } }, true],
  [
    "tight connection, 56 days",
    tightMixedFleet(56, true, { capacityKwh: 200, powerKw: 60, roundTripEfficiency: 0.9 }),
    true,
  ],
  ["recorded tours, 28 days", recorded(), true],
  ["SpiceEV tapering with a building (issue 57)", spiceEvTaper(), true],
];
for (const [name, input, summary] of fixtures) {
  const result = planCharging(input);
  for (const strategy of STRATEGIES) {
    const one = result.strategies.find((s) => s.strategy === strategy)!;
    console.log(`${name} | ${strategy} | ${hash(one)} | peak ${one.peakKw} kW`);
  }
  // As the plan worker and the sizing run it: figures only, no sessions (the simulations' pieces are never written out as rows).
  const figures = planCharging(input, STRATEGIES, { sessions: false });
  for (const one of figures.strategies) console.log(`${name} | ${one.strategy}, figures only | ${hash(one)}`);
  if (summary) {
    const request = planInputSchema.parse(input);
    const { durationMs: _, computedAt: __, ...rest } = computePlan(request, () => {});
    console.log(`${name} | computePlan summary | ${hash(rest)}`);
  }
}
