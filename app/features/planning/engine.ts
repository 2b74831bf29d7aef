/**
 * The charging-plan engine: turns a fleet's weekly duty into charging
 * sessions at the depot, schedules them with four strategies, and reports
 * the site load, peak, energy, cost and shortfalls of each. Pure: no React,
 * no database; the server and the tests call it directly.
 *
 * Time is a cycle of `days` × (1440 / stepMinutes) steps that repeats (a
 * typical day or week), so a vehicle that returns in the evening and leaves
 * in the morning charges across the end of the cycle.
 */
import { buildingLoadBySteps, type LoadProfile } from "./load-profile";
import { MaxFlow } from "./max-flow";

/**
 * A vehicle type. `chargeCurve` is the most it takes (kW, battery side) at a
 * state of charge (%), as points joined by straight lines (typically flat,
 * then tapering above 80 %); without one it takes `maxChargeKw` throughout.
 */
export type VehicleType = {
  id: string;
  name: string;
  batteryKwh: number;
  consumptionKwhPerKm: number;
  maxChargeKw: number;
  chargeCurve?: [socPct: number, kw: number][];
};
/** One day of work: leaves at `depart`, back at `return` (minutes after midnight; a return at or before departure is the next day). */
export type DutyDay = { depart: number; return: number; km?: number; energyKwh?: number } | null;
export type VehicleGroup = {
  id: string;
  name: string;
  typeId: string;
  count: number;
  week: DutyDay[];
  targetSocPct: number;
};
export type ChargerGroup = { id: string; name: string; count: number; powerKw: number; serves: string[] | "all" };
export type TariffBand = { days: number[]; from: number; to: number; pencePerKwh: number };
export type Tariff = {
  name: string;
  defaultPencePerKwh: number;
  bands: TariffBand[];
  standingPencePerDay: number;
  capacityPencePerKvaPerMonth: number;
};

export type PlanInput = {
  vehicleTypes: VehicleType[];
  vehicles: VehicleGroup[];
  chargers: ChargerGroup[];
  site: {
    connectionKva: number;
    powerFactor: number;
    /** The building's own load: constant kW, 24 hourly values, or a profile read from a CSV. */
    buildingKw: number | number[] | LoadProfile;
    /** Share of the energy drawn that reaches the battery. */
    chargingEfficiency: number;
    /** A stationary battery on site, used to lower the site's peak (see dispatchBattery). */
    battery?: StationaryBattery;
  };
  tariff: Tariff;
  horizon: { days: number; stepMinutes: 5 | 15 | 30 | 60; startWeekday: number };
};

/** A site battery: usable capacity, the most it charges or discharges, and the share of the energy put in that comes back out. */
export type StationaryBattery = { capacityKwh: number; powerKw: number; roundTripEfficiency: number };

export const STRATEGIES = ["uncontrolled", "balanced", "cost-optimal", "peak-shaving"] as const;
export type Strategy = (typeof STRATEGIES)[number];
export const SHORTFALL_REASONS = ["time", "charger", "connection", "battery"] as const;
export type ShortfallReason = (typeof SHORTFALL_REASONS)[number];

/** One plug-in session: arrives at step `start`, must be full by `start + length` (unwrapped; steps are taken modulo the cycle). */
type Session = {
  vehicle: string;
  start: number;
  length: number;
  /** Energy to put into the battery (kWh). */
  needKwh: number;
  /** Most the vehicle and its charger can take (kW into the battery). */
  capKw: number;
  /** With a charging curve: the most it may take at each step of the stay (see curveCaps); otherwise null and capKw holds throughout. */
  caps: Float64Array | null;
  curve: VehicleType["chargeCurve"] | null;
  typeId: string;
  charger: string | null;
  batteryKwh: number;
  arrivalSocPct: number;
  /** The trip before it wanted more than the battery can give. */
  batteryShort: boolean;
  /** Steps it waited on arrival for a charger to free up. */
  waitedSteps: number;
};

export type VehicleResult = {
  vehicle: string;
  neededKwh: number;
  deliveredKwh: number;
  shortfallKwh: number;
  reasons: ShortfallReason[];
  minSocPct: number;
  maxSocPct: number;
};

