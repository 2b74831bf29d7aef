/**
 * Which vehicle charges with which id tag (an RFID card, or the id a vehicle
 * gives its charger): named by the depot's haulier or an admin and set to a
 * vehicle group of the depot's plan, whose duty (departure, trip) the live
 * controller then charges it to; the statement and today's sessions show the
 * vehicle's name. A tag with no entry is still matched to a group by its
 * prefix (g1-07), and otherwise charged as a vehicle nobody told us about.
 */
import type { Kysely } from "kysely";
import { z } from "zod";

import { depotWithinReach, requireDepot, type DepotViewer } from "~/features/depots/index.server";
import { readDepotPlan } from "~/features/planning/index.server";
import { ownRowsWhere, sameCompany } from "~/lib/access/access.server";
import { recordAudit } from "~/lib/audit.server";
import type { Database } from "~/lib/db/schema";
import { tagsChanged } from "~/lib/depot-signals.server";
import type { Runtime } from "~/lib/runtime.server";
import { invalidInput, UserError } from "~/lib/user-error";

import type { VehicleTag } from "./vehicle-duty";

type Deps = Pick<Runtime, "database">;

/** OCPP 2.0.1's IdToken holds 36 characters (1.6's idTag 20): the longer, printable ASCII. */
export const vehicleTagSchema = z.object({
  tag: z
    .string()
    .trim()
    .min(1, "Enter the tag the vehicle charges with")
    .max(36, "A tag has at most 36 characters")
    .regex(/^[\x21-\x7e]+$/, "A tag is letters, digits and signs, without spaces"),
  vehicle: z.string().trim().min(1, "Name the vehicle (its registration, say)").max(40, "At most 40 characters"),
  groupId: z.string().trim().max(40).default(""),
});

export async function listVehicleTags(deps: Deps, depotId: number): Promise<VehicleTag[]> {
  const rows = await deps.database.db
    .selectFrom("vehicle_tags")
    .select(["id", "tag", "vehicle", "group_id"])
    .where("depot_id", "=", depotId)
    .orderBy("vehicle")
    .orderBy("id")
    .execute();
  return rows.map((r) => ({ id: r.id, tag: r.tag, vehicle: r.vehicle, groupId: r.group_id }));
}

/** The depot's tags by their lower-case form, for matching what a charger reports. */
export async function vehicleTagsByKey(deps: Deps, depotId: number): Promise<Map<string, VehicleTag>> {
  return new Map((await listVehicleTags(deps, depotId)).map((t) => [t.tag.toLowerCase(), t]));
}

/** The company a vehicle tag is (the one whose depot registered it first), or null when no company has it. */
export async function ownerOfTag(db: Kysely<Database>, tag: string): Promise<number | null> {
  const row = await db
    .selectFrom("tag_owners")
    .select("company_id")
    .where("tag_key", "=", tag.toLowerCase())
    .executeTakeFirst();
  return row?.company_id ?? null;
}

/** Every depot with a named vehicle (the alerts' watch). */
export async function depotsNamingVehicles(deps: Deps): Promise<number[]> {
  const rows = await deps.database.db.selectFrom("vehicle_tags").select("depot_id").distinct().execute();
  return rows.map((r) => r.depot_id);
}

/** The named vehicles of the principal's own company, at any of its depots (what it may book at a hub). */
export async function companyVehicles(deps: Deps, viewer: DepotViewer): Promise<{ vehicle: string; tag: string }[]> {
  return deps.database.db
    .selectFrom("vehicle_tags")
    .innerJoin("depots", "depots.id", "vehicle_tags.depot_id")
    .select(["vehicle_tags.vehicle", "vehicle_tags.tag"])
    .where(ownRowsWhere(viewer, "company.read", "depots.company_id"))
    .orderBy("vehicle_tags.vehicle")
    .limit(500)
    .execute();
}

/** The depots the principal may read, each with its named vehicles and tags (the fleet API's list of depots). */
export async function depotsWithVehicles(deps: Deps, viewer: DepotViewer) {
  const rows = await deps.database.db
    .selectFrom("depots")
    .leftJoin("vehicle_tags", "vehicle_tags.depot_id", "depots.id")
    .select(["depots.id", "depots.depot_name as name", "vehicle_tags.vehicle", "vehicle_tags.tag"])
    .where(depotWithinReach(viewer, "depot.read"))
    .orderBy("depots.id")
    .orderBy("vehicle_tags.vehicle")
    .execute();
  return [...Map.groupBy(rows, (d) => d.id)].map(([id, list]) => ({
    id,
    name: list[0]!.name,
    vehicles: list.filter((r) => r.tag !== null).map((r) => ({ vehicle: r.vehicle!, tag: r.tag! })),
  }));
}

