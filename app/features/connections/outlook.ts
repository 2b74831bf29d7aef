import { planCharging, type PlanInput } from "~/features/charging-engine";

import { profileBySteps, recordPeriods } from "./offer-limit";
import { offerMostKva, SEASONS, type OfferShape } from "./offer-shape";
import type { OfferOutlook, Shortfall } from "./outlook-schema";

/**
 * What an offer means for a depot's fleet (issue 60, item 2): its plan run on the offer's limit with peak shaving
 * (the strategy that delivers the most, at the lowest peak), and how short vehicles go. A profiled offer is run in
 * winter and in summer; a flexible one without curtailment, then across its record period by period, with the
 * worst period, the one-in-ten (the shortfall that only a tenth of periods pass) and the smallest site battery that
 * would cover the worst. Pure: the plan worker runs it (compute-plan.ts).
 */
const EPS = 1e-6;

function shortfallOn(input: PlanInput, kvaBySteps: number[] | undefined, mostKva: number) {
  const site = { ...input.site, connectionKva: mostKva, connectionKvaByStep: kvaBySteps };
  const result = planCharging({ ...input, site }, ["peak-shaving"], { sessions: false });
  const strategy = result.strategies[0]!;
  const short = strategy.vehicles.filter((v) => v.shortfallKwh > EPS);
  return {
    shortKwh: short.reduce((sum, v) => sum + v.shortfallKwh, 0),
    vehiclesShort: short.length,
    vehicles: short.map((v) => v.vehicle),
    siteKw: strategy.siteKw,
    stepHours: result.stepHours,
  };
}

const figures = ({ shortKwh, vehiclesShort, vehicles }: Shortfall): Shortfall => ({
  shortKwh,
  vehiclesShort,
  vehicles,
});

export function offerOutlook(input: PlanInput, offer: OfferShape): OfferOutlook {
  const mostKva = offerMostKva(offer);
  const outlook: OfferOutlook = {
    offer: offer.name,
    mostKva,
    seasons: null,
    curtailment: null,
    base: figures(shortfallOn(input, undefined, mostKva)),
  };
  if (offer.kind === "profiled") {
    outlook.seasons = SEASONS.map((season) => ({
      season,
      ...figures(shortfallOn(input, profileBySteps(offer.profile, season, input.horizon), mostKva)),
    }));
    // The plan's own figures are its tighter season's.
    outlook.base = [...outlook.seasons].sort((a, b) => b.shortKwh - a.shortKwh)[0]!;
  }
  if (offer.kind === "flexible") outlook.curtailment = acrossRecord(input, offer, mostKva, outlook.base);
  return outlook;
}

function acrossRecord(
  input: PlanInput,
  offer: Extract<OfferShape, { kind: "flexible" }>,
  mostKva: number,
  base: Shortfall,
): NonNullable<OfferOutlook["curtailment"]> {
  const { periods, cut } = recordPeriods(offer, input.horizon);
  // Periods cut alike are planned once.
  const memo = new Map<string, ReturnType<typeof shortfallOn>>();
  const runs = cut.map(({ startsOn, kvaBySteps }) => {
    const key = kvaBySteps.join(",");
    let run = memo.get(key);
    if (!run) memo.set(key, (run = shortfallOn(input, kvaBySteps, mostKva)));
    return { startsOn, kvaBySteps, run };
  });
  const shortfalls = [
    ...runs.map(({ run }) => run.shortKwh),
    ...new Array<number>(periods - runs.length).fill(base.shortKwh),
  ].sort((a, b) => b - a);
  const worst = [...runs].sort((a, b) => b.run.shortKwh - a.run.shortKwh || a.startsOn.localeCompare(b.startsOn))[0];
  const battery =
    worst && worst.run.shortKwh > base.shortKwh + EPS
      ? batteryFor(input, worst.kvaBySteps, mostKva, base.shortKwh)
      : null;
  return {
    record: offer.record,
    periodDays: input.horizon.days,
    periods,
    periodsCut: runs.length,
    periodsShort: runs.filter(({ run }) => run.shortKwh > base.shortKwh + EPS).length,
    worst: worst ? { startsOn: worst.startsOn, ...figures(worst.run) } : null,
    oneInTenKwh: shortfalls[Math.max(0, Math.ceil(periods / 10) - 1)] ?? 0,
    battery,
  };
}

/**
 * The smallest battery power that, given back to the site wherever the record cut it, leaves the worst period no
 * shorter than the uncurtailed plan (bisection: more power never delivers less), and the energy it then gives in
 * its longest run of cut steps (the battery recharges between cuts, where the site has room).
 */
function batteryFor(input: PlanInput, kvaBySteps: number[], mostKva: number, baseShortKwh: number) {
  const pf = input.site.powerFactor;
  const deepest = mostKva - Math.min(...kvaBySteps);
  const withBattery = (kw: number) => kvaBySteps.map((kva) => (kva < mostKva ? Math.min(mostKva, kva + kw / pf) : kva));
  let low = 0;
  let high = deepest * pf;
  for (let i = 0; i < 14 && high - low > Math.max(0.5, high * 0.005); i++) {
    const middle = (low + high) / 2;
    if (shortfallOn(input, withBattery(middle), mostKva).shortKwh <= baseShortKwh + EPS) high = middle;
    else low = middle;
  }
  const powerKw = Math.ceil(high);
  const run = shortfallOn(input, withBattery(powerKw), mostKva);
  // What the site drew above the cut limit, run by run of cut steps: the battery's part.
  let longest = 0;
  let current = 0;
  kvaBySteps.forEach((kva, t) => {
    if (kva >= mostKva) {
      current = 0;
      return;
    }
    current += Math.max(0, run.siteKw[t]! - kva * pf) * run.stepHours;
    longest = Math.max(longest, current);
  });
  return { powerKw, energyKwh: Math.ceil(longest) };
}
