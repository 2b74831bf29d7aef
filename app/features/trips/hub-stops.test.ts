import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";

import { hubFindings, stopsAtHubs, type HubPlace } from "./hub-stops";
import type { Trip } from "./parse-trips";
import { DEFAULT_SETTINGS, rankVehicles, suitabilityOf, type EvModel } from "./suitability";
import { toursFrom } from "./tours";

const uk = (text: string) => DateTime.fromISO(text, { zone: "Europe/London" }).toMillis();
const van: EvModel = { name: "Van", batteryKwh: 75, consumptionKwhPerKm: 0.3, maxChargeKw: 22 };
const DEPOT: [number, number] = [52.4, -1.5];
const HUB: HubPlace = { id: 7, name: "M6 Hub", position: [52.9, -2.1], kw: 22 };
/** About a kilometre from the hub, and about 4 km. */
const NEAR: [number, number] = [52.908, -2.1];
const FAR: [number, number] = [52.936, -2.1];

/** A day's round: out to `stop` (km out), a stop of `minutes`, and back (km back), every weekday for two weeks. */
function rounds(vehicle: string, stop: [number, number], minutes: number, out: number, back: number): Trip[] {
  return Array.from({ length: 10 }, (_, i) => {
    const day = DateTime.fromISO("2026-03-02", { zone: "Europe/London" }).plus({ days: i + 2 * Math.floor(i / 5) });
    const leave = uk(`${day.toISODate()}T07:00`);
    const arrive = leave + 3 * 3_600_000;
    const again = arrive + minutes * 60_000;
    return [
      { vehicle, driver: null, start: leave, end: arrive, km: out, startPosition: DEPOT, endPosition: stop },
      {
        vehicle,
        driver: null,
        start: again,
        end: again + 3 * 3_600_000,
        km: back,
        startPosition: stop,
        endPosition: DEPOT,
      },
    ];
  }).flat();
}

describe("where vehicles stop near hubs", () => {
  const trips = [
    ...rounds("LONG-1", NEAR, 60, 130, 130), // 260 km a day: 78 kWh, more than the van leaves with
    ...rounds("SHORT-STOP", NEAR, 20, 130, 130), // stops too briefly to count
    ...rounds("FAR-AWAY", FAR, 90, 130, 130), // stops too far from the hub
    ...rounds("LOCAL", NEAR, 45, 40, 40), // stops there, but needs nothing on the road
  ];
  const stops = stopsAtHubs(trips, [HUB]);
  const fleet = toursFrom(trips, { kind: "radius", radiusM: 500, depot: DEPOT });
  const settings = { ...DEFAULT_SETTINGS, chargingEfficiency: 0.9 };
  const verdicts = rankVehicles(fleet.map((v) => suitabilityOf(v, van, settings, 14, null)));

  it("counts stops of 30 minutes or more within 1.5 km of the hub, and nothing else", () => {
    const found = stops.get(HUB.id)!;
    expect([...new Set(found.map((s) => s.vehicle))].sort()).toEqual(["LOCAL", "LONG-1"]);
    expect(found.filter((s) => s.vehicle === "LONG-1").map((s) => s.minutes)).toEqual(new Array(10).fill(60));
  });

  it("names the vehicle a charge there would let go electric, and only it", () => {
    expect(verdicts.find((v) => v.vehicle === "LONG-1")!.verdict).toBe("not-yet");
    const [finding] = hubFindings(stops, [HUB], fleet, verdicts, { model: van, settings, periodDays: 14 });
    // An hour at 22 kW less the loss is 19.8 kWh a day: more than the day's shortfall (78 − (67.5 − 7.5) = 18 kWh).
    expect(finding!.goElectric).toEqual([{ vehicle: "LONG-1", from: "not-yet", to: "ready" }]);
    expect(finding!.vehicles).toEqual([
      { vehicle: "LONG-1", stops: 10, medianMinutes: 60 },
      { vehicle: "LOCAL", stops: 10, medianMinutes: 45 },
    ]);
    expect(finding!.stops).toBe(20);
    // A hub slower than the shortfall needs changes nothing: 40 minutes a day at 22 kW is 13.2 kWh, short of 18.
    const slow = hubFindings(
      new Map([[HUB.id, stops.get(HUB.id)!.map((s) => ({ ...s, minutes: 40 }))]]),
      [HUB],
      fleet,
      verdicts,
      { model: van, settings, periodDays: 14 },
    );
    expect(slow[0]!.goElectric).toEqual([]);
  });
});
