import fc from "fast-check";
import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";

import { TARIFF_PRESETS } from "~/features/charging-engine";
import { limitAt, type Limits, type SiteMeter } from "~/features/charging-records";

import type { SharedPlugged } from "./allocate";
import { changeToSend, liveRoom, shareLive } from "./live-plan";
import { constant } from "./profile-changes";
import { profileFor } from "./profile-requests";
import type { DepotSite } from "./site";

/**
 * Issue 57: what the chargers already hold must stay within the connection whatever happens next. A depot with a
 * site meter lives through random meter readings (some late, some lost while the server is down), silences,
 * plug-ins, departures and server outages starting at any instant. While the server is up, it decides at every event
 * and at every five minutes of the clock (as the server does), and each charger holds the OCPP profile it was last
 * sent (the default of 0 W until its transaction gets one). At every instant, the sum of the limits the chargers hold
 * (as they would apply them with no further message) is at most the connection less the building load the fail-safe
 * rule assumes, written here from the rule itself, not from the product's code:
 *
 * - while the last reading received holds (five minutes from when it was read): that reading;
 * - after it, or with a meter that never spoke: the higher of the plan's load for that hour and the last reading,
 *   plus 10 % of the connection;
 * - with no meter: the plan's load for that hour.
 */
const MINUTE = 60_000;
const HOURS = 3;

type Happening =
  | { kind: "reading"; buildingKw: number; lateMs: number }
  | { kind: "plug"; charger: number; needKwh: number | null; staysMs: number | null }
  | { kind: "unplug"; charger: number }
  | { kind: "down" }
  | { kind: "up" };

const happening = (chargers: number, connectionKw: number): fc.Arbitrary<Happening> =>
  fc.oneof(
    {
      weight: 4,
      arbitrary: fc.record({
        kind: fc.constant("reading" as const),
        buildingKw: fc.integer({ min: 0, max: Math.round(connectionKw * 1.2) }),
        // Read now, or some minutes before it reaches the server (a meter's buffer), past its expiry at times.
        lateMs: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 7 * MINUTE })),
      }),
    },
    {
      weight: 3,
      arbitrary: fc.record({
        kind: fc.constant("plug" as const),
        charger: fc.nat(chargers - 1),
        needKwh: fc.option(fc.integer({ min: 1, max: 300 }), { nil: null }),
        staysMs: fc.option(fc.integer({ min: 10 * MINUTE, max: 30 * 60 * MINUTE }), { nil: null }),
      }),
    },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant("unplug" as const), charger: fc.nat(chargers - 1) }) },
    { weight: 1, arbitrary: fc.constant({ kind: "down" as const }) },
    { weight: 1, arbitrary: fc.constant({ kind: "up" as const }) },
  );

const depotArb = fc
  .record({
    connectionKw: fc.integer({ min: 20, max: 400 }),
    chargersKw: fc.array(fc.constantFrom(7.4, 22, 43, 50, 150), { minLength: 1, maxLength: 5 }),
    // Any instant over two years: clock changes, evening peaks and nights.
    start: fc.integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2028, 0, 1) }),
    meterRegistered: fc.boolean(),
    planShare: fc.array(fc.double({ min: 0, max: 0.7, noNaN: true }), { minLength: 24, maxLength: 24 }),
  })
  .chain((depot) =>
    fc.record({
      depot: fc.constant(depot),
      timeline: fc.array(
        fc.tuple(
          fc.integer({ min: 0, max: HOURS * 60 * MINUTE }),
          happening(depot.chargersKw.length, depot.connectionKw),
        ),
        { maxLength: 30 },
      ),
    }),
  );

type Played = typeof depotArb extends fc.Arbitrary<infer T> ? T : never;
type Reading = { readAt: number; buildingKw: number };
type Session = { id: number; needKwh: number | null; departsAt: number | null; pluggedAt: number };
/** What a charger holds: its session's last profile, as sent (its default of 0 W applies to a session without one). */
type Charger = { maxKw: number; session: Session | null; profile: Record<string, unknown> | null; record: Limits };

/** The limit a charger holds at an instant, read from the profile as an OCPP charger reads it (W). */
function heldW(charger: Charger, at: number): number {
  if (!charger.session || !charger.profile) return 0;
  const schedule = (charger.profile as { csChargingProfiles: { chargingSchedule: SentSchedule } }).csChargingProfiles
    .chargingSchedule;
  const elapsedS = (at - Date.parse(schedule.startSchedule)) / 1000;
  if (elapsedS < 0 || (schedule.duration !== undefined && elapsedS >= schedule.duration)) return 0;
  let limit = 0;
  for (const period of schedule.chargingSchedulePeriod) if (period.startPeriod <= elapsedS) limit = period.limit;
  return limit;
}
type SentSchedule = {
  startSchedule: string;
  duration?: number;
  chargingSchedulePeriod: { startPeriod: number; limit: number }[];
};

/** The instants at which what a charger holds may change (its periods' starts and its profile's end). */
function edgesOf(charger: Charger): number[] {
  if (!charger.profile) return [];
  const schedule = (charger.profile as { csChargingProfiles: { chargingSchedule: SentSchedule } }).csChargingProfiles
    .chargingSchedule;
  const start = Date.parse(schedule.startSchedule);
  return [
    ...schedule.chargingSchedulePeriod.map((p) => start + p.startPeriod * 1000),
    ...(schedule.duration === undefined ? [] : [start + schedule.duration * 1000]),
  ];
}

