// A company for `npm run bench:roadmap` and the roadmap's tests: `depots`
// depots of `vehiclesPerDepot` vehicles each, in three groups (vans on 22 kW,
// rigids and artics on DC), each group on a shift of its own and its own
// replacement cycle, from a fixed seed. Every depot's connection fits
// today's building load and a little more, so the roadmap has upgrades to date.
import { seededRandom } from "../app/features/charging-engine/fixtures";
import { defaultPlanInput, type PlanRequest } from "../app/features/planning/index";
import { defaultRoadmapSettings, type RoadmapDepot, type RoadmapSettings } from "../app/features/portfolio/index";

export function roadmapCompany(depots: number, vehiclesPerDepot: number, seed = 33) {
  const next = seededRandom(seed);
  const between = (low: number, high: number) => low + Math.floor(next() * (high - low + 1));
  const settings: RoadmapSettings = { ...defaultRoadmapSettings(), endYear: 2040 };
  const list: RoadmapDepot[] = [];
  for (let d = 0; d < depots; d++) {
    const base = defaultPlanInput({ vehicles: vehiclesPerDepot, chargers: [] });
    const split = [Math.round(vehiclesPerDepot * 0.5), Math.round(vehiclesPerDepot * 0.3)];
    const counts = [split[0]!, split[1]!, vehiclesPerDepot - split[0]! - split[1]!];
    const vehicles: PlanRequest["vehicles"] = (["van", "rigid", "artic"] as const).map((typeId, g) => {
      const depart = between(4 * 4, 9 * 4) * 15;
      const back = depart + between(7 * 4, 11 * 4) * 15;
      const day = { depart, return: back % 1440, km: between(80, typeId === "van" ? 180 : 320) };
      return {
        id: `g${g + 1}`,
        name: ["Vans", "Rigids", "Artics"][g]!,
        typeId,
        count: counts[g]!,
        week: [day, day, day, day, day, g === 0 ? day : null, null],
        targetSocPct: 90,
      };
    });
    const inputs: PlanRequest = {
      ...base,
      vehicles,
      chargers: [{ id: "c1", name: "AC charger 22 kW", count: 1, powerKw: 22, serves: "all" }],
      site: { ...base.site, connectionKva: between(150, 600), buildingKw: between(10, 60) },
    };
    settings.groups[String(d + 1)] = Object.fromEntries(
      vehicles.map((g) => [
        g.id,
        { firstYear: between(2027, 2033), cycleYears: between(4, 7), heavy: g.typeId === "artic" },
      ]),
    );
    list.push({
      id: d + 1,
      name: `Depot ${d + 1}`,
      inputs,
      baseKey: `depot-${d + 1}`,
      operator: d % 2 ? "nged" : "ukpn",
      application: null,
    });
  }
  return { depots: list, settings };
}