export type StrategyResult = {
  strategy: Strategy;
  /** Site load per step (kW): building + charging drawn from the grid. */
  siteKw: number[];
  chargingKw: number[];
  peakKw: number;
  peakKva: number;
  energyKwh: number;
  chargingEnergyKwh: number;
  cost: { energyPounds: number; standingPounds: number; capacityPounds: number; totalPounds: number };
  vehicles: VehicleResult[];
  chargerUtilisation: { charger: string; energyKwh: number; utilisationPct: number }[];
  recommendedConnectionKva: number;
  transformerKva: number | null;
  /** The site battery's work: grid kW into it (positive) or out of it (negative) at each step, and the peak it took off. Only peak shaving runs the battery (its job is the peak); null otherwise. */
  battery: { kw: number[]; chargedKwh: number; dischargedKwh: number; peakWithoutKw: number } | null;
  /** Battery-side power of each session at each of its steps (for the invariant checks). */
  sessions: {
    vehicle: string;
    charger: string | null;
    start: number;
    kw: number[];
    capKw: number;
    caps: Float64Array | null;
    curve: VehicleType["chargeCurve"] | null;
    needKwh: number;
    batteryKwh: number;
    arrivalSocPct: number;
  }[];
};

export type PlanResult = {
  steps: number;
  stepHours: number;
  limitKw: number;
  priceByStep: number[];
  buildingByStep: number[];
  strategies: StrategyResult[];
};

/** Standard transformer sizes (kVA), from the domain notes. */
export const TRANSFORMER_SIZES_KVA = [200, 315, 500, 800, 1000, 1250, 1600, 2000, 2500];
/** Headroom on top of the planned peak when asking for a connection. */
export const CONNECTION_MARGIN = 0.2;
const TRANSFORMER_LOADING = 0.8;
const EPS = 1e-9;

export function transformerFor(peakKw: number, powerFactor: number): number | null {
  const needed = peakKw / powerFactor / TRANSFORMER_LOADING;
  return TRANSFORMER_SIZES_KVA.find((size) => size >= needed) ?? null;
}

function priceAt(tariff: Tariff, weekday: number, minute: number): number {
  for (const band of tariff.bands) {
    if (!band.days.includes(weekday)) continue;
    const inside =
      band.from <= band.to ? minute >= band.from && minute < band.to : minute >= band.from || minute < band.to;
    if (inside) return band.pencePerKwh;
  }
  return tariff.defaultPencePerKwh;
}