function play({ depot, timeline }: Played) {
  const C = depot.connectionKw;
  const planByHour = depot.planShare.map((share) => Math.round(share * C * 10) / 10);
  const planAt = (at: number) => planByHour[DateTime.fromMillis(at, { zone: "Europe/London" }).hour]!;
  const chargers: Charger[] = depot.chargersKw.map((maxKw) => ({
    maxKw,
    session: null,
    profile: null,
    record: constant(0),
  }));
  let registered = depot.meterRegistered;
  let last: Reading | null = null;
  let up = true;
  let sessionIds = 0;

  /** The rule, from what the server has received by `at`. */
  const assumedKw = (at: number) => {
    if (!registered) return planAt(at);
    if (last && at < last.readAt + 5 * MINUTE) return last.buildingKw;
    return Math.max(planAt(at), last?.buildingKw ?? 0) + 0.1 * C;
  };

  const site = (at: number): DepotSite => {
    const meter: SiteMeter | null = registered
      ? last
        ? {
            readAt: last.readAt,
            siteKw: last.buildingKw,
            buildingKw: last.buildingKw,
            silent: at >= last.readAt + 5 * MINUTE,
          }
        : { readAt: depot.start - MINUTE, siteKw: 0, buildingKw: null, silent: true }
      : null;
    return {
      connectionKw: C,
      buildingKwByHour: planByHour,
      tariff: TARIFF_PRESETS["red-amber-green"],
      tariffFromPlan: true,
      inputs: null,
      planPerDay: null,
      meter,
      connectionOffer: null,
    };
  };

  /** One decision, as depot-decision.server.ts takes it with every charger connected to this process. */
  const decide = (at: number) => {
    const plugged: SharedPlugged[] = chargers.flatMap((c) =>
      c.session
        ? [
            {
              key: String(c.session.id),
              maxKw: c.maxKw,
              neededKwh: c.session.needKwh,
              departsAt: c.session.departsAt,
              own: true,
              online: true,
              inForceKw: limitAt(c.record, at),
              inForce: c.record,
            },
          ]
        : [],
    );
    const planned = shareLive(liveRoom(site(at), at), plugged, [], at);
    for (const c of chargers) {
      if (!c.session) continue;
      const change = changeToSend(c.record, planned, String(c.session.id), c.profile !== null, at);
      if (!change) continue;
      // Every lowering answered, then the raise (send-limits.server.ts): the charger ends up holding the new schedule.
      const sent = change.then ?? change.first!;
      c.profile = profileFor("ocpp1.6", { id: c.session.id, ref: String(c.session.id), connectorId: 1 }, sent, at);
      c.record = sent;
    }
  };

  /** Checks every instant from `from` to `to` (what is held and what is assumed are both constant between edges). */
  const check = (from: number, to: number) => {
    const instants = new Set<number>([from]);
    for (const c of chargers) for (const t of edgesOf(c)) if (t > from && t < to) instants.add(t);
    if (last) for (const t of [last.readAt + 5 * MINUTE]) if (t > from && t < to) instants.add(t);
    for (let h = Math.ceil(from / (15 * MINUTE)) * 15 * MINUTE; h < to; h += 15 * MINUTE) instants.add(h);
    for (const t of instants) {
      const heldKw = chargers.reduce((sum, c) => sum + heldW(c, t), 0) / 1000;
      const roomKw = Math.max(0, C - assumedKw(t));
      const when = `at +${Math.round((t - depot.start) / 1000)} s, server ${up ? "up" : "down"}`;
      expect(heldKw, `the chargers' limits ${when}`).toBeLessThanOrEqual(roomKw + 1e-9);
    }
  };

  // The happenings and the five-minute rounds, in order; the server decides at each while it is up.
  const rounds = Array.from({ length: HOURS * 12 + 1 }, (_, i) => {
    const edge = Math.ceil(depot.start / (5 * MINUTE)) * 5 * MINUTE + i * 5 * MINUTE + 1000;
    return [edge, { kind: "round" as const }] as const;
  });
  const events = [...timeline.map(([offset, h]) => [depot.start + offset, h] as const), ...rounds].sort(
    (a, b) => a[0] - b[0],
  );
  let now = depot.start;
  decide(now);
  for (const [at, h] of events) {
    check(now, at);
    now = at;
    if (h.kind === "reading") {
      // A reading reaches the server only while it is up; one older than the last is ignored.
      if (!up) continue;
      const readAt = at - h.lateMs;
      if (last && readAt < last.readAt) continue;
      registered = true;
      last = { readAt, buildingKw: h.buildingKw };
    } else if (h.kind === "plug") {
      const c = chargers[h.charger]!;
      if (c.session) continue;
      c.session = {
        id: ++sessionIds,
        needKwh: h.needKwh,
        departsAt: h.staysMs === null || h.needKwh === null ? null : at + h.staysMs,
        pluggedAt: at,
      };
      c.profile = null;
      c.record = constant(0);
    } else if (h.kind === "unplug") {
      const c = chargers[h.charger]!;
      c.session = null;
      c.profile = null;
    } else if (h.kind === "down") up = false;
    else if (h.kind === "up") up = true;
    if (up) decide(at);
  }
  // After the last happening nothing more comes (the server may be down for good): the chargers hold what they hold.
  check(now, now + 36 * 60 * MINUTE);
}

describe("what the chargers hold when the meter or the server goes quiet", () => {
  it("never adds up to more than the connection less the building the fail-safe rule assumes", () => {
    fc.assert(
      fc.property(depotArb, (played) => play(played)),
      { numRuns: 150 },
    );
  }, 600_000);
});
