import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { scheduleAhead, type Slot } from "./schedule-ahead";

/**
 * The live controller's decisions played over a day, as the server takes
 * them: at every five minutes (a tariff band or the building's hour may
 * change there) and whenever a vehicle arrives, the plan ahead is made from
 * the vehicles plugged in and the energy each still needs, and each runs at
 * its power now until the next decision.
 */
const STEP = 5 * 60_000;
const STEPS = 288; // a day
const HOUR = 3_600_000;

type Arrival = { arrive: number; depart: number; maxKw: number; needKwh: number };

const dayArb = fc.record({
  // A price per hour of the day (bands and their edges at random).
  pence: fc.array(fc.constantFrom(7.5, 12, 24.5, 31, 45), { minLength: 24, maxLength: 24 }),
  // The room per hour (the connection less the building's load).
  roomKw: fc.array(fc.integer({ min: 0, max: 120 }), { minLength: 24, maxLength: 24 }),
  vehicles: fc.array(
    fc
      .record({
        arrive: fc.integer({ min: 0, max: STEPS - 2 }),
        stay: fc.integer({ min: 1, max: STEPS }),
        maxKw: fc.constantFrom(7.4, 11, 22, 50),
        needKwh: fc.integer({ min: 0, max: 120 }),
      })
      .map(({ arrive, stay, maxKw, needKwh }): Arrival => ({
        arrive,
        depart: Math.min(STEPS, arrive + stay),
        maxKw,
        needKwh,
      })),
    { maxLength: 12 },
  ),
});

function slotsFrom(step: number, day: { pence: number[]; roomKw: number[] }): Slot[] {
  const slots: Slot[] = [];
  for (let s = step; s < STEPS; s++) {
    const hour = Math.floor((s * STEP) / HOUR);
    slots.push({ from: s * STEP, to: (s + 1) * STEP, roomKw: day.roomKw[hour]!, pence: day.pence[hour]! });
  }
  return slots;
}

/** Plays the day: the powers at each step, the energy each vehicle had and what it cost (pence). */
function play(day: { pence: number[]; roomKw: number[]; vehicles: Arrival[] }) {
  const had = day.vehicles.map(() => 0);
  const pence = day.vehicles.map(() => 0);
  const steps: { roomKw: number; kw: number[] }[] = [];
  for (let step = 0; step < STEPS; step++) {
    const at = step * STEP;
    const plugged = day.vehicles
      .map((v, i) => ({ v, i }))
      .filter(({ v }) => v.arrive <= step && step < v.depart)
      .map(({ v, i }) => ({
        key: String(i),
        maxKw: v.maxKw,
        neededKwh: Math.max(0, v.needKwh - had[i]!),
        departsAt: v.depart * STEP,
      }));
    const plan = scheduleAhead(slotsFrom(step, day), plugged, at);
    const kw = day.vehicles.map((_, i) => plan.limitsKw.get(String(i)) ?? 0);
    const hour = Math.floor(at / HOUR);
    kw.forEach((p, i) => {
      had[i] = had[i]! + p * (STEP / HOUR);
      pence[i] = pence[i]! + p * (STEP / HOUR) * day.pence[hour]!;
    });
    steps.push({ roomKw: day.roomKw[hour]!, kw });
  }
  return { had, pence, steps };
}

/** The least a vehicle alone could pay for its need: its cheapest steps before it leaves, at its power. */
function cheapestAlone(v: Arrival, pence: number[]): { kwh: number; pence: number } {
  const prices: number[] = [];
  for (let s = v.arrive; s < v.depart; s++) prices.push(pence[Math.floor((s * STEP) / HOUR)]!);
  prices.sort((a, b) => a - b);
  let left = v.needKwh;
  let cost = 0;
  for (const price of prices) {
    const kwh = Math.min(left, v.maxKw * (STEP / HOUR));
    cost += kwh * price;
    left -= kwh;
    if (left <= 1e-12) break;
  }
  return { kwh: v.needKwh - Math.max(0, left), pence: cost };
}

describe("the live controller over a day", () => {
  it("never lets the powers pass the site's room, at any step", () => {
    fc.assert(
      fc.property(dayArb, (day) => {
        for (const { roomKw, kw } of play(day).steps)
          expect(kw.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(roomKw + 1e-9);
      }),
      { numRuns: 60 },
    );
  });

  it("where the site never binds, gives every vehicle all it can take, in its cheapest hours", () => {
    const roomy = dayArb.map((day) => ({ ...day, roomKw: day.roomKw.map(() => 1000) }));
    fc.assert(
      fc.property(roomy, (day) => {
        const { had, pence } = play(day);
        day.vehicles.forEach((v, i) => {
          const best = cheapestAlone(v, day.pence);
          expect({ vehicle: i, kwh: had[i] }).toEqual({ vehicle: i, kwh: expect.closeTo(best.kwh, 9) });
          expect({ vehicle: i, pence: pence[i] }).toEqual({ vehicle: i, pence: expect.closeTo(best.pence, 6) });
        });
      }),
      { numRuns: 60 },
    );
  });
});