/** Expands groups into vehicles and their weekly work into charging sessions, and gives each session a charger. */
function sessionsFor(input: PlanInput, steps: number, stepMinutes: number): Session[] {
  const types = new Map(input.vehicleTypes.map((type) => [type.id, type]));
  const perDay = 1440 / stepMinutes;
  const sessions: Session[] = [];
  const sortedCurves = new Map(
    input.vehicleTypes
      .filter((type) => type.chargeCurve && type.chargeCurve.length > 0)
      .map((type) => [type.id, [...type.chargeCurve!].sort((a, b) => a[0] - b[0])]),
  );
  for (const group of input.vehicles) {
    const type = types.get(group.typeId);
    if (!type) throw new Error(`Unknown vehicle type ${group.typeId}`);
    for (let n = 1; n <= group.count; n++) {
      const vehicle = group.count === 1 ? group.name : `${group.name} ${n}`;
      // Trips in the cycle, as [departure step, return step (unwrapped), energy].
      const trips: { depart: number; back: number; energy: number }[] = [];
      for (let day = 0; day < input.horizon.days; day++) {
        const duty = group.week[(input.horizon.startWeekday + day) % 7];
        if (!duty) continue;
        const depart = day * perDay + Math.round(duty.depart / stepMinutes);
        let duration = Math.round((duty.return - duty.depart) / stepMinutes);
        if (duration <= 0) duration += perDay;
        const energy = duty.energyKwh ?? (duty.km ?? 0) * type.consumptionKwhPerKm;
        trips.push({ depart, back: depart + duration, energy });
      }
      if (trips.length === 0) continue;
      trips.sort((a, b) => a.depart - b.depart);
      for (let i = 0; i < trips.length; i++) {
        const trip = trips[i]!;
        const nextTrip = trips[(i + 1) % trips.length]!;
        const nextDepart = i + 1 < trips.length ? nextTrip.depart : nextTrip.depart + steps;
        const length = nextDepart - trip.back;
        if (length <= 0) continue;
        const full = (type.batteryKwh * group.targetSocPct) / 100;
        const needKwh = Math.min(trip.energy, full);
        sessions.push({
          vehicle,
          start: trip.back % steps,
          length: Math.min(length, steps),
          needKwh,
          capKw: type.maxChargeKw,
          caps: null,
          curve: sortedCurves.get(type.id) ?? null,
          typeId: type.id,
          charger: null,
          batteryKwh: type.batteryKwh,
          arrivalSocPct: ((full - needKwh) / type.batteryKwh) * 100,
          batteryShort: trip.energy > full + EPS,
          waitedSteps: 0,
        });
      }
    }
  }
  // Chargers: a vehicle keeps the charger it plugs into until it leaves; first come, first served.
  const vehicleType = new Map<string, string>();
  for (const group of input.vehicles)
    for (let n = 1; n <= group.count; n++)
      vehicleType.set(group.count === 1 ? group.name : `${group.name} ${n}`, group.typeId);
  // Each charger's occupied steps (a bitmap over the cycle).
  const units = input.chargers.flatMap((group) =>
    Array.from({ length: group.count }, (_, i) => ({
      id: group.count === 1 ? group.name : `${group.name} ${i + 1}`,
      group,
      busy: new Uint8Array(steps),
    })),
  );
  // How long a session would wait for a unit that is then free until it leaves (its whole stay when it is free on arrival).
  const waitFor = (busy: Uint8Array, start: number, length: number) => {
    for (let k = length - 1; k >= 0; k--) if (busy[(start + k) % steps]) return k + 1;
    return 0;
  };
  const byPower = [...units].sort((a, b) => b.group.powerKw - a.group.powerKw);
  for (const session of [...sessions].sort((a, b) => a.start - b.start || b.needKwh - a.needKwh)) {
    const typeId = vehicleType.get(session.vehicle)!;
    // The most powerful compatible unit free on arrival; failing that, the one that frees up first (the vehicle is plugged in when it does).
    let chosen: { unit: (typeof units)[number]; wait: number } | null = null;
    for (const unit of byPower) {
      if (unit.group.serves !== "all" && !unit.group.serves.includes(typeId)) continue;
      const wait = waitFor(unit.busy, session.start, session.length);
      if (wait < session.length && (!chosen || wait < chosen.wait)) chosen = { unit, wait };
      if (wait === 0) break;
    }
    if (!chosen) continue;
    const { unit, wait } = chosen;
    session.start = (session.start + wait) % steps;
    session.length -= wait;
    session.waitedSteps = wait;
    for (let k = 0; k < session.length; k++) unit.busy[(session.start + k) % steps] = 1;
    session.charger = unit.id;
    session.capKw = Math.min(session.capKw, unit.group.powerKw);
  }
  for (const session of sessions)
    if (session.charger && session.curve) session.caps = curveCaps(session, stepMinutes / 60);
  return sessions;
}

/** The curve's power (kW) at a state of charge: straight lines between its points (in rising order of charge), flat beyond the ends. */
export function curveKw(points: NonNullable<VehicleType["chargeCurve"]>, socPct: number): number {
  if (socPct <= points[0]![0]) return points[0]![1];
  for (let i = 1; i < points.length; i++) {
    const [s0, k0] = points[i - 1]!;
    const [s1, k1] = points[i]!;
    if (socPct <= s1) return s1 === s0 ? Math.min(k0, k1) : k0 + ((k1 - k0) * (socPct - s0)) / (s1 - s0);
  }
  return points.at(-1)![1];
}

/** The lowest the curve goes between two states of charge (its value at both ends and at every point between). */
function curveMin(curve: NonNullable<VehicleType["chargeCurve"]>, from: number, to: number): number {
  let min = Math.min(curveKw(curve, from), curveKw(curve, to));
  for (const [soc, kw] of curve) if (soc > from && soc < to) min = Math.min(min, kw);
  return min;
}

/**
 * Per-step power limits that respect a charging curve whatever a strategy
 * does. Charging as fast as the limits allow from arrival gives the highest
 * state of charge the vehicle can have at each step; the limit at a step is
 * the lowest the curve goes between the arrival charge and that highest
 * charge. Any schedule within these limits is below that highest charge, so
 * the curve at its real charge is at least the limit: every strategy's plan
 * obeys the curve, and planned strategies (cost-optimal, peak shaving) can
 * treat the limits as fixed. Cautious only where charging earlier would have
 * been slower because of the curve's taper.
 */
function curveCaps(session: Session, dt: number): Float64Array {
  const curve = session.curve!;
  const caps = new Float64Array(session.length);
  let soc = session.arrivalSocPct;
  let lowest = Math.min(session.capKw, curveKw(curve, soc));
  let remaining = session.needKwh;
  for (let k = 0; k < session.length; k++) {
    caps[k] = lowest;
    const energy = Math.min(lowest * dt, remaining);
    remaining -= energy;
    const next = soc + (energy / session.batteryKwh) * 100;
    lowest = Math.min(lowest, curveMin(curve, soc, next));
    soc = next;
  }
  return caps;
}

