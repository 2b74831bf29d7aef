// Connections that are not firm (issue 60): issue 31's mixed fleet (100 vehicles, 52 weeks at 15 minutes, the fleet
// measured against SpiceEV) planned on a firm 1,000 kVA connection, on a profiled one that drops to 100 kVA on winter
// weekday evenings, and on a flexible one (60 kVA firm + 940 non-firm) with a year's curtailment record: each
// strategy's whole-plan time (median of 3, no per-stay sessions, as the plan worker runs them), the vehicles short,
// and what the outlook (the plan across the record, with the battery covering its worst period) takes.
// Run bundled (`npm run bench:connections`), as the server build runs the engine (decision 036).
import { spawnSync } from "node:child_process";
import path from "node:path";

import { mixedFleet, seededRandom } from "../app/features/charging-engine/fixtures";
import { planCharging, STRATEGIES, type PlanInput } from "../app/features/charging-engine/index";
import {
  flexAnswer,
  flexWindow,
  offerOutlook,
  parseProfileCsv,
  profileByDates,
  recordPeriods,
} from "../app/features/connections/index";

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const fleet = mixedFleet(0);
const STARTS_ON = "2027-01-04"; // a Monday, as the fleet's horizon starts on one
const profile = parseProfileCsv(
  "winter,weekdays,00:00,16:00,1000\nwinter,weekdays,16:00,20:00,100\nwinter,weekdays,20:00,24:00,1000\nwinter,weekends,00:00,24:00,1000\nsummer,all,00:00,24:00,1000",
);
// A year's record: on about a third of winter weekdays the non-firm part is cut from 16:00 to 20:00 (UK winter: UTC).
const next = seededRandom(60);
const curtailment: { start: string; end: string; kva: number }[] = [];
for (let d = 0; d < 364; d++) {
  const day = new Date(Date.parse(`${STARTS_ON}T00:00:00Z`) + d * 86_400_000);
  const month = day.getUTCMonth() + 1;
  const weekday = day.getUTCDay();
  if ((month >= 11 || month <= 2) && weekday >= 1 && weekday <= 5 && next() < 0.35) {
    const date = day.toISOString().slice(0, 10);
    curtailment.push({ start: `${date}T16:00:00.000Z`, end: `${date}T20:00:00.000Z`, kva: 940 });
  }
}
const flexible = {
  kind: "flexible" as const,
  name: "Flexible",
  firmKva: 150,
  nonFirmKva: 850,
  record: "imported" as const,
  curtailment,
};
const flexibleYear = recordPeriods(flexible, fleet.horizon).cut[0]!.kvaBySteps;
const connections: [string, PlanInput][] = [
  ["firm 1,000 kVA", fleet],
  [
    "profiled (100 kVA winter weekday evenings)",
    { ...fleet, site: { ...fleet.site, connectionKvaByStep: profileByDates(profile, fleet.horizon, STARTS_ON) } },
  ],
  [
    `flexible, ${curtailment.length} cuts to 60 kVA`,
    { ...fleet, site: { ...fleet.site, connectionKvaByStep: flexibleYear } },
  ],
];
const rows: string[] = [];
let slowest = 0;
for (const [label, input] of connections)
  for (const strategy of STRATEGIES) {
    const times: number[] = [];
    let result!: ReturnType<typeof planCharging>["strategies"][number];
    for (let run = 0; run < 3; run++) {
      const started = performance.now();
      result = planCharging(input, [strategy], { sessions: false }).strategies[0]!;
      times.push(performance.now() - started);
    }
    slowest = Math.max(slowest, median(times));
    const short = result.vehicles.filter((v) => v.shortfallKwh > 1e-6);
    rows.push(
      `| ${label} | ${strategy} | ${median(times).toFixed(0)} ms | ${result.peakKw.toFixed(1)} kW | ${short.length} (${Math.round(short.reduce((s, v) => s + v.shortfallKwh, 0)).toLocaleString("en-GB")} kWh) |`,
    );
    console.log(rows.at(-1));
  }
