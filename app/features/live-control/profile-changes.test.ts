import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { limitAt, type Limits } from "~/features/charging-records";

import { shareOwn } from "./allocate";
import { effectiveLimitW, fromOcpp16, fromOcpp201 } from "./charging-profile";
import { changeOf, constant, MAX_PERIODS, sendable, type ProfileChange } from "./profile-changes";
import { profileFor } from "./profile-requests";
import { scheduleAhead, type Slot } from "./schedule-ahead";

const FIVE = 5 * 60_000;
const HOUR = 3_600_000;
const RESEND_KW = 0.1;

/**
 * Two serving processes, each holding some of a depot's chargers, deciding
 * schedules a day ahead (decision 035) under the depot's lock, in any
 * interleaving with their chargers' answers and the clock: what the chargers
 * hold must never add up to more than the site's room at any instant, now or
 * later. A charger holds a schedule from the moment it answers; a process
 * sends its lowerings first, its raises once those are answered, and records
 * a raise (as the higher of old and new) when it decides.
 */
type Car = {
  key: string;
  owner: number;
  maxKw: number;
  neededKwh: number | null;
  departsAt: number | null;
  running: Limits;
  recorded: Limits;
  sent: boolean;
};

// Weighted towards what makes processes race: vehicles coming and going, decisions and answers between them.
const event = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant("arrive" as const),
      owner: fc.integer({ min: 0, max: 1 }),
      maxKw: fc.constantFrom(7.4, 11, 22, 50),
      neededKwh: fc.option(fc.integer({ min: 1, max: 150 }), { freq: 3 }),
      staysHours: fc.integer({ min: 1, max: 30 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("leave" as const), index: fc.nat() }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("compute" as const), owner: fc.integer({ min: 0, max: 1 }) }) },
  // One charger answers (one of the process's lowerings, or once they are all answered, one of its raises).
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant("answer" as const),
      owner: fc.integer({ min: 0, max: 1 }),
      index: fc.nat(),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant("time passes" as const), steps: fc.integer({ min: 1, max: 36 }) }),
  },
);

const dayArb = fc.record({
  // Tight: a few chargers fill it, so what one vehicle is given another must give up.
  roomKw: fc.array(fc.integer({ min: 0, max: 60 }), { minLength: 24, maxLength: 24 }),
  pence: fc.array(fc.constantFrom(7.5, 12, 24.5, 31, 45), { minLength: 24, maxLength: 24 }),
});

describe("schedules sent by two processes", () => {
  it("never let what the chargers hold pass the site's room at any instant ahead, however decisions, answers and the clock interleave", () => {
    fc.assert(
      fc.property(dayArb, fc.array(event, { maxLength: 80 }), (day, events) => {
        const roomAt = (t: number) => day.roomKw[Math.floor(t / HOUR) % 24]!;
        const slotsFrom = (now: number): Slot[] =>
          Array.from({ length: 288 }, (_, i) => {
            const from = now + i * FIVE;
            return { from, to: from + FIVE, roomKw: roomAt(from), pence: day.pence[Math.floor(from / HOUR) % 24]! };
          });
        let now = 0;
        let cars: Car[] = [];
        let next = 0;
        // Each process's last decision: per charger, what it has still to answer ("first", then "then").
        type Sending = { car: Car; change: ProfileChange; stage: "first" | "then" | "done" };
        const pending: Sending[][] = [[], []];
        const check = () => {
          const edges = new Set<number>([now]);
          for (const car of cars) for (const s of car.running.segments) if (s.from > now) edges.add(s.from);
          for (let t = now; t < now + 48 * HOUR; t += HOUR) edges.add(Math.ceil(t / HOUR) * HOUR);
          for (const t of edges) {
            const sum = cars.reduce((total, car) => total + limitAt(car.running, t), 0);
            expect(sum, `at ${t / FIVE} five-minute steps`).toBeLessThanOrEqual(roomAt(t) + 1e-6);
          }
        };
        /**
         * The charger answers: it holds what it was sent from now on. Recorded then too, unless a raise is still to
         * go to it (it stays recorded at the higher of old and new until that is answered).
         */
        const answer = (item: Sending) => {
          const limits = item.stage === "first" ? item.change.first! : item.change.then!;
          if (cars.includes(item.car)) {
            item.car.running = limits;
            if (item.stage === "then" || !item.change.then) item.car.recorded = limits;
          }
          item.stage = item.stage === "first" && item.change.then ? "then" : "done";
          check();
        };
        /** What may be answered next: any lowering; a raise once every lowering of its decision is answered. */
        const answerable = (owner: number) => {
          const lowering = pending[owner]!.filter((item) => item.stage === "first");
          return lowering.length ? lowering : pending[owner]!.filter((item) => item.stage === "then");
        };
        const answerAll = (owner: number) => {
          for (let ready = answerable(owner); ready.length; ready = answerable(owner)) answer(ready[0]!);
        };
        const decide = (owner: number) => {
          // A process decides again only once its last decision is answered (its recomputations run in turn).
          answerAll(owner);
          const view = cars.map((c) => ({
            key: c.key,
            maxKw: c.maxKw,
            neededKwh: c.neededKwh,
            departsAt: c.departsAt,
            own: c.owner === owner,
            online: true,
            inForceKw: limitAt(c.recorded, now),
            inForce: c.recorded,
          }));
          const slots = slotsFrom(now);
          const { limitsKw, schedules } = shareOwn(0, view, now, (all) => scheduleAhead(slots, all, now));
          const changes: Sending[] = [];
          for (const car of cars) {
            if (car.owner !== owner) continue;
            const planned = sendable(schedules?.get(car.key) ?? constant(limitsKw.get(car.key)!));
            const change = changeOf(car.recorded, planned, now, car.sent ? RESEND_KW : 0);
            if (!change) continue;
            car.sent = true;
            // Recorded under the lock with the decision: a raise as the higher of old and new.
            if (change.then) car.recorded = change.meanwhile;
            changes.push({ car, change, stage: change.first ? "first" : "then" });
          }
          pending[owner] = changes;
        };
        for (const e of events) {
          if (e.kind === "arrive")
            // A new transaction starts at the 0 W default until its own schedule comes.
            cars.push({
              key: `car${next++}`,
              owner: e.owner,
              maxKw: e.maxKw,
              neededKwh: e.neededKwh,
              departsAt: e.neededKwh === null ? null : now + e.staysHours * HOUR,
              running: constant(0),
              recorded: constant(0),
              sent: false,
            });
          else if (e.kind === "leave" && cars.length) cars = cars.filter((_, i) => i !== e.index % cars.length);
          else if (e.kind === "compute") decide(e.owner);
          else if (e.kind === "answer") {
            const ready = answerable(e.owner);
            if (ready.length) answer(ready[e.index % ready.length]!);
          } else if (e.kind === "time passes") now += e.steps * FIVE;
          check();
        }
        for (let round = 0; round < 2; round++)
          for (const owner of [0, 1]) {
            decide(owner);
            answerAll(owner);
          }
      }),
      { numRuns: 300, seed: 20261126 },
    );
  });
});