const capAt = (s: Session, k: number) => (s.caps ? s.caps[k]! : s.capKw);

/** The largest value (a loop: spreading a year of 5-minute steps into Math.max overflows the stack). */
function maxOf(values: ArrayLike<number>, floor = -Infinity): number {
  let max = floor;
  for (let i = 0; i < values.length; i++) if (values[i]! > max) max = values[i]!;
  return max;
}

type Schedule = number[][];

/** Charges from arrival at full power, or (balanced) at the lowest constant power that finishes by departure; the connection limit scales everyone down. */
function simulate(
  sessions: Session[],
  steps: number,
  dt: number,
  headroom: number[],
  mode: "uncontrolled" | "balanced",
): Schedule {
  const schedule: Schedule = sessions.map((s) => new Array<number>(s.length).fill(0));
  const remaining = sessions.map((s) => (s.charger ? s.needKwh : 0));
  const load = new Array<number>(steps).fill(0);
  // Sessions start within the first cycle; a sweep over two cycles covers those that wrap.
  const startingAt = new Map<number, number[]>();
  sessions.forEach((s, i) => {
    if (!s.charger || s.needKwh <= EPS) return;
    const starting = startingAt.get(s.start);
    if (starting) starting.push(i);
    else startingAt.set(s.start, [i]);
  });
  let active: number[] = [];
  for (let u = 0; u < 2 * steps; u++) {
    const t = u % steps;
    if (u < steps) active.push(...(startingAt.get(u) ?? []));
    active = active.filter((i) => remaining[i]! > EPS && u < sessions[i]!.start + sessions[i]!.length);
    if (active.length === 0) continue;
    const wants = active.map((i) => {
      const s = sessions[i]!;
      const k = u - s.start;
      // Balanced: what is left spread evenly over the time left (one constant power when nothing binds).
      const want = mode === "uncontrolled" ? capAt(s, k) : Math.min(capAt(s, k), remaining[i]! / ((s.length - k) * dt));
      return Math.min(want, remaining[i]! / dt);
    });
    const total = wants.reduce((a, b) => a + b, 0);
    const available = Math.max(0, headroom[t]! - load[t]!);
    const scale = total > available ? available / total : 1;
    active.forEach((i, k) => {
      const kw = wants[k]! * scale;
      const s = sessions[i]!;
      schedule[i]![u - s.start] = kw;
      remaining[i] = remaining[i]! - kw * dt;
      load[t] = load[t]! + kw;
    });
  }
  return schedule;
}

/** Each session's energy goes into the cheapest steps of its stay (earliest deadline first), within the connection limit. */
function costOptimal(sessions: Session[], steps: number, dt: number, headroom: number[], price: number[]): Schedule {
  const schedule: Schedule = sessions.map((s) => new Array<number>(s.length).fill(0));
  const load = new Array<number>(steps).fill(0);
  const order = sessions
    .map((_, i) => i)
    .sort((a, b) => sessions[a]!.start + sessions[a]!.length - (sessions[b]!.start + sessions[b]!.length));
  for (const i of order) {
    const s = sessions[i]!;
    if (!s.charger) continue;
    let remaining = s.needKwh;
    const offsets = Array.from({ length: s.length }, (_, k) => k).sort(
      (a, b) => price[(s.start + a) % steps]! - price[(s.start + b) % steps]! || a - b,
    );
    for (const k of offsets) {
      if (remaining <= EPS) break;
      const t = (s.start + k) % steps;
      const kw = Math.min(capAt(s, k), remaining / dt, Math.max(0, headroom[t]! - load[t]!));
      if (kw <= EPS) continue;
      schedule[i]![k] = kw;
      load[t] = load[t]! + kw;
      remaining -= kw * dt;
    }
  }
  return schedule;
}

/** Sessions whose stays share a step, grouped: each group can be planned on its own. */
function clusters(sessions: Session[], steps: number): number[][] {
  const parent = sessions.map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i]!)));
  const owner = new Int32Array(steps).fill(-1);
  sessions.forEach((s, i) => {
    if (!s.charger || s.needKwh <= EPS) return;
    for (let k = 0; k < s.length; k++) {
      const t = (s.start + k) % steps;
      const other = owner[t]!;
      if (other >= 0) parent[find(i)] = find(other);
      owner[t] = i;
    }
  });
  const groups = new Map<number, number[]>();
  sessions.forEach((s, i) => {
    if (!s.charger || s.needKwh <= EPS) return;
    const root = find(i);
    const group = groups.get(root);
    if (group) group.push(i);
    else groups.set(root, [i]);
  });
  return [...groups.values()];
}

