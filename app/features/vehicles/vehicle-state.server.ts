/**
 * Keeps what the fleet's systems (the API) and the depot's people (the readiness board) tell of the depot's named
 * vehicles (vehicle_states, migration 018), and asks the live controller to decide again at once. Every part is
 * checked before anything is written: a whole schedule is written or none of it.
 */
import type { Kysely, Transaction, Updateable } from "kysely";

import { openSessionOfTag } from "~/features/charging-records/index.server";
import { requireDepot, type DepotViewer } from "~/features/depots/index.server";
import { toIsoString } from "~/lib/db/dialect.server";
import type { Database } from "~/lib/db/schema";
import { chargingChanged, depotChanged } from "~/lib/depot-signals.server";
import type { Runtime } from "~/lib/runtime.server";
import { CLOCK_SLACK_MS } from "~/lib/uk-clock";
import { UserError, type FieldErrors } from "~/lib/user-error";

import { DEPARTURE_HORIZON_DAYS, type StoredState, type VehicleStateInput } from "./vehicle-state";
import { stateFromBoardForm } from "./vehicle-state-form";

type Deps = Pick<Runtime, "database">;
type Db = Kysely<Database> | Transaction<Database>;
export type StateSourceIn = "fleet" | "hand";

const ms = (v: Date | string | null) => (v === null ? null : Date.parse(toIsoString(v)));

/** The depot's told states by vehicle tag id. */
export async function readVehicleStates(deps: Deps, depotId: number): Promise<Map<number, StoredState>> {
  const rows = await deps.database.db
    .selectFrom("vehicle_states")
    .innerJoin("vehicle_tags", "vehicle_tags.id", "vehicle_states.vehicle_tag_id")
    .selectAll("vehicle_states")
    .where("vehicle_tags.depot_id", "=", depotId)
    .execute();
  return new Map(
    rows.map((r) => [
      r.vehicle_tag_id,
      {
        socPct: r.soc_pct,
        socReadAt: ms(r.soc_read_at),
        socSource: r.soc_source as StoredState["socSource"],
        socSessionId: r.soc_session_id,
        socFromWh: r.soc_from_wh,
        departsAt: ms(r.departs_at),
        arrivesAt: ms(r.arrives_at),
        targetSocPct: r.target_soc_pct,
        neededKwh: r.needed_kwh,
        neededSessionId: r.needed_session_id,
        neededFromWh: r.needed_from_wh,
        planSource: r.plan_source as StoredState["planSource"],
      },
    ]),
  );
}

/** A depot's named vehicle by its tag or its name (either case), or its id on the board; an unknown or ambiguous one is
 * refused naming it. */
async function findVehicle(db: Db, depotId: number, ref: VehicleRef) {
  const rows = await db
    .selectFrom("vehicle_tags")
    .select(["id", "tag", "vehicle"])
    .where("depot_id", "=", depotId)
    .execute();
  if (typeof ref !== "string") {
    const byId = rows.find((r) => r.id === ref.tagId);
    if (byId) return byId;
    throw new UserError("That vehicle is not at this depot", {
      status: 404,
      fieldErrors: { vehicleTagId: "Choose a vehicle" },
    });
  }
  const key = ref.trim().toLowerCase();
  const byTag = rows.find((r) => r.tag.toLowerCase() === key);
  if (byTag) return byTag;
  const byName = rows.filter((r) => r.vehicle.trim().toLowerCase() === key);
  if (byName.length === 1) return byName[0]!;
  if (byName.length > 1)
    throw new UserError(`Two vehicles here are named ${ref}: use its tag`, {
      status: 409,
      fieldErrors: { vehicle: ref },
    });
  throw new UserError(`No vehicle ${ref} at this depot: name it on the Vehicle tags card first`, {
    status: 404,
    fieldErrors: { vehicle: `No vehicle ${ref} at this depot` },
  });
}

/** The checks that depend on the time: a departure within the next week, a reading not from the future. */
function timeErrors(input: VehicleStateInput, now: number): FieldErrors {
  const errors: FieldErrors = {};
  if (input.socReadAt !== undefined && Date.parse(input.socReadAt) > now + CLOCK_SLACK_MS)
    errors.socReadAt = "A reading cannot be in the future";
  if (typeof input.arrivesAt === "string") {
    const at = Date.parse(input.arrivesAt);
    if (at > now + DEPARTURE_HORIZON_DAYS * 86_400_000)
      errors.arrivesAt = `An arrival must be within the next ${DEPARTURE_HORIZON_DAYS} days`;
    else if (typeof input.departsAt === "string" && at >= Date.parse(input.departsAt))
      errors.arrivesAt = "It must be back before it leaves again";
  }
  if (typeof input.departsAt === "string") {
    const at = Date.parse(input.departsAt);
    if (at <= now) errors.departsAt = "A departure must be in the future";
    else if (at > now + DEPARTURE_HORIZON_DAYS * 86_400_000)
      errors.departsAt = `A departure must be within the next ${DEPARTURE_HORIZON_DAYS} days`;
  }
  return errors;
}

/** The vehicle's open session at the depot, if it is on charge now: a reading told now is counted from its meter. */
const onCharge = (db: Db, depotId: number, tag: string) => openSessionOfTag(db, depotId, tag);

/** A vehicle as the API names it (its tag or name), or as the board does (its tag's id). */
export type VehicleRef = string | { tagId: number };
type Entry = { vehicle: VehicleRef; state: VehicleStateInput };
export type StateResult = { vehicle: string; ignored: string[] };

