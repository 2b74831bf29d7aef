// `npm run bench:roadmap`: a company of 20 depots and 1,000 vehicles, roadmap
// to 2040 (the charger sizing and the managed peak of every depot-year), in
// one process: first with nothing known, then after moving one group's first
// year (only the fleets that move makes new are planned). Issue 33's targets:
// under 10 s, and under 2 s after the move.
import { neededDepotYears } from "../app/features/roadmap/build-roadmap";
import { companyRoadmap } from "../app/features/roadmap/company-roadmap";
import { planDepotYear, type DepotYear } from "../app/features/roadmap/depot-year";
import { roadmapCompany } from "./roadmap-company";

const today = "2026-11-26";
const { depots, settings } = roadmapCompany(20, 50);
const memo = new Map<string, DepotYear>();

function run(label: string) {
  const started = performance.now();
  const needed = neededDepotYears(depots, settings, 2026);
  let planned = 0;
  for (const [key, inputs] of needed) {
    if (memo.has(key)) continue;
    memo.set(key, planDepotYear(inputs));
    planned++;
  }
  const roadmap = companyRoadmap(depots, settings, today, (key) => memo.get(key)!);
  const ms = performance.now() - started;
  const flagged = roadmap.depots.filter((d) => d.flag.kind === "apply-by").length;
  const capital = roadmap.spendByYear.reduce((sum, y) => sum + y.capitalPounds, 0);
  console.log(
    `${label}: ${(ms / 1000).toFixed(2)} s — ${needed.size} distinct depot-years (${planned} planned), ${roadmap.years.length} years, ${flagged} depots to apply, capital £${Math.round(capital).toLocaleString("en-GB")}`,
  );
  return ms;
}

console.log(
  `Roadmap: ${depots.length} depots, ${depots.reduce((s, d) => s + d.inputs!.vehicles.reduce((n, g) => n + g.count, 0), 0)} vehicles, to ${settings.endYear}`,
);
run("cold");
settings.groups["7"]!["g2"]!.firstYear += 2;
run("after moving Depot 7's rigids two years later");
settings.groups["12"]!["g1"]!.firstYear -= 1;
run("after moving Depot 12's vans a year earlier");
