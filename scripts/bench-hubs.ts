// Issue 50's benchmark: a hub of 40 chargers (20 of 150 kW DC, 20 of 22 kW AC) under a 1 MW connection, and ten
// hauliers asking for capacity one after another (vans and trucks, evenings and nights, some by day). Each request is
// checked as the product checks it (hub-week.ts: the engine's peak shaving of the hub's week with every accepted
// contract and this one) and accepted where it fits; the time of each check is measured, and of a check against a
// year of contracts between dates. Then four weeks of the accepted contracts' visits, each vehicle
// arriving and leaving at random within its windows, are charged by the live controller's own functions every five
// minutes (scheduleAhead, as depot-decision.server.ts calls it): contracted visits short and minutes over the limit.
// Statements: each haulier's, from the month's metered sessions, equal to the meters × price to the penny.
// Writes the figures to docs/benchmarks.md.
//   npm run bench:hubs

import { TARIFF_PRESETS, type PlanInput } from "../app/features/charging-engine/index";
import {
  addDays,
  buildStatement,
  checkDated,
  checkWeek,
  togetherSets,
  type DatedDemand,
  type Demand,
  type StatementBooking,
} from "../app/features/hubs/index.server";
import { scheduleAhead } from "../app/features/live-control/internals";
import { formatPence } from "../app/lib/money";
import { writeBenchSection } from "./bench-section";
import { random } from "./readiness-sim/depot";

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
const fmt = (n: number, digits = 1) => n.toLocaleString("en-GB", { maximumFractionDigits: digits });
const HOUR = 3_600_000;
const STEP = 5 * 60_000;
const WEEKS = 4;
const BUILDING_KW = 50;

const hub: PlanInput = {
  vehicleTypes: [],
  vehicles: [],
  chargers: [
    { id: "dc", name: "DC 150", count: 20, powerKw: 150, serves: "all" },
    { id: "ac", name: "AC 22", count: 20, powerKw: 22, serves: "all" },
  ],
  site: { connectionKva: 1_000, powerFactor: 1, buildingKw: BUILDING_KW, chargingEfficiency: 1 },
  tariff: TARIFF_PRESETS["day-night"],
  horizon: { days: 7, stepMinutes: 15, startWeekday: 0 },
};

/** Ten hauliers' requests, each several contracts: vans overnight, trucks in the evening, a day shift's top-ups. */
function requests(): Demand[] {
  const next = random(50);
  const out: Demand[] = [];
  for (let h = 0; h < 10; h++)
    for (let c = 0; c < 3; c++) {
      const truck = (h + c) % 3 === 0;
      const byDay = (h + c) % 5 === 4;
      const arrive = byDay ? 9 + Math.floor(next() * 3) : 17 + Math.floor(next() * 4);
      const stay = byDay ? 2 + Math.floor(next() * 2) : truck ? 3 + Math.floor(next() * 3) : 8 + Math.floor(next() * 3);
      out.push({
        key: `h${h}c${c}`,
        vehicles: 2 + Math.floor(next() * 5),
        batteryKwh: truck ? 540 : 75,
        maxKw: truck ? 150 : 11,
        energyKwh: truck ? 250 + Math.floor(next() * 150) : 40 + Math.floor(next() * 25),
        window: {
          days: byDay ? [0, 1, 2, 3, 4] : [0, 1, 2, 3, 4, 5].slice(0, 5 + (h % 2)),
          arriveFrom: arrive * 60,
          arriveTo: arrive * 60 + 60,
          departFrom: ((arrive + 1 + stay) % 24) * 60,
          departTo: ((arrive + 2 + stay) % 24) * 60,
        },
      });
    }
  return out;
}

