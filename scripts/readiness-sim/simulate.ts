// A month of the benchmark's depot at five-minute steps, decided by the live controller's own functions (shareOwn and
// scheduleAhead over the site's slots, as depot-decision.server.ts calls them) from what each controller knows:
//   before issue 49: each van's need from its plan's group (the day's 45 kWh less what it has had), its departure from
//     the plan's shift, the building from the plan, the charger's power as the van's;
//   after: each van's real charge (the fleet's telematics, or the charger) to its target, its real departure (the
//     fleet's schedule, told the evening before), the building from the site's meter, the van's own power, a faulted
//     connector's van planned as due back in a quarter of an hour from its status; and the faulted charger's alert, on which the depot's people move
//     its van to a spare charger 15 minutes later.
// The vans draw what they are given, at most their 11 kW. Nothing here is random but the month (depot.ts).
import { DateTime } from "luxon";

import { priceAt } from "../../app/features/charging-engine/index";
// The controller's decision as pure functions (not in the rooms' doors: only the benchmark calls them so).
import { limitAt, type Limits } from "../../app/features/charging-records";
import { siteLimitKw, type DepotSite } from "../../app/features/live-control";
import { scheduleAhead, shareOwn, siteSlots, type SharedPlugged } from "../../app/features/live-control/internals";
import { vehiclesDueBack } from "../../app/features/vehicles";
import { UK_ZONE } from "../../app/lib/uk-dates";
import {
  BATTERY_KWH,
  CHARGER_KW,
  CHARGERS,
  DAYS,
  realBuildingKw,
  START,
  STEP_MS,
  TARGET_PCT,
  TRIP_KWH,
  tripKwh,
  VAN_KW,
  VANS,
  type Month,
  type Trip,
} from "./depot";

export type Controller = "before" | "after";
const TARGET_KWH = (TARGET_PCT / 100) * BATTERY_KWH;
const HOUR = 3_600_000;
const MINUTE = 60_000;
/** The alert's five minutes, and the quarter of an hour the depot's people take to move the van. */
const MOVE_AFTER_MS = 20 * 60_000;

type Van = { kwh: number; charger: number | null; pluggedKwh: number; limitKw: number; schedule: Limits | null };
export type Departure = {
  van: number;
  leaves: number;
  shortKwh: number;
  /** When the controller or the board first said it would leave short (ms), if it did. */
  predictedAt: number | null;
  /** Whether the site could have charged it: some step of its stay had room to spare while it drew below its power. */
  avoidable: boolean;
  timeBound: boolean;
};
export type MonthResult = {
  departures: Departure[];
  peakKw: number;
  minutesOver: number;
  chargingKwh: number;
  costPounds: number;
  decisionMs: number[];
};