// The outlook of the flexible offer on the fleet's plan: the year against the record, and the battery for its worst.
const started = performance.now();
const outlook = offerOutlook(fleet, flexible);
const outlookMs = performance.now() - started;
const cut = outlook.curtailment!;
const profiled = offerOutlook(fleet, { kind: "profiled", name: "Profiled", profile });
// A flexibility request on the fleet's firm 1,000 kVA: Wednesday 6 Jan 2027 01:00–03:00 (UK winter: UTC), as much as
// it can spare, then 100 kW asked; the answer's plan runs (each a cost-optimal plan of the year) timed whole.
const { window } = flexWindow(fleet.horizon, Date.parse("2027-01-06T01:00:00Z"), Date.parse("2027-01-06T03:00:00Z"));
const flat = new Array<number>((fleet.horizon.days * 1440) / fleet.horizon.stepMinutes).fill(fleet.site.connectionKva);
const flexTimed = [null, 100].map((askedKw) => {
  const began = performance.now();
  const answer = flexAnswer(fleet, flat, window, askedKw);
  return { askedKw, answer, ms: performance.now() - began };
});
const report = [
  "### Connections that are not firm (`npm run bench:connections`)",
  "",
  `Measured ${new Date().toISOString().slice(0, 10)} on this 2-core machine, Node ${process.versions.node}, the engine bundled: issue 31's mixed fleet (100 vehicles, 52 weeks at 15 minutes, lowest power 0) on three connections. The profile and the record are laid on the year from Monday 4 Jan 2027 by date (winter is November to March). Whole plan, median of 3, without per-stay sessions.`,
  "",
  "| connection | strategy | whole plan | site peak | vehicles short |",
  "|---|---|---|---|---|",
  ...rows,
  "",
  `The flexible offer's outlook on the same plan (peak shaving across the record, then the battery for the worst period by bisection): ${(outlookMs / 1000).toFixed(1)} s; ${cut.periodsShort} of ${cut.periods} periods short; worst ${Math.round(cut.worst?.shortKwh ?? 0).toLocaleString("en-GB")} kWh short for ${cut.worst?.vehiclesShort ?? 0} vehicles; battery ${cut.battery ? `${cut.battery.powerKw} kW / ${cut.battery.energyKwh} kWh` : "none needed"}. The profiled offer: winter ${Math.round(profiled.seasons![0]!.shortKwh)} kWh short (${profiled.seasons![0]!.vehiclesShort} vehicles), summer ${Math.round(profiled.seasons![1]!.shortKwh)} kWh.`,
  "",
  `A flexibility request on the firm connection, Wednesday 01:00–03:00, where its plan charges. The answer takes the plan's cost-optimal draw there as the baseline, then finds by bisection the lowest limit over the window that leaves no vehicle shorter (and, where less is asked, the highest that moves it), each step a cost-optimal plan of the year. ${flexTimed
    .map(
      ({ askedKw, answer, ms }) =>
        `${askedKw === null ? "As much as it can" : `${askedKw} kW asked`}: ${answer.capKva === null ? "nothing to spare" : `${answer.offeredKw.toFixed(0)} kW offered (at most ${answer.mostKw.toFixed(0)}), the site held to ${answer.capKva} kVA`}, ${(ms / 1000).toFixed(1)} s`,
    )
    .join("; ")}.`,
  "",
  `Target (issue 60): each strategy's plan under 1 s on a profiled and a flexible connection, as on a firm one: ${slowest < 1000 ? "met" : "NOT met"} (slowest ${slowest.toFixed(0)} ms). A 200-charger depot obeying a network instruction is measured by \`npm run bench:network\`, and the roadmap of 20 depots with two offers each by \`npm run bench:roadmap\`.`,
].join("\n");
console.log(report);
spawnSync(process.execPath, [path.join(process.cwd(), "scripts/write-benchmark.js"), "connections"], {
  input: report,
  stdio: ["pipe", "inherit", "inherit"],
});
