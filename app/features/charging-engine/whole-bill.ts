import { costOptimal } from "./cost-optimal";
import { prepare, type Prepared } from "./prepare";
import { delivered, zeroedRows } from "./schedule";
import { siteBill } from "./summarise";
import type { PlanInput } from "./types";

/** Longer horizons choose the cap on their first four weeks (the same shifts and tariff), then plan the whole horizon with it. */
const SEARCH_DAYS = 28;
/** Caps tried, as shares of the uncapped plan's peak (then the best is refined between its neighbours). */
const SHARES = [1, 0.85, 0.7, 0.55, 0.4, 0.3, 0.2];

export type TradeOffPoint = { peakKw: number; poundsPerYear: number };

/**
 * Cost-optimal charging that counts the whole bill: the cheapest energy at
 * any peak can ask for a connection (and pay a capacity charge on it) far
 * above what a little less cheap energy needs. So the site's peak is capped:
 * for each cap tried, the cheapest schedule within it (earliest departure
 * first, cheapest steps first), costed as energy plus the capacity charge on
 * the kVA its peak needs; the cap with the lowest total that still delivers
 * what the uncapped plan does wins. The points tried are the trade-off
 * between cost and peak that the page draws.
 */
export function wholeBillSearch(input: PlanInput): { capKw: number; tradeOff: TradeOffPoint[] } {
  const capacity = input.tariff.capacityPencePerKvaPerMonth;
  const searched =
    input.horizon.days > SEARCH_DAYS ? { ...input, horizon: { ...input.horizon, days: SEARCH_DAYS } } : input;
  const p = prepare(searched);
  const year = 365 / searched.horizon.days;
  const tryCap = (capKw: number) => {
    const headroom = p.building.map((kw, t) => Math.max(0, Math.min(capKw, p.limit[t]!) - kw) * p.efficiency);
    const { schedule } = costOptimal(p.stays, p.vehicles, p.steps, p.dt, headroom, p.price, 1, zeroedRows(p.schedule));
    const site = p.building.slice();
    p.stays.forEach((s, i) => schedule[i]!.forEach((kw, k) => (site[(s.start + k) % p.steps]! += kw / p.efficiency)));
    const peakKw = site.reduce((max, kw) => Math.max(max, kw), 0);
    const { energyPounds, capacityPounds } = siteBill(site, peakKw, p.context);
    const energyDelivered = schedule.reduce((sum, kw) => sum + delivered(kw, p.dt), 0);
    return { capKw, peakKw, poundsPerYear: (energyPounds + capacityPounds) * year, energyDelivered };
  };
  const uncapped = tryCap(p.limitKw);
  if (capacity <= 0 || uncapped.peakKw <= 0) return { capKw: Infinity, tradeOff: [] };
  const tried = [uncapped, ...SHARES.slice(1).map((share) => tryCap(uncapped.peakKw * share))];
  const enough = (t: (typeof tried)[number]) =>
    t.energyDelivered >= uncapped.energyDelivered - 1e-6 * Math.max(1, uncapped.energyDelivered);
  const cheapest = () => tried.filter(enough).sort((a, b) => a.poundsPerYear - b.poundsPerYear)[0]!;
  // Refine between the best cap's neighbours.
  const best = cheapest();
  const caps = tried.map((t) => t.capKw).sort((a, b) => a - b);
  const at = caps.indexOf(best.capKw);
  for (const neighbour of [caps[at - 1], caps[at + 1]])
    if (neighbour !== undefined) tried.push(tryCap((best.capKw + neighbour) / 2));
  const chosen = cheapest();
  return {
    capKw: chosen === uncapped ? Infinity : chosen.capKw,
    tradeOff: tried
      .filter(enough)
      .map((t) => ({ peakKw: t.peakKw, poundsPerYear: t.poundsPerYear }))
      .sort((a, b) => a.peakKw - b.peakKw),
  };
}

/** The headroom cost-optimal plans within (the connection, and the whole-bill cap below it), and the trade-off tried. */
export function wholeBillHeadroom(
  input: PlanInput,
  prepared: Prepared,
): { headroom: number[]; tradeOff: TradeOffPoint[] } {
  const { capKw, tradeOff } = wholeBillSearch(input);
  if (!Number.isFinite(capKw)) return { headroom: prepared.headroom, tradeOff };
  return {
    headroom: prepared.building.map(
      (kw, t) => Math.max(0, Math.min(capKw, prepared.limit[t]!) - kw) * prepared.efficiency,
    ),
    tradeOff,
  };
}