const accepted: Demand[] = [];
const checkMs: number[] = [];
let refused = 0;
for (const demand of requests()) {
  const started = performance.now();
  const check = checkWeek(hub, [...accepted, demand]);
  checkMs.push(performance.now() - started);
  if (check.fits) accepted.push(demand);
  else refused++;
}
// A year of contracts between dates: each accepted pattern four times over, a quarter each (some running on with no
// end), so the year holds four times the contracts the hub carries at once; a new request for the whole year is checked
// against every set of them that can run together (contract-periods.ts), as the product checks it.
const today = "2027-01-04";
const quarters = ["2027-01-04", "2027-04-05", "2027-07-05", "2027-10-04"];
const yearContracts: DatedDemand[] = accepted.flatMap((d, i) =>
  quarters.map((startsOn, q) => ({
    ...d,
    key: `${d.key}q${q}`,
    startsOn,
    endsOn: q === 3 && i % 3 === 0 ? null : addDays(quarters[q + 1] ?? "2028-01-03", -1),
  })),
);
const yearRequest: DatedDemand = { ...requests()[0]!, key: "year", vehicles: 1, startsOn: today, endsOn: "2027-12-31" };
const yearMs: number[] = [];
for (let r = 0; r < 20; r++) {
  const started = performance.now();
  checkDated(hub, yearContracts, yearRequest, today);
  yearMs.push(performance.now() - started);
}
const yearSets = togetherSets(yearContracts, today, "2027-12-31").length;
checkMs.sort((a, b) => a - b);
yearMs.sort((a, b) => a - b);

/** Four weeks of the accepted contracts' visits, charged by the controller; shortfalls and minutes over the limit. */
function month() {
  const next = random(51);
  type Visit = { key: string; arrive: number; leave: number; needKwh: number; had: number; maxKw: number };
  const visits: Visit[] = [];
  for (let w = 0; w < WEEKS; w++)
    for (const d of accepted)
      for (let v = 0; v < d.vehicles; v++)
        for (const day of d.window.days) {
          const base = (w * 7 + day) * 24 * HOUR;
          const arrive =
            base +
            (d.window.arriveFrom + Math.floor(next() * ((d.window.arriveTo - d.window.arriveFrom) / 15 + 1)) * 15) *
              60_000;
          const leaveBase =
            base + d.window.departFrom * 60_000 + (d.window.departFrom <= d.window.arriveTo ? 24 * HOUR : 0);
          const leave =
            leaveBase +
            Math.floor(next() * (((d.window.departTo - d.window.departFrom + 1440) % 1440) / 15 + 1)) * 15 * 60_000;
          visits.push({
            key: `${d.key}:${v}:${w}:${day}`,
            arrive,
            leave,
            needKwh: d.energyKwh,
            had: 0,
            maxKw: d.maxKw,
          });
        }
  const limitKw = 1_000 - BUILDING_KW;
  let minutesOver = 0;
  let peakKw = 0;
  const end = WEEKS * 7 * 24 * HOUR + 24 * HOUR;
  const decisionMs: number[] = [];
  for (let t = 0; t < end; t += STEP) {
    const here = visits.filter((v) => v.arrive <= t && t < v.leave);
    const slots = Array.from({ length: 288 }, (_, s) => ({
      from: t + s * STEP,
      to: t + (s + 1) * STEP,
      roomKw: limitKw,
      pence: 20,
    }));
    const started = performance.now();
    const plan = scheduleAhead(
      slots,
      here.map((v) => ({ key: v.key, maxKw: v.maxKw, neededKwh: Math.max(0, v.needKwh - v.had), departsAt: v.leave })),
      t,
    );
    decisionMs.push(performance.now() - started);
    // Arrivals and departures fall on the quarter hour, so each vehicle's power is one figure for the five minutes.
    let kw = 0;
    for (const v of here) {
      const p = plan.limitsKw.get(v.key) ?? 0;
      v.had += (p * STEP) / HOUR;
      kw += p;
    }
    peakKw = Math.max(peakKw, kw + BUILDING_KW);
    if (kw > limitKw + 1e-6) minutesOver += 5;
  }
  const short = visits.filter((v) => v.leave <= end && v.had < v.needKwh - 0.05);
  decisionMs.sort((a, b) => a - b);
  return {
    bills: bills(visits),
    visits: visits.length,
    short: short.length,
    shortKwh: short.reduce((s, v) => s + v.needKwh - v.had, 0),
    minutesOver,
    peakKw,
    decisionMs,
  };
}
const played = month();

/**
 * Each haulier's statements over the month as the product builds them (buildStatement: each session at its contract's
 * price, rounded once per line), against the meters' energy × price worked out here on their own (BigInt, half up):
 * whether every statement's energy is its sessions' to the Wh and its pence the priced energy to the penny.
 */