describe("a schedule as a charger reads it", () => {
  const limitsArb = fc
    .array(fc.record({ minutes: fc.integer({ min: 1, max: 240 }), kw: fc.double({ min: 0, max: 150, noNaN: true }) }), {
      minLength: 1,
      maxLength: 40,
    })
    .map((parts): Limits => {
      let from = 1_764_000_000_123;
      const segments = parts.map(({ minutes, kw }) => {
        const segment = { from, kw };
        from += minutes * 60_000 + 17;
        return segment;
      });
      return { segments, until: from };
    });

  it("is never above the limits it was sent at any instant, in whole watts, within a second of them, and ends in 0 W after its periods run out", () => {
    fc.assert(
      fc.property(limitsArb, fc.constantFrom("ocpp1.6", "ocpp2.0.1"), (limits, protocol) => {
        const at = limits.segments[0]!.from;
        const sent = sendable(limits);
        expect(sent.segments.length).toBeLessThanOrEqual(MAX_PERIODS);
        const request = profileFor(protocol, { id: 7, ref: "7", connectorId: 1 }, sent, at) as {
          csChargingProfiles?: Parameters<typeof fromOcpp16>[0];
          chargingProfile?: Parameters<typeof fromOcpp201>[0];
        };
        const profile = request.csChargingProfiles
          ? fromOcpp16(request.csChargingProfiles)
          : fromOcpp201(request.chargingProfile!);
        const starts = profile.periods.map((p) => p.startPeriod);
        expect(starts[0]).toBe(0);
        expect(starts.every((s, i) => Number.isInteger(s) && (i === 0 || s > starts[i - 1]!))).toBe(true);
        const tx = { ref: "7", startedAt: at - 5000 };
        const edges = [...sent.segments.map((s) => s.from), limits.until].filter((t) => t >= at);
        for (const edge of edges)
          for (const t of [edge - 1000, edge - 1, edge, edge + 1, edge + 999, edge + 1000, edge + 60_000]) {
            if (t < at) continue;
            const heldW = effectiveLimitW([profile], t, tx)!;
            // Never above what was decided for that instant (whole watts: a millionth of one is the kW's rounding),
            // and no lower than what was decided a second either side of it.
            expect(heldW).toBeLessThanOrEqual(limitAt(limits, t) * 1000 + 1e-6);
            const lowest = Math.min(limitAt(sent, t - 1000), limitAt(sent, t), limitAt(sent, t + 1000)) * 1000;
            expect(heldW).toBeGreaterThanOrEqual(Math.floor(lowest + 1e-6));
          }
      }),
      { numRuns: 300, seed: 20261126 },
    );
  });
});
