/**
 * What is told of a named vehicle before and while it charges (issue 49): its state of charge and when that was read,
 * its next departure, and what it must leave with (a charge, or an energy still to put in). The fleet's systems tell it
 * through the API, the depot's people on the readiness board; both are checked by the one schema here, and the live
 * controller and the board read it the same way (`socNow`, `neededFrom`).
 */
import { z } from "zod";

import type { PlanRequest } from "~/features/planning";

import { groupOfTag, vehicleFor, type Arriving, type VehicleTag } from "./vehicle-duty";

/** A time with its offset, as fleet systems send it (2026-11-27T17:40:00Z, or +01:00 in summer). */
const instant = z.iso.datetime({ offset: true, message: "Give a date and time such as 2026-11-27T17:40:00Z" });

/** The parts of a vehicle's state; every one optional, `null` clears a part back to the plan. */
const stateFields = {
  socPct: z
    .number({ message: "Give the state of charge as a number from 0 to 100" })
    .min(0, "A state of charge is from 0 to 100")
    .max(100, "A state of charge is from 0 to 100")
    .optional()
    .meta({ description: "State of charge now, in %", example: 54 }),
  socReadAt: instant.optional().meta({
    description: "When the state of charge was read; now when left out. An older reading than the last is ignored.",
  }),
  departsAt: instant
    .nullable()
    .optional()
    .meta({ description: "Its next departure, within the next 7 days; null: the plan's duty again" }),
  arrivesAt: instant.nullable().optional().meta({
    description:
      "While it is away: when it is expected back at the depot (its ETA), so room is kept for it from then; null: the plan's duty again",
  }),
  targetSocPct: z
    .number({ message: "Give the charge it must leave with as a number from 1 to 100" })
    .min(1, "A target charge is from 1 to 100 %")
    .max(100, "A target charge is from 1 to 100 %")
    .nullable()
    .optional()
    .meta({ description: "The charge it must leave with, in %; null: the plan's target again" }),
  neededKwh: z
    .number({ message: "Give the energy it needs as a number of kWh" })
    .min(0, "The energy it needs is from 0 to 2,000 kWh")
    .max(2000, "The energy it needs is from 0 to 2,000 kWh")
    .nullable()
    .optional()
    .meta({ description: "Or: the energy still to put in before it leaves, in kWh" }),
};

type StateShape = { [K in keyof typeof stateFields]?: z.output<(typeof stateFields)[K]> };
const STATE_PARTS = Object.keys(stateFields) as (keyof StateShape)[];

/** The rules across parts, the same for one vehicle and for each of a schedule's. */
function withStateRules<T extends z.ZodType<StateShape>>(schema: T) {
  return schema
    .refine((v) => v.socReadAt === undefined || v.socPct !== undefined, {
      message: "A reading time goes with a state of charge",
      path: ["socReadAt"],
    })
    .refine((v) => !(typeof v.targetSocPct === "number" && typeof v.neededKwh === "number"), {
      message: "Give a target charge or the energy it needs, not both",
      path: ["neededKwh"],
    })
    .refine((v) => STATE_PARTS.some((k) => v[k] !== undefined), { message: "Tell at least one thing of the vehicle" });
}

/** The state of one vehicle (the API's body, the board's form once read). */
export const vehicleStateSchema = withStateRules(z.object(stateFields).strict()).meta({ id: "VehicleState" });

/** A depot's schedule in one call: each vehicle (its tag or name) with its state. */
export const scheduleSchema = z
  .object({
    vehicles: z
      .array(
        withStateRules(
          z
            .object({
              vehicle: z
                .string({ message: "Name the vehicle by its tag or its name" })
                .trim()
                .min(1, "Name the vehicle by its tag or its name")
                .max(40, "A vehicle's tag or name has at most 40 characters")
                .meta({ description: "The vehicle's tag or its name, as on the depot's Vehicle tags card" }),
              ...stateFields,
            })
            .strict(),
        ).meta({ id: "ScheduledVehicle" }),
      )
      .min(1, "List at least one vehicle")
      .max(500, "At most 500 vehicles in one call"),
  })
  .strict()
  .meta({ id: "Schedule" });

export type VehicleStateInput = z.output<typeof vehicleStateSchema>;

/** How far ahead a departure may be told: the next week's duties, not a year's. */
export const DEPARTURE_HORIZON_DAYS = 7;

/** Where a part of the state came from. */
export type StateSource = "charger" | "vehicle" | "fleet" | "hand" | "plan" | "booking";

/** A vehicle's stored state (vehicle_states), with times in ms. A reading or a need told while the vehicle was on
 * charge keeps that session and its meter then, so what it has had since is counted from there. */
export type StoredState = {
  socPct: number | null;
  socReadAt: number | null;
  socSource: "fleet" | "hand" | null;
  socSessionId: number | null;
  socFromWh: number | null;
  departsAt: number | null;
  arrivesAt: number | null;
  targetSocPct: number | null;
  neededKwh: number | null;
  neededSessionId: number | null;
  neededFromWh: number | null;
  planSource: "fleet" | "hand" | null;
};

/** What a charging session knows: its meter, and the charger's state of charge and when it was read. */
export type SessionReading = { id: number; startWh: number; lastWh: number; socPct: number | null; socAt: number };

/** The energy (kWh) the session delivered since something was told: from its meter then if told during this
 * session (`sessionId`, `fromWh`), else all of it (told before the vehicle plugged in). */