/**
 * The lowest site peak at which every session can still be completed, found
 * exactly: for a candidate peak P, feasibility is a maximum flow (sessions →
 * the steps of their stay, each step holding what P leaves above the
 * building's load); bisection over P finds the minimum, and the flow is the
 * schedule. Sessions that never share a step are independent, so each group
 * is solved on its own and the site's peak is the highest of them.
 *
 * Two reductions keep the flow small without changing its answer: identical
 * sessions (same stay, need and power) become one with their needs and
 * powers added (any feasible plan averaged over swapping them is feasible
 * and shares equally), and consecutive steps that no arrival, departure or
 * change of building load separates become one segment (every session
 * present in one step is present in all of them, so spreading a segment's
 * energy evenly over its steps is feasible whenever the total is).
 */
function peakShaving(
  sessions: Session[],
  steps: number,
  dt: number,
  building: number[],
  limitKw: number,
  efficiency: number,
): { schedule: Schedule; peakKw: number } {
  const schedule: Schedule = sessions.map((s) => new Array<number>(s.length).fill(0));
  let peakKw = maxOf(building, 0);
  for (const group of clusters(sessions, steps)) {
    // Identical sessions merged.
    const merged = new Map<string, number[]>();
    for (const i of group) {
      const s = sessions[i]!;
      const key = `${s.start}|${s.length}|${s.needKwh}|${s.capKw}|${s.caps ? `${s.typeId}|${s.arrivalSocPct}` : ""}`;
      const same = merged.get(key);
      if (same) same.push(i);
      else merged.set(key, [i]);
    }
    const jobs = [...merged.values()];
    // Segments: the group's steps in order, cut wherever a session starts or ends, the building's load changes, or the group has a gap.
    const cuts = new Set<number>();
    const covered = new Set<number>();
    for (const i of group) {
      const s = sessions[i]!;
      cuts.add(s.start % steps);
      cuts.add((s.start + s.length) % steps);
      for (let k = 0; k < s.length; k++) {
        covered.add((s.start + k) % steps);
        // A curve's limit changes within the stay: segments must not straddle a change.
        if (s.caps && k > 0 && s.caps[k] !== s.caps[k - 1]) cuts.add((s.start + k) % steps);
      }
    }
    const ordered = [...covered].sort((a, b) => a - b);
    const segmentOf = new Map<number, number>();
    const segments: { steps: number[]; buildingKw: number }[] = [];
    ordered.forEach((t, n) => {
      const previous = ordered[n - 1];
      if (n === 0 || cuts.has(t) || previous !== t - 1 || building[t] !== building[previous])
        segments.push({ steps: [], buildingKw: building[t]! });
      segments.at(-1)!.steps.push(t);
      segmentOf.set(t, segments.length - 1);
    });
    // Each job's segments, in stay order (a stay covers whole segments).
    // …and the job's power limit in each (constant within a segment, as segments are cut where a curve's limit changes).
    const jobCaps: number[][] = [];
    const jobSegments = jobs.map((members) => {
      const s = sessions[members[0]!]!;
      const list: number[] = [];
      const caps: number[] = [];
      for (let k = 0; k < s.length; k++) {
        const segment = segmentOf.get((s.start + k) % steps)!;
        if (list.at(-1) !== segment) {
          list.push(segment);
          caps.push(capAt(s, k));
        }
      }
      jobCaps.push(caps);
      return list;
    });
    // Which jobs charge in each segment, earliest departure first (a stay that wraps past the end of the cycle departs last).
    const segmentJobs: { job: number; index: number; due: number }[][] = segments.map(() => []);
    jobSegments.forEach((list, j) => {
      const last = list.at(-1)!;
      const due = last < list[0]! ? last + segments.length : last;
      list.forEach((segment, index) => segmentJobs[segment]!.push({ job: j, index, due }));
    });
    for (const present of segmentJobs) present.sort((a, b) => a.due - b.due);
    const solve = (peak: number) => {
      const flow = new MaxFlow(2 + jobs.length + segments.length);
      const fromSource = jobs.map((members, j) =>
        flow.addEdge(0, 2 + j, sessions[members[0]!]!.needKwh * members.length),
      );
      const edges = jobs.map((members, j) =>
        jobSegments[j]!.map((segment, n) =>
          flow.addEdge(
            2 + j,
            2 + jobs.length + segment,
            jobCaps[j]![n]! * members.length * segments[segment]!.steps.length * dt,
          ),
        ),
      );
      // What the grid may give in each segment, as energy into batteries (never above the connection, even where the building alone exceeds it).
      const toSink = segments.map((segment, n) =>
        flow.addEdge(
          2 + jobs.length + n,
          1,
          Math.max(0, Math.min(peak, limitKw) - segment.buildingKw) * segment.steps.length * dt * efficiency,
        ),
      );
      // A head start: fill each segment earliest departure first; the flow then only corrects what that got wrong.
      let sent = 0;
      segmentJobs.forEach((present, n) => {
        for (const { job, index } of present) {
          const amount = Math.min(flow.room(fromSource[job]!), flow.room(edges[job]![index]!), flow.room(toSink[n]!));
          if (amount <= 0) continue;
          flow.push(fromSource[job]!, amount);
          flow.push(edges[job]![index]!, amount);
          flow.push(toSink[n]!, amount);
          sent += amount;
        }
      });
      return { sent: sent + flow.run(0, 1), flow, edges };
    };
    // The most the connection lets the group have (everything it needs, unless time, chargers or the connection fall short), then the lowest peak that still delivers it.
    const lo = maxOf(segments.map((segment) => segment.buildingKw));
    const hi = Math.max(lo, limitKw);
    let best = solve(hi);
    let peak = hi;
    const target = best.sent;
    const enough = (sent: number) => sent >= target - 1e-9 * Math.max(1, target);
    // Newton's method on the cuts: at a peak that falls short, the minimum cut says how much more the grid must give in the segments on its source side; raise the peak until that cut is met exactly, and repeat. Each step only raises the peak and never past the optimum, and there are finitely many cuts, so it ends on the exact minimum (usually in a few steps).
    let candidate = target > 1e-9 ? lo : hi;
    for (let iteration = 0; iteration < 100 && candidate < hi; iteration++) {
      const attempt = solve(candidate);
      if (enough(attempt.sent)) {
        best = attempt;
        peak = candidate;
        break;
      }
      const weight = (n: number) => segments[n]!.steps.length * dt * efficiency;
      const sourceSide = segments.map((_, n) => n).filter((n) => attempt.flow.onSourceSide(2 + jobs.length + n));
      const missing =
        target -
        attempt.sent +
        sourceSide.reduce((sum, n) => sum + Math.max(0, candidate - segments[n]!.buildingKw) * weight(n), 0);
      // The smallest P with Σ over those segments of (P − building) × weight ≥ missing: walk up the building levels.
      const levels = sourceSide
        .map((n) => ({ kw: segments[n]!.buildingKw, weight: weight(n) }))
        .sort((a, b) => a.kw - b.kw);
      let next = hi;
      let slope = 0;
      let given = 0;
      for (let k = 0; k < levels.length; k++) {
        slope += levels[k]!.weight;
        const p = levels[k]!.kw + (missing - given) / slope;
        const upTo = levels[k + 1]?.kw ?? Infinity;
        if (p <= upTo) {
          next = p;
          break;
        }
        given += slope * (upTo - levels[k]!.kw);
      }
      candidate = Math.max(next, candidate + 1e-9);
    }
    if (candidate >= hi) peak = hi;
    // Back to sessions and steps: a job's energy in a segment shared equally by its sessions and spread evenly over the segment's steps.
    jobs.forEach((members, j) => {
      const first = sessions[members[0]!]!;
      const perSegment = new Map(
        jobSegments[j]!.map((segment, n) => [
          segment,
          best.flow.flowOn(best.edges[j]![n]!) / members.length / segments[segment]!.steps.length,
        ]),
      );
      for (const i of members)
        for (let k = 0; k < first.length; k++)
          schedule[i]![k] = perSegment.get(segmentOf.get((first.start + k) % steps)!)!;
    });
    peakKw = Math.max(peakKw, peak);
  }
  return { schedule, peakKw };
}