function bills(visits: { key: string; arrive: number; leave: number; had: number }[]) {
  const next = random(52);
  const byHaulier = Map.groupBy(visits, (v) => v.key.slice(0, v.key.indexOf("c")));
  let statements = 0;
  let equal = 0;
  let wh = 0;
  let pence = 0;
  for (const [, own] of byHaulier) {
    const price = 35 + Math.floor(next() * 20);
    const bookings: StatementBooking[] = own.map((v, i) => ({
      id: i + 1,
      visitDate: "",
      vehicle: v.key,
      tag: v.key,
      arrivesAt: v.arrive,
      departsAt: v.leave,
      leaveBy: v.leave,
      pencePerKwh: price,
      pencePerVisit: 0,
      pencePerReservedHour: 0,
      overstayPencePerHour: 0,
    }));
    const sessions = own.map((v, i) => ({
      id: i + 1,
      bookingId: i + 1,
      startedAt: v.arrive,
      stoppedAt: v.leave,
      wh: Math.round(v.had * 1000),
    }));
    const statement = buildStatement(bookings, sessions);
    const meters = sessions.reduce((sum, s) => sum + BigInt(s.wh), 0n);
    const priced = sessions.reduce((sum, s) => sum + (BigInt(s.wh) * BigInt(price) * 2n + 1000n) / 2000n, 0n);
    statements++;
    if (BigInt(statement.wh) === meters && BigInt(statement.pence) === priced) equal++;
    wh += statement.wh;
    pence += statement.pence;
  }
  return { statements, equal, wh, pence };
}

const vehicles = accepted.reduce((n, d) => n + d.vehicles, 0);
const lines = [
  `Ten hauliers' 30 requests at a hub of 40 chargers (20 × 150 kW DC, 20 × 22 kW AC) under 1 MW with 50 kW of building: ${accepted.length} accepted (${vehicles} vehicles), ${refused} refused by the engine's check.`,
  `- a request's acceptance check (the hub's week planned with every accepted contract and it): p50 ${fmt(quantile(checkMs, 0.5), 0)} ms, p99 ${fmt(quantile(checkMs, 0.99), 0)} ms, most ${fmt(checkMs[checkMs.length - 1]!, 0)} ms over ${checkMs.length}`,
  `- a contract's acceptance check on a year of the hub's contracts, under 1 s: ${quantile(yearMs, 0.99) < 1000 ? "met" : "NOT met"} (${yearContracts.length} contracts over the year in quarters, ${yearSets} sets that run together checked; p50 ${fmt(quantile(yearMs, 0.5), 0)} ms, most ${fmt(yearMs[yearMs.length - 1]!, 0)} ms over ${yearMs.length})`,
  `- ${WEEKS} weeks of the accepted contracts' ${fmt(played.visits, 0)} visits, each vehicle arriving and leaving at random within its windows, charged by the live controller every five minutes: contracted visits short (target 0): ${played.short === 0 ? "met" : "NOT met"} (${played.short}, ${fmt(played.shortKwh)} kWh); minutes over the limit (target 0): ${played.minutesOver === 0 ? "met" : "NOT met"} (${played.minutesOver}; peak ${fmt(played.peakKw)} kW of 1,000); a decision p50 ${fmt(quantile(played.decisionMs, 0.5), 1)} ms, p99 ${fmt(quantile(played.decisionMs, 0.99), 1)} ms`,
  `- statements equal to metered energy × price to the penny: ${played.bills.equal === played.bills.statements ? "met" : "NOT met"} (${played.bills.equal} of ${played.bills.statements} hauliers' statements for the ${WEEKS} weeks: ${fmt(played.bills.wh / 1000, 3)} kWh, ${formatPence(played.bills.pence)} in all, each session's energy line rounded once from whole Wh)`,
];
for (const line of lines) console.log(line);

writeBenchSection("hubs", [
  "### Contracted hubs (`npm run bench:hubs`)",
  "",
  `Measured ${new Date().toISOString().slice(0, 10)} on this 2-core machine, one Node process.`,
  "",
  ...lines,
]);
