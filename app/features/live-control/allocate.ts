/**
 * How the site's limit is shared among the vehicles plugged in now (the live
 * controller, decision 031): each vehicle whose departure and need are known
 * first gets the average power that brings it to its target by then, earliest
 * departure first; what is left is shared evenly (water-filling) up to each
 * charger's maximum, so a vehicle with no known duty gets a fair share. A
 * connector that does not obey its limit is held at what it draws, and the
 * others share the rest. The sum never exceeds the limit.
 */
import { lowerOf, type Limits } from "~/features/charging-records";

export type Plugged = {
  key: string;
  maxKw: number;
  /** Energy still needed to reach the target (kWh), or null when the vehicle is not known. */
  neededKwh: number | null;
  /** When it leaves (ms), or null when not known. */
  departsAt: number | null;
  /** A vehicle due back from its duty, not plugged in yet: from when it can charge (ms). The plan ahead keeps room for it. */
  arrivesAt?: number;
  /** Set for a connector seen drawing above its limit: it is counted at this power, whatever it is sent. */
  drawingKw?: number;
  /** With drawingKw, where what it draws follows a schedule it holds (another process's charger): counted at that over time. */
  drawingLimits?: Limits;
  /**
   * Who is served first among vehicles with a known need: 0 (or unset) a depot's own fleet and a hub's contracted
   * visits, 1 a hub's single visit at the list price. Walk-ins (no known need) share what is left.
   */
  tier?: number;
};

/** Why a vehicle will leave short: the site's limit, or its time at a charger of this power. */
export type ShortReason = "site limit" | "time at the charger";

export type Allocation = {
  limitsKw: Map<string, number>;
  /** Each vehicle's limits over time, where the decision plans ahead (schedule-ahead.ts). */
  schedules?: Map<string, Limits>;
  /** Vehicles that cannot reach their target by departure, by how much, and what binds most. */
  short: { key: string; shortKwh: number; reason: ShortReason }[];
};

export function allocate(limitKw: number | null, plugged: readonly Plugged[], at: number): Allocation {
  const limitsKw = new Map<string, number>();
  if (limitKw === null) {
    for (const p of plugged) limitsKw.set(p.key, p.maxKw);
    return { limitsKw, short: [] };
  }
  let budget = Math.max(0, limitKw);
  const obeying: Plugged[] = [];
  for (const p of plugged) {
    if (p.drawingKw === undefined) {
      obeying.push(p);
      continue;
    }
    // It takes what it takes; it is still sent the least it could be given, in case it starts to obey.
    const taken = Math.min(p.drawingKw, budget);
    budget -= taken;
    limitsKw.set(p.key, 0);
  }
  const short: Allocation["short"] = [];
  const need = (p: Plugged) => {
    if (p.neededKwh === null || p.departsAt === null) return 0;
    const hours = (p.departsAt - at) / 3_600_000;
    return hours <= 0 ? p.maxKw : Math.min(p.maxKw, Math.max(0, p.neededKwh) / hours);
  };
  const byDeparture = [...obeying].sort((a, b) => (a.departsAt ?? Infinity) - (b.departsAt ?? Infinity));
  for (const p of byDeparture) {
    const wanted = need(p);
    const given = Math.min(wanted, budget);
    budget -= given;
    limitsKw.set(p.key, given);
    if (p.departsAt === null || p.neededKwh === null) continue;
    const hours = Math.max(0, p.departsAt - at) / 3_600_000;
    const timeShort = Math.max(0, p.neededKwh - p.maxKw * hours);
    const siteShort = (wanted - given) * hours;
    if (timeShort + siteShort > 1e-9)
      short.push({
        key: p.key,
        shortKwh: timeShort + siteShort,
        reason: siteShort >= timeShort ? "site limit" : "time at the charger",
      });
  }
  // Water-filling: raise everyone's limit together until the budget or their maximum runs out.
  let open = obeying.filter((p) => limitsKw.get(p.key)! < p.maxKw - 1e-9);
  while (budget > 1e-9 && open.length > 0) {
    const share = budget / open.length;
    const next: Plugged[] = [];
    for (const p of open) {
      const room = p.maxKw - limitsKw.get(p.key)!;
      const add = Math.min(room, share);
      limitsKw.set(p.key, limitsKw.get(p.key)! + add);
      budget -= add;
      if (room > share + 1e-9) next.push(p);
    }
    open = next;
  }
  return { limitsKw, short };
}

/** A plugged-in vehicle as one serving process sees it: whether its charger is held here, and the limit it runs at. */
export type SharedPlugged = Omit<Plugged, "drawingKw"> & {
  /** Held by this process (it can send it a new limit now). */
  own: boolean;
  /** Connected to some process (else it runs its last limit until it reconnects). */
  online: boolean;
  /** The limit it runs at now (kW): its last one, its default, or its maximum. */
  inForceKw: number;
  /** It was seen drawing above its limits: counted at this. */
  ignoresAtKw?: number;
  /** The limits over time it holds (a schedule sent to it), where it holds one: counted so when it is not decided for. */
  inForce?: Limits;
};

/**
 * The limits one serving process sends its own chargers, when the depot's
 * chargers may be held by several: each gets the lesser of its fair share
 * (every online charger sharing the limit) and the room the others' limits in
 * force leave. However the processes interleave, the limits in force never
 * add up to more than the site's; once each has shared again, every charger
 * holds its fair share. `decide` shares the limit out (allocate's shares now,
 * or the live controller's plan ahead, read now).
 */
export function shareOwn(
  limitKw: number | null,
  plugged: readonly SharedPlugged[],
  at: number,
  decide: (plugged: Plugged[]) => Allocation = (all) => allocate(limitKw, all, at),
): Allocation {
  const as = (othersFixed: boolean): Plugged[] =>
    plugged.map(({ own, online, inForceKw, ignoresAtKw, inForce, ...p }) => {
      if (ignoresAtKw !== undefined) return { ...p, drawingKw: ignoresAtKw };
      if (online && !(othersFixed && !own)) return p;
      return { ...p, drawingKw: inForceKw, ...(inForce ? { drawingLimits: inForce } : {}) };
    });
  const fair = decide(as(false));
  const room = decide(as(true));
  const limitsKw = new Map<string, number>();
  const schedules = new Map<string, Limits>();
  for (const p of plugged) {
    if (!p.own) continue;
    limitsKw.set(p.key, Math.min(room.limitsKw.get(p.key)!, fair.limitsKw.get(p.key)!));
    // Planned ahead: the lesser of the two at every instant, as now.
    const inRoom = room.schedules?.get(p.key);
    const inFair = fair.schedules?.get(p.key);
    if (inRoom && inFair) schedules.set(p.key, lowerOf(inRoom, inFair, at));
  }
  return { limitsKw, short: fair.short, ...(schedules.size ? { schedules } : {}) };
}