export function simulate(controller: Controller, month: Month, base: DepotSite): MonthResult {
  const vans: Van[] = Array.from({ length: VANS }, (_, i) => ({
    kwh: TARGET_KWH,
    charger: i,
    pluggedKwh: TARGET_KWH,
    limitKw: 0,
    schedule: null,
  }));
  const tripsOf = Map.groupBy(month.trips, (t) => t.van);
  const result: MonthResult = {
    departures: [],
    peakKw: 0,
    minutesOver: 0,
    chargingKwh: 0,
    costPounds: 0,
    decisionMs: [],
  };
  const predicted = new Map<string, number>();
  const spare = new Map<number, boolean>();
  const stay = new Map<number, { arrived: number; spareWhileBelow: boolean; kwhAtArrival: number }>();
  for (let v = 0; v < VANS; v++) stay.set(v, { arrived: START, spareWhileBelow: false, kwhAtArrival: TARGET_KWH });
  const away = new Map<number, Trip>();
  const end = START + DAYS * 24 * HOUR;
  // Minute by minute (trips leave and come back on the minute, and a charger keeps to its schedule's times); the
  // controller decides every five minutes and whenever a van plugs in or leaves, as the server does.
  for (let t = START; t < end; t += MINUTE) {
    let event = false;
    for (const trip of month.trips) {
      if (trip.leaves > t - MINUTE && trip.leaves <= t) {
        depart(trip);
        event = true;
      }
      if (trip.back > t - MINUTE && trip.back <= t) {
        arrive(trip, t);
        event = true;
      }
    }
    const faulted = t >= month.fault.from && t < month.fault.to ? month.fault.charger : -1;
    if (controller === "after" && faulted >= 0 && t >= month.fault.from + MOVE_AFTER_MS) {
      const onIt = vans.findIndex((v) => v.charger === faulted);
      const free = [VANS, VANS + 1].find((c) => c < CHARGERS && !vans.some((v) => v.charger === c));
      if (onIt >= 0 && free !== undefined) {
        vans[onIt]!.charger = free;
        event = true;
      }
    }
    // A charger's status (faulted, or back) is a change the controller decides on, as the server does.
    if (t === month.fault.from || t === month.fault.to) event = true;
    if (event || (t - START) % STEP_MS === 0) decide(t);
    const buildingKw = realBuildingKw(month, t);
    let chargingKw = 0;
    const local = DateTime.fromMillis(t, { zone: UK_ZONE });
    const pence = priceAt(base.tariff, local.weekday - 1, local.hour * 60 + local.minute);
    const room = base.connectionKw! - buildingKw;
    vans.forEach((van, i) => {
      if (van.charger === null) return;
      const limitKw = van.schedule ? limitAt(van.schedule, t) : van.limitKw;
      const kw = van.charger === faulted ? 0 : Math.min(limitKw, VAN_KW, ((BATTERY_KWH - van.kwh) * HOUR) / MINUTE);
      van.kwh += (kw * MINUTE) / HOUR;
      chargingKw += kw;
      spare.set(i, kw < VAN_KW - 1e-6 && van.kwh < TARGET_KWH - 1e-6);
    });
    // Room to spare this minute (the site below its room by more than a van's rounding), for the vans held below theirs.
    const roomToSpare = chargingKw < room - 0.5;
    spare.forEach((below, i) => {
      if (below && roomToSpare && vans[i]!.charger !== faulted) stay.get(i)!.spareWhileBelow = true;
    });
    const siteKw = buildingKw + chargingKw;
    result.peakKw = Math.max(result.peakKw, siteKw);
    if (siteKw > base.connectionKw! + 1e-6) result.minutesOver++;
    result.chargingKwh += (chargingKw * MINUTE) / HOUR;
    result.costPounds += (chargingKw * MINUTE * pence) / HOUR / 100;
  }
  return result;

  function nextTrip(van: number, t: number) {
    return (tripsOf.get(van) ?? []).find((trip) => trip.leaves > t) ?? null;
  }

  function depart(trip: Trip) {
    const van = vans[trip.van]!;
    const s = stay.get(trip.van)!;
    const shortKwh = Math.max(0, TARGET_KWH - van.kwh);
    const hours = (trip.leaves - s.arrived) / HOUR;
    const key = `${trip.van}:${trip.leaves}`;
    result.departures.push({
      van: trip.van,
      leaves: trip.leaves,
      shortKwh: shortKwh >= 0.1 ? shortKwh : 0,
      predictedAt: predicted.get(key) ?? null,
      avoidable: shortKwh >= 0.1 && s.spareWhileBelow,
      timeBound: VAN_KW * hours < TARGET_KWH - s.kwhAtArrival,
    });
    van.pluggedKwh = van.kwh;
    van.charger = null;
    away.set(trip.van, trip);
  }

  function arrive(trip: Trip, t: number) {
    const van = vans[trip.van]!;
    // What it left with, less what the trip took (its plan's arrival charge ±15 %, for a van that left at its target).
    van.kwh = Math.max(0, van.pluggedKwh - tripKwh(trip));
    van.pluggedKwh = van.kwh;
    van.charger = trip.van === month.fault.charger && t >= month.fault.from && t < month.fault.to ? VANS : trip.van;
    stay.set(trip.van, { arrived: t, spareWhileBelow: false, kwhAtArrival: van.kwh });
    away.delete(trip.van);
  }

  function decide(t: number) {
    const faulted = t >= month.fault.from && t < month.fault.to ? month.fault.charger : -1;
    const site: DepotSite =
      controller === "after"
        ? { ...base, meter: { readAt: t, siteKw: 0, buildingKw: realBuildingKw(month, t), silent: false } }
        : base;
    const limitKw = siteLimitKw(site, t);
    const slots = siteSlots(site, t, 24);
    const plugged: SharedPlugged[] = [];
    vans.forEach((van, i) => {
      if (van.charger === null) return;
      const next = nextTrip(i, t);
      const neededKwh =
        controller === "after"
          ? Math.max(0, TARGET_KWH - van.kwh)
          : Math.max(0, Math.min(TARGET_KWH, TRIP_KWH) - (van.kwh - van.pluggedKwh));
      plugged.push({
        key: String(i),
        maxKw: controller === "after" ? Math.min(CHARGER_KW, VAN_KW) : CHARGER_KW,
        // After: a faulted connector's status is known at once, its van planned as due back in a quarter of an hour.
        ...(controller === "after" && van.charger === faulted ? { arrivesAt: t + 15 * 60_000 } : {}),
        neededKwh: next ? neededKwh : null,
        departsAt: next ? (controller === "after" ? next.leaves : next.plannedLeave) : null,
        own: true,
        online: true,
        inForceKw: van.limitKw,
      });
    });
    // Room kept for the vans due back from their duty, as the controller keeps it: after issue 49, each van away with
    // its return (ETA), charge and departure told by the fleet (vehicle-state.ts's toldDueBack), and the plan's group
    // for none of them; before, the plan's group (vehicle-duty.ts's vehiclesDueBack).
    const until = slots.length ? slots[slots.length - 1]!.to : t;
    const told =
      controller === "after"
        ? [...away].flatMap(([i, trip]) => {
            const next = nextTrip(i, trip.back - 1);
            const arrivesAt = Math.max(t, trip.back);
            if (!next || arrivesAt >= until) return [];
            const neededKwh = Math.max(0, TARGET_KWH - Math.max(0, vans[i]!.pluggedKwh - tripKwh(trip)));
            return [{ key: `due:${i}`, arrivesAt, departsAt: next.leaves, neededKwh, maxKw: VAN_KW }];
          })
        : [];
    const dueBack =
      controller === "after"
        ? told
        : vehiclesDueBack(
            base.inputs,
            { tags: vans.flatMap((v, i) => (v.charger === null ? [] : [`g1-${i}`])), named: new Map() },
            t,
            until,
            CHARGERS - plugged.length,
          );
    const started = performance.now();
    const { limitsKw, schedules, short } = shareOwn(limitKw, plugged, t, (all) =>
      scheduleAhead(slots, [...all, ...dueBack], t),
    );
    result.decisionMs.push(performance.now() - started);
    for (const p of plugged) {
      const van = vans[Number(p.key)]!;
      van.schedule = schedules?.get(p.key) ?? null;
      van.limitKw = van.schedule ? limitAt(van.schedule, t) : (limitsKw.get(p.key) ?? 0);
    }
    for (const s of short) remember(Number(s.key), t, s.shortKwh);
    if (controller === "after") predictAway(t);
  }

  // The board's word for a van not plugged in (after only): from its charge told by the fleet, on a spare charger's
  // power from when it is back.
  function predictAway(t: number) {
    for (const [i, trip] of away) {
      const next = nextTrip(i, trip.back - 1);
      if (!next || next.leaves - t > 24 * HOUR) continue;
      const arrivalKwh = Math.max(0, vans[i]!.pluggedKwh - tripKwh(trip));
      const canKwh = (VAN_KW * Math.max(0, next.leaves - Math.max(t, trip.back))) / HOUR;
      remember(i, t, TARGET_KWH - arrivalKwh - canKwh);
    }
  }

  function remember(van: number, t: number, shortKwh: number) {
    const next = nextTrip(van, t);
    if (!next || shortKwh < 0.1) return;
    const key = `${van}:${next.leaves}`;
    if (!predicted.has(key)) predicted.set(key, t);
  }
}