/**
 * Runs the site battery against a load profile (kW per step of the repeating
 * cycle) to bring its peak as low as the battery allows, and returns the
 * battery's grid-side power per step (+ charging, − discharging). Exact for
 * that profile: a peak P is possible exactly when keeping the battery as full
 * as P allows (charging with whatever P leaves, discharging only what the
 * load takes above P) never runs it empty or past its power; that test is
 * monotone in P, so bisection finds the lowest. The cycle repeats, so the
 * battery must end each cycle as full as it began: starting full, each
 * cycle's end charge starts the next until it settles. Losses are taken on
 * charging (what goes in × the round-trip efficiency comes out). The vehicles'
 * schedule is fixed first (peak shaving's own); the battery does not move
 * them, so the two are not optimised jointly.
 */
export function dispatchBattery(load: number[], battery: StationaryBattery, dt: number, limitKw = Infinity): number[] {
  const steps = load.length;
  const { capacityKwh: capacity, powerKw: power, roundTripEfficiency: efficiency } = battery;
  const run = (peak: number, startKwh: number, out: number[] | null) => {
    let stored = startKwh;
    for (let t = 0; t < steps; t++) {
      const over = load[t]! - peak;
      if (over > 1e-9) {
        if (over > power + 1e-9 || stored < over * dt - 1e-9) return null;
        stored = Math.max(0, stored - over * dt);
        if (out) out[t] = -over;
      } else {
        // Recharging never takes the site over its connection either.
        const charge = Math.max(
          0,
          Math.min(power, Math.min(peak, limitKw) - load[t]!, (capacity - stored) / efficiency / dt),
        );
        stored += charge * dt * efficiency;
        if (out) out[t] = charge;
      }
    }
    return stored;
  };
  // Where the cycle settles at peak P (null if the battery cannot hold P).
  const settle = (peak: number) => {
    let start = capacity;
    for (let cycle = 0; cycle < 200; cycle++) {
      const end = run(peak, start, null);
      if (end === null) return null;
      if (end >= start - 1e-9 * Math.max(1, capacity)) return start;
      start = end;
    }
    return null;
  };
  const highest = maxOf(load, 0);
  let lo = Math.max(0, highest - power);
  let hi = highest;
  if (capacity <= 0 || power <= 0 || hi - lo < 1e-6) return new Array<number>(steps).fill(0);
  for (let iteration = 0; iteration < 60 && hi - lo > 1e-4; iteration++) {
    const mid = (lo + hi) / 2;
    if (settle(mid) !== null) hi = mid;
    else lo = mid;
  }
  const out = new Array<number>(steps).fill(0);
  const start = settle(hi);
  if (start === null) return out;
  run(hi, start, out);
  return out;
}