function sinceTold(session: SessionReading, told: { sessionId: number | null; fromWh: number | null }) {
  const fromWh = told.sessionId === session.id && told.fromWh !== null ? told.fromWh : session.startWh;
  return Math.max(0, session.lastWh - fromWh) / 1000;
}

/**
 * The state of charge now, and who told it: the newer of the charger's reading and the fleet's (or the board's). One
 * told before the vehicle plugged in, or while it was on charge, has the energy delivered since added to it over the
 * battery's size. Null when nobody told one.
 */
export function socNow(
  state: StoredState | null,
  session: SessionReading | null,
  batteryKwh: number | null,
): { pct: number; at: number; source: StateSource } | null {
  const charger =
    session?.socPct != null ? { pct: session.socPct, at: session.socAt, source: "charger" as const } : null;
  if (!state || state.socPct === null || state.socReadAt === null) return charger;
  if (charger && charger.at >= state.socReadAt) return charger;
  const since = session ? sinceTold(session, { sessionId: state.socSessionId, fromWh: state.socFromWh }) : 0;
  const added = batteryKwh && batteryKwh > 0 ? (since / batteryKwh) * 100 : 0;
  return { pct: Math.min(100, state.socPct + added), at: state.socReadAt, source: state.socSource ?? "fleet" };
}

/**
 * The energy a vehicle still needs (kWh) from what is told: the energy told, less what it has had since; else to its
 * target from its charge now, where both are known. Null when neither is (the plan's duty decides).
 */
export function neededFrom(
  state: StoredState | null,
  soc: { pct: number } | null,
  targetPct: number | null,
  session: SessionReading | null,
  batteryKwh: number | null,
): number | null {
  if (state?.neededKwh != null) {
    const since = session ? sinceTold(session, { sessionId: state.neededSessionId, fromWh: state.neededFromWh }) : 0;
    return Math.max(0, state.neededKwh - since);
  }
  if (soc && targetPct !== null && batteryKwh) return Math.max(0, ((targetPct - soc.pct) / 100) * batteryKwh);
  return null;
}

/** The vehicle as the controller plans it (vehicle-duty.ts's Vehicle). */
type Planned = { departsAt: number; neededKwh: number };

/**
 * The vehicle as the controller plans it once the fleet or the board told of it: its departure told (one still ahead)
 * over the plan's; its need from what is told (the energy, or its charge now to its target, the plan's target when
 * none was told) over the plan's duty. Without a told state, the plan's vehicle as it was.
 */
export function withTold(
  planned: Planned | null,
  state: StoredState | null,
  session: SessionReading,
  group: { batteryKwh: number; targetSocPct: number } | null,
  at: number,
): Planned | null {
  if (!state) return planned;
  const departsAt = state.departsAt !== null && state.departsAt > at ? state.departsAt : (planned?.departsAt ?? null);
  const battery = group?.batteryKwh ?? null;
  const soc = socNow(state, session, battery);
  const target = state.targetSocPct ?? group?.targetSocPct ?? null;
  const neededKwh = neededFrom(state, soc, target, session, battery) ?? planned?.neededKwh ?? null;
  return departsAt === null || neededKwh === null ? null : { departsAt, neededKwh };
}

/**
 * The named vehicles away whose return the fleet told (its ETA), each due back on its own: from its ETA (now, when it
 * is late), leaving at its told departure (else the plan's next after it is back), needing what its told charge and
 * target say (else the plan's duty), at most its type's and the plan's chargers' power. The controller keeps room for
 * them as for the plan's groups (whose count these no longer include).
 */
export function toldDueBack(
  plan: PlanRequest | null,
  tags: ReadonlyMap<string, VehicleTag>,
  states: ReadonlyMap<number, StoredState>,
  plugged: ReadonlySet<string>,
  at: number,
  until: number,
): (Arriving & { tag: string })[] {
  const due: (Arriving & { tag: string })[] = [];
  for (const [key, tag] of tags) {
    const state = states.get(tag.id);
    if (plugged.has(key) || !state || state.arrivesAt === null) continue;
    const group = groupOfTag(tag.tag, plan, tags);
    const type = group && plan!.vehicleTypes.find((t) => t.id === group.typeId);
    if (!group || !type) continue;
    const arrivesAt = Math.max(at, state.arrivesAt);
    if (arrivesAt >= until) continue;
    const planned = vehicleFor(tag.tag, plan, arrivesAt, { deliveredKwh: 0, socPct: null }, tags);
    const departsAt = state.departsAt !== null && state.departsAt > arrivesAt ? state.departsAt : planned?.departsAt;
    const soc = socNow(state, null, type.batteryKwh);
    const neededKwh =
      neededFrom(state, soc, state.targetSocPct ?? group.targetSocPct, null, type.batteryKwh) ?? planned?.neededKwh;
    const chargerKw = Math.max(
      0,
      ...plan!.chargers.filter((c) => c.serves === "all" || c.serves.includes(type.id)).map((c) => c.powerKw),
    );
    const maxKw = Math.min(type.maxChargeKw, chargerKw);
    if (departsAt === undefined || neededKwh === undefined || maxKw <= 0) continue;
    due.push({ key: `due:tag:${tag.id}`, tag: tag.tag, arrivesAt, departsAt, neededKwh, maxKw });
  }
  return due;
}
