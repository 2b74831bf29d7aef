import type { Runtime } from "~/lib/runtime.server";

import { savedDesignSchema, type Placed } from "./designer-state";

/** The saved layout of one of the user's depots (empty when none was saved), or null if the depot is not theirs. */
export async function getDesign(
  deps: Pick<Runtime, "database">,
  userId: string,
  depotId: number,
): Promise<Placed[] | null> {
  const row = await deps.database.db
    .selectFrom("depots")
    .leftJoin("depot_designs", "depot_designs.depot_id", "depots.id")
    .select(["depots.id", "depot_designs.components"])
    .where("depots.id", "=", depotId)
    .where("depots.user_id", "=", userId)
    .executeTakeFirst();
  if (!row) return null;
  if (!row.components) return [];
  const parsed = savedDesignSchema.safeParse(JSON.parse(row.components));
  return parsed.success ? parsed.data : [];
}

export class DesignError extends Error {
  override name = "DesignError";
}

/** Saves (replaces) the layout of one of the user's own depots after checking every component. */
export async function saveDesign(
  deps: Pick<Runtime, "database">,
  userId: string,
  depotId: number,
  components: unknown,
): Promise<{ count: number }> {
  const parsed = savedDesignSchema.safeParse(components);
  if (!parsed.success)
    throw new DesignError(`The design could not be saved: ${parsed.error.issues[0]?.message ?? "invalid components"}`);
  const owned = await deps.database.db
    .selectFrom("depots")
    .select("id")
    .where("id", "=", depotId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  if (!owned) throw new DesignError("That depot no longer exists.");
  const values = { components: JSON.stringify(parsed.data), updated_at: new Date().toISOString() };
  await deps.database.db
    .insertInto("depot_designs")
    .values({ depot_id: depotId, ...values })
    .onConflict((oc) => oc.column("depot_id").doUpdateSet(values))
    .execute();
  return { count: parsed.data.length };
}