export function planCharging(input: PlanInput, only: readonly Strategy[] = STRATEGIES): PlanResult {
  const { stepMinutes, days, startWeekday } = input.horizon;
  const steps = (days * 1440) / stepMinutes;
  const dt = stepMinutes / 60;
  const pf = input.site.powerFactor;
  const limitKw = input.site.connectionKva * pf;
  const building = buildingLoadBySteps(input.site.buildingKw, steps, stepMinutes);
  const price = Array.from({ length: steps }, (_, t) =>
    priceAt(input.tariff, (startWeekday + Math.floor((t * stepMinutes) / 1440)) % 7, (t * stepMinutes) % 1440),
  );
  // Schedules work in battery-side kW; the grid supplies that ÷ efficiency.
  const efficiency = input.site.chargingEfficiency;
  const headroom = building.map((kw) => Math.max(0, limitKw - kw) * efficiency);
  const sessions = sessionsFor(input, steps, stepMinutes);

  const strategies = only.map((strategy): StrategyResult => {
    let schedule: Schedule;
    if (strategy === "uncontrolled" || strategy === "balanced")
      schedule = simulate(sessions, steps, dt, headroom, strategy);
    else if (strategy === "cost-optimal") schedule = costOptimal(sessions, steps, dt, headroom, price);
    else {
      // The flow gives energy per step (kWh); as power, divide by the step length.
      schedule = peakShaving(sessions, steps, dt, building, limitKw, efficiency).schedule.map((kwh) =>
        kwh.map((e) => e / dt),
      );
    }
    return summarise(strategy, input, sessions, schedule, { steps, dt, building, price });
  });
  return { steps, stepHours: dt, limitKw, priceByStep: price, buildingByStep: building, strategies };
}