export async function addVehicleTag(
  deps: Deps,
  user: DepotViewer,
  depotId: number,
  input: Record<string, unknown>,
): Promise<VehicleTag> {
  const depot = await requireDepot(deps.database.db, user, depotId, "operations.change", {
    detail: `vehicle ${String(input.vehicle ?? "").slice(0, 20)} added`,
  });
  const parsed = vehicleTagSchema.safeParse(input);
  if (!parsed.success) throw invalidInput(parsed.error);
  const { tag, vehicle, groupId } = parsed.data;
  const inputs = (await readDepotPlan(deps, depot.id))?.inputs ?? null;
  if (groupId && !inputs?.vehicles.some((g) => g.id === groupId))
    throw new UserError("Choose one of the plan's vehicle groups", {
      fieldErrors: { groupId: "Choose one of the plan's vehicle groups" },
    });
  const added = await deps.database.db.transaction().execute(async (tx) => {
    const taken = await tx
      .selectFrom("vehicle_tags")
      .select("vehicle")
      .where("depot_id", "=", depot.id)
      .where("tag_key", "=", tag.toLowerCase())
      .executeTakeFirst();
    if (taken) {
      const message = `This tag is already ${taken.vehicle}'s`;
      throw new UserError(message, { status: 409, fieldErrors: { tag: message } });
    }
    // A tag is one company's, whichever of its depots it is at: another company's is refused (the first keeps it).
    await tx
      .insertInto("tag_owners")
      .values({ tag_key: tag.toLowerCase(), company_id: depot.companyId, created_at: new Date().toISOString() })
      .onConflict((oc) => oc.column("tag_key").doNothing())
      .execute();
    const owner = await tx
      .selectFrom("tag_owners")
      .select("company_id")
      .where("tag_key", "=", tag.toLowerCase())
      .executeTakeFirstOrThrow();
    if (!sameCompany({ companyId: owner.company_id }, depot)) {
      const message = "This tag is another company's vehicle: use your own vehicle's tag";
      throw new UserError(message, { status: 409, fieldErrors: { tag: message } });
    }
    const { id } = await tx
      .insertInto("vehicle_tags")
      .values({
        depot_id: depot.id,
        tag,
        tag_key: tag.toLowerCase(),
        vehicle,
        group_id: groupId || null,
        created_at: new Date().toISOString(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await recordAudit(tx, {
      actor: { id: user.id, email: user.email ?? user.id },
      action: "vehicle_tag.added",
      target: { type: "depot", id: depot.id, label: depot.name },
      details: { tag, vehicle, group: groupId || null },
    });
    return { id, tag, vehicle, groupId: groupId || null };
  });
  // Its chargers' local lists take the tag (chargers/local-lists.server.ts).
  tagsChanged();
  return added;
}

const TAG_GONE = "That tag has already been removed";

export async function removeVehicleTag(deps: Deps, user: DepotViewer, depotId: number, tagId: number) {
  // The tag is reached through the depot it is at: another depot's answers as one that is not there, whoever asks.
  const at = Number.isSafeInteger(tagId)
    ? await deps.database.db
        .selectFrom("vehicle_tags")
        .select("vehicle")
        .where("id", "=", tagId)
        .where("depot_id", "=", depotId)
        .executeTakeFirst()
    : undefined;
  if (!at) throw new UserError(TAG_GONE, { status: 404 });
  const depot = await requireDepot(deps.database.db, user, depotId, "operations.change", {
    message: TAG_GONE,
    detail: `${at.vehicle} removed`,
  });
  const removed = await deps.database.db.transaction().execute(async (tx) => {
    const row = await tx
      .deleteFrom("vehicle_tags")
      .where("id", "=", tagId)
      .where("depot_id", "=", depot.id)
      .returning(["tag", "vehicle"])
      .executeTakeFirst();
    if (!row) throw new UserError(TAG_GONE, { status: 404 });
    // The company keeps the tag while any of its depots has it.
    const elsewhere = await tx
      .selectFrom("vehicle_tags")
      .select("id")
      .where("tag_key", "=", row.tag.toLowerCase())
      .limit(1)
      .executeTakeFirst();
    if (!elsewhere) await tx.deleteFrom("tag_owners").where("tag_key", "=", row.tag.toLowerCase()).execute();
    await recordAudit(tx, {
      actor: { id: user.id, email: user.email ?? user.id },
      action: "vehicle_tag.removed",
      target: { type: "depot", id: depot.id, label: depot.name },
      details: { tag: row.tag, vehicle: row.vehicle },
    });
    return row;
  });
  tagsChanged();
  return removed;
}

/** The tags of a company's named vehicles, at any of its depots (a charger's local list), as they were named. */
export async function tagsOfCompany(db: Kysely<Database>, companyId: number): Promise<string[]> {
  const rows = await db
    .selectFrom("vehicle_tags")
    .innerJoin("tag_owners", "tag_owners.tag_key", "vehicle_tags.tag_key")
    .select((eb) => eb.fn.min("vehicle_tags.tag").as("tag"))
    .where("tag_owners.company_id", "=", companyId)
    .groupBy("vehicle_tags.tag_key")
    .orderBy("vehicle_tags.tag_key")
    .execute();
  return rows.map((r) => r.tag);
}

/**
 * Many vehicles named at once for a benchmark's depots (no checks, no log: for internals.ts only); each tag becomes
 * the company's, as naming it on Operations makes it.
 */
export async function nameTagsForBench(
  db: Kysely<Database>,
  companyId: number,
  tags: readonly { depotId: number; tag: string; groupId: string | null }[],
) {
  const at = new Date().toISOString();
  for (let i = 0; i < tags.length; i += 500) {
    const part = tags.slice(i, i + 500);
    await db
      .insertInto("vehicle_tags")
      .values(
        part.map((t) => ({
          depot_id: t.depotId,
          tag: t.tag,
          tag_key: t.tag.toLowerCase(),
          vehicle: t.tag,
          group_id: t.groupId,
          created_at: at,
        })),
      )
      .execute();
    await db
      .insertInto("tag_owners")
      .values(part.map((t) => ({ tag_key: t.tag.toLowerCase(), company_id: companyId, created_at: at })))
      .onConflict((oc) => oc.column("tag_key").doNothing())
      .execute();
  }
}