/** Writes one vehicle's state; answers the parts ignored (a reading older than the last). */
async function writeState(
  tx: Transaction<Database>,
  depotId: number,
  entry: Entry,
  source: StateSourceIn,
  now: number,
) {
  const vehicle = await findVehicle(tx, depotId, entry.vehicle);
  const { state } = entry;
  const current = await tx
    .selectFrom("vehicle_states")
    .select(["soc_read_at"])
    .where("vehicle_tag_id", "=", vehicle.id)
    .executeTakeFirst();
  const session = await onCharge(tx, depotId, vehicle.tag);
  const ignored: string[] = [];
  const set: Updateable<Database["vehicle_states"]> & { updated_at: string } = {
    updated_at: new Date(now).toISOString(),
  };
  if (state.socPct !== undefined) {
    const readAt = state.socReadAt === undefined ? now : Date.parse(state.socReadAt);
    const last = ms(current?.soc_read_at ?? null);
    if (last !== null && readAt < last) ignored.push("socPct");
    else
      Object.assign(set, {
        soc_pct: state.socPct,
        soc_read_at: new Date(readAt).toISOString(),
        soc_source: source,
        soc_session_id: session?.id ?? null,
        soc_from_wh: session?.lastWh ?? null,
      });
  }
  if (state.departsAt !== undefined)
    set.departs_at = state.departsAt === null ? null : new Date(Date.parse(state.departsAt)).toISOString();
  if (state.arrivesAt !== undefined)
    set.arrives_at = state.arrivesAt === null ? null : new Date(Date.parse(state.arrivesAt)).toISOString();
  if (state.targetSocPct !== undefined) set.target_soc_pct = state.targetSocPct;
  if (state.neededKwh !== undefined)
    Object.assign(set, {
      needed_kwh: state.neededKwh,
      needed_session_id: state.neededKwh === null ? null : (session?.id ?? null),
      needed_from_wh: state.neededKwh === null ? null : (session?.lastWh ?? null),
    });
  // A target and an energy are two ways to say one thing: the newer replaces the other.
  if (typeof state.targetSocPct === "number") Object.assign(set, { needed_kwh: null, needed_session_id: null });
  if (typeof state.neededKwh === "number") set.target_soc_pct = null;
  if ([state.departsAt, state.arrivesAt, state.targetSocPct, state.neededKwh].some((v) => v !== undefined))
    set.plan_source = source;
  if (current) await tx.updateTable("vehicle_states").set(set).where("vehicle_tag_id", "=", vehicle.id).execute();
  else
    await tx
      .insertInto("vehicle_states")
      .values({ vehicle_tag_id: vehicle.id, ...set })
      .execute();
  return { vehicle: vehicle.vehicle, ignored };
}

/**
 * Writes what is told of the depot's vehicles, all or none: who may tell is the policy's ("operations.tell": by hand,
 * or the company's systems with a key), then each entry's time checks (a refusal names the entry and its field), then
 * every write in one transaction; the controller decides again at once. The schema has checked each entry.
 */
export async function setVehicleStates(
  deps: Deps,
  teller: DepotViewer,
  depotId: number,
  entries: readonly Entry[],
  source: StateSourceIn,
  now = Date.now(),
): Promise<StateResult[]> {
  await requireDepot(deps.database.db, teller, depotId, "operations.tell", {
    detail: source === "hand" ? "a vehicle's state set by hand" : `${entries.length} vehicle(s) told`,
  });
  const errors: FieldErrors = {};
  entries.forEach((entry, i) => {
    for (const [field, message] of Object.entries(timeErrors(entry.state, now)))
      errors[entries.length === 1 ? field : `vehicles[${i}].${field}`] = message;
  });
  if (Object.keys(errors).length > 0) throw new UserError(Object.values(errors), { status: 422, fieldErrors: errors });
  const results = await deps.database.db.transaction().execute(async (tx) => {
    const done: StateResult[] = [];
    for (const [i, entry] of entries.entries()) {
      try {
        done.push(await writeState(tx, depotId, entry, source, now));
      } catch (error) {
        if (!(error instanceof UserError) || entries.length === 1) throw error;
        // Name the entry: nothing of the schedule is written.
        throw new UserError(`vehicles[${i}]: ${error.message}`, {
          status: error.status,
          fieldErrors: { [`vehicles[${i}].vehicle`]: error.message },
        });
      }
    }
    return done;
  });
  chargingChanged(depotId);
  depotChanged(depotId);
  return results;
}

/** The board's "Set by hand" form (vehicle-state-form.ts): refused naming the form's own fields. */
export async function setStateByHand(
  deps: Deps,
  teller: DepotViewer,
  depotId: number,
  fields: Record<string, string>,
  now = Date.now(),
) {
  await requireDepot(deps.database.db, teller, depotId, "operations.tell");
  const read = stateFromBoardForm(fields, now);
  if ("errors" in read) throw new UserError(Object.values(read.errors), { fieldErrors: read.errors });
  try {
    const [done] = await setVehicleStates(
      deps,
      teller,
      depotId,
      [{ vehicle: { tagId: read.vehicleTagId }, state: read.state }],
      "hand",
      now,
    );
    return done!;
  } catch (error) {
    if (!(error instanceof UserError) || !error.fieldErrors.departsAt) throw error;
    throw new UserError(error.messages, {
      status: error.status,
      fieldErrors: { departs: error.fieldErrors.departsAt },
    });
  }
}