function summarise(
  strategy: Strategy,
  input: PlanInput,
  sessions: Session[],
  schedule: Schedule,
  context: { steps: number; dt: number; building: number[]; price: number[] },
): StrategyResult {
  const { steps, dt, building, price } = context;
  const efficiency = input.site.chargingEfficiency;
  const chargingKw = new Array<number>(steps).fill(0);
  sessions.forEach((s, i) => schedule[i]!.forEach((kw, k) => (chargingKw[(s.start + k) % steps]! += kw / efficiency)));
  let siteKw = chargingKw.map((kw, t) => kw + building[t]!);
  let battery: StrategyResult["battery"] = null;
  if (input.site.battery && strategy === "peak-shaving") {
    const kw = dispatchBattery(siteKw, input.site.battery, dt, input.site.connectionKva * input.site.powerFactor);
    battery = {
      kw,
      chargedKwh: kw.reduce((sum, x) => sum + Math.max(0, x) * dt, 0),
      dischargedKwh: kw.reduce((sum, x) => sum + Math.max(0, -x) * dt, 0),
      peakWithoutKw: maxOf(siteKw, 0),
    };
    siteKw = siteKw.map((load, t) => load + kw[t]!);
  }
  const peakKw = maxOf(siteKw, 0);
  const pf = input.site.powerFactor;
  const energyKwh = siteKw.reduce((sum, kw) => sum + kw * dt, 0);
  const chargingEnergyKwh = chargingKw.reduce((sum, kw) => sum + kw * dt, 0);
  const energyPounds = siteKw.reduce((sum, kw, t) => sum + kw * dt * price[t]!, 0) / 100;
  const months = (input.horizon.days * 12) / 365;
  const standingPounds = (input.tariff.standingPencePerDay * input.horizon.days) / 100;
  const capacityPounds =
    ((peakKw / pf) * (1 + CONNECTION_MARGIN) * input.tariff.capacityPencePerKvaPerMonth * months) / 100;

  const byVehicle = new Map<string, VehicleResult>();
  sessions.forEach((s, i) => {
    const delivered = schedule[i]!.reduce((sum, kw) => sum + kw * dt, 0);
    const entry = byVehicle.get(s.vehicle) ?? {
      vehicle: s.vehicle,
      neededKwh: 0,
      deliveredKwh: 0,
      shortfallKwh: 0,
      reasons: [],
      minSocPct: 100,
      maxSocPct: 0,
    };
    entry.neededKwh += s.needKwh;
    entry.deliveredKwh += delivered;
    const short = s.needKwh - delivered;
    let soc = s.arrivalSocPct;
    entry.minSocPct = Math.min(entry.minSocPct, soc);
    for (const kw of schedule[i]!) soc += ((kw * dt) / s.batteryKwh) * 100;
    entry.maxSocPct = Math.max(entry.maxSocPct, soc);
    if (s.batteryShort && !entry.reasons.includes("battery")) entry.reasons.push("battery");
    if (short > 1e-6) {
      entry.shortfallKwh += short;
      let most = 0;
      for (let k = 0; k < s.length; k++) most += capAt(s, k) * dt;
      const tooShort = most < s.needKwh - 1e-6;
      const reason: ShortfallReason =
        !s.charger || (tooShort && s.waitedSteps > 0) ? "charger" : tooShort ? "time" : "connection";
      if (!entry.reasons.includes(reason)) entry.reasons.push(reason);
    }
    byVehicle.set(s.vehicle, entry);
  });

  const perCharger = new Map<string, number>();
  sessions.forEach((s, i) => {
    if (s.charger)
      perCharger.set(s.charger, (perCharger.get(s.charger) ?? 0) + schedule[i]!.reduce((sum, kw) => sum + kw * dt, 0));
  });
  const horizonHours = steps * dt;
  const chargerUtilisation = input.chargers.flatMap((group) =>
    Array.from({ length: group.count }, (_, k) => {
      const id = group.count === 1 ? group.name : `${group.name} ${k + 1}`;
      const energy = perCharger.get(id) ?? 0;
      return { charger: id, energyKwh: energy, utilisationPct: (energy / (group.powerKw * horizonHours)) * 100 };
    }),
  );

  return {
    strategy,
    siteKw,
    chargingKw,
    peakKw,
    peakKva: peakKw / pf,
    energyKwh,
    chargingEnergyKwh,
    cost: { energyPounds, standingPounds, capacityPounds, totalPounds: energyPounds + standingPounds + capacityPounds },
    vehicles: [...byVehicle.values()],
    chargerUtilisation,
    battery,
    recommendedConnectionKva: Math.ceil(((peakKw / pf) * (1 + CONNECTION_MARGIN)) / 10) * 10,
    transformerKva: transformerFor(peakKw, pf),
    sessions: sessions.map((s, i) => ({
      vehicle: s.vehicle,
      charger: s.charger,
      start: s.start,
      kw: schedule[i]!,
      capKw: s.capKw,
      caps: s.caps,
      curve: s.curve,
      needKwh: s.needKwh,
      batteryKwh: s.batteryKwh,
      arrivalSocPct: s.arrivalSocPct,
    })),
  };
}
