import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { assignChargers } from "./charger-assignment";
import { Stay } from "./stays";
import type { ChargerGroup, VehicleType } from "./types";

const dt = 0.25;
const van: VehicleType = { id: "van", name: "Van", batteryKwh: 80, consumptionKwhPerKm: 0.3, maxChargeKw: 50 };
const truck: VehicleType = { id: "truck", name: "Truck", batteryKwh: 400, consumptionKwhPerKm: 1.2, maxChargeKw: 150 };
const charger = (id: string, count: number, powerKw: number, serves: ChargerGroup["serves"] = "all"): ChargerGroup => ({
  id,
  name: id,
  count,
  powerKw,
  serves,
});
/** A stay of vehicle `vehicle` from step `start` for `length` steps after a trip of `tripKwh`. */
const stay = (vehicle: number, start: number, length: number, tripKwh: number, type = van, swapAt?: number) =>
  new Stay(vehicle, `V${vehicle}`, type.name, start, length, tripKwh, type, 100, null, swapAt);

describe("giving each stay a charger", () => {
  it("takes the least powerful free unit that puts the trip back, the most powerful when none can", () => {
    const stays = [
      stay(0, 10, 16, 20), // 7 kW × 4 h = 28 kWh: enough
      stay(1, 11, 8, 10), // the 7 kW unit is taken: the 50 kW one
      stay(2, 40, 8, 30), // 7 kW × 2 h = 14 kWh is not enough: 50 kW
      stay(3, 60, 4, 300, truck), // nothing puts 300 kWh back in an hour: the most powerful
    ];
    assignChargers([charger("AC", 1, 7), charger("DC", 1, 50), charger("HPC", 1, 150)], stays, 96, dt);
    expect(stays.map((s) => s.charger)).toEqual(["AC", "DC", "DC", "HPC"]);
    expect(stays.map((s) => s.capKw)).toEqual([7, 50, 50, 150]);
  });

  it("waits for the unit that frees up first, and charges from then until it leaves", () => {
    const stays = [stay(0, 10, 20, 20), stay(1, 10, 30, 20), stay(2, 20, 40, 20)];
    assignChargers([charger("AC", 2, 7)], stays, 96, dt);
    expect(stays.map((s) => [s.charger, s.start, s.length, s.waitedSteps])).toEqual([
      ["AC 1", 10, 20, 0],
      ["AC 2", 10, 30, 0],
      ["AC 1", 30, 30, 10],
    ]);
  });

  it("leaves a unit to the types it serves, and a vehicle that did not drive off the chargers", () => {
    const stays = [stay(0, 10, 20, 20), stay(1, 10, 20, 0, truck), stay(2, 12, 20, 50, truck)];
    assignChargers([charger("Truck bay", 2, 150, ["truck"])], stays, 96, dt);
    expect(stays.map((s) => s.charger)).toEqual([null, null, "Truck bay 1"]);
  });

  it("moves a vehicle off at its group's swap time", () => {
    // Plugged in at 18:00 (step 72), moved off at 22:00 (step 88): 16 steps of its 40.
    const stays = [stay(0, 72, 40, 20, van, 22 * 60)];
    assignChargers([charger("AC", 1, 7)], stays, 96, dt);
    expect(stays[0]!.length).toBe(16);
  });

  it("never gives a unit two vehicles at once, a more powerful one than the trip needs, or none while a unit it could use is free", () => {
    const steps = 96 * 2;
    const arbitraryStay = fc.record({
      start: fc.integer({ min: 0, max: steps - 1 }),
      length: fc.integer({ min: 1, max: steps }),
      tripKwh: fc.oneof(fc.constant(0), fc.double({ min: 1, max: 120, noNaN: true })),
      truck: fc.boolean(),
    });
    // Up to 70 units in three groups, so the units' bits span words (32 to a word).
    const arbitraryChargers = fc.tuple(
      fc.integer({ min: 0, max: 40 }),
      fc.integer({ min: 0, max: 20 }),
      fc.integer({ min: 1, max: 10 }),
    );
    fc.assert(
      fc.property(fc.array(arbitraryStay, { maxLength: 120 }), arbitraryChargers, (specs, [ac, dc, truckBays]) => {
        const chargers = [
          charger("AC", ac, 7, ["van"]),
          charger("DC", dc, 50),
          charger("Bay", truckBays, 150, ["truck"]),
        ];
        const stays = specs.map((s, i) => stay(i, s.start, s.length, s.tripKwh, s.truck ? truck : van));
        const windows = stays.map((s) => ({ start: s.start, length: s.length }));
        assignChargers(chargers, stays, steps, dt);
        // Who holds each unit at each step of the cycle.
        const holder = new Map<string, Int32Array>();
        const units = chargers.flatMap((g) =>
          Array.from({ length: g.count }, (_, k) => ({ id: g.count === 1 ? g.name : `${g.name} ${k + 1}`, group: g })),
        );
        for (const unit of units) holder.set(unit.id, new Int32Array(steps).fill(-1));
        stays.forEach((s, i) => {
          if (!s.charger) return;
          const row = holder.get(s.charger)!;
          for (let k = 0; k < s.length; k++) {
            const t = (s.start + k) % steps;
            expect(row[t], `${s.charger} at step ${t}`).toBe(-1);
            row[t] = i;
          }
        });
        stays.forEach((s, i) => {
          if (s.tripKwh <= 1e-9) return expect(s.charger).toBeNull();
          const usable = units.filter((u) => u.group.serves === "all" || u.group.serves.includes(s.typeId));
          if (s.charger) expect(usable.map((u) => u.id)).toContain(s.charger);
          const { start, length } = windows[i]!;
          const heldByAnother = (id: string) => {
            const row = holder.get(id)!;
            return Array.from({ length }, (_, k) => row[(start + k) % steps]!).some((j) => j !== -1 && j !== i);
          };
          if (s.charger && s.waitedSteps === 0) {
            // Plugged in on arrival: every less powerful unit that would have put its trip back was held by another.
            const need = Math.min(s.tripKwh, s.targetKwh);
            const fits = (kw: number) => length * Math.min(s.vehicleMaxKw, kw) * dt >= need - 1e-6;
            for (const unit of usable)
              if (unit.group.powerKw < s.chargerKw && fits(unit.group.powerKw))
                expect(heldByAnother(unit.id), `${unit.id} free and enough for stay ${i}`).toBe(true);
            return;
          }
          // Waited or went without: every unit it could use was held by another vehicle in its stay (and, without one, at its last step).
          for (const unit of usable) {
            expect(heldByAnother(unit.id), `${unit.id} free for stay ${i}`).toBe(true);
            if (!s.charger)
              expect(
                holder.get(unit.id)![(start + length - 1) % steps],
                `${unit.id} free when stay ${i} leaves`,
              ).not.toBe(-1);
          }
        });
      }),
      { numRuns: 300 },
    );
  });
});
