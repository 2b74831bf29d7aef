import { findDepot, requireDepot, type DepotViewer } from "~/features/depots/index.server";
import type { Runtime } from "~/lib/runtime.server";
import { UserError } from "~/lib/user-error";

import { savedDesignSchema, type Placed } from "./designer-state";

/** The saved layout of one of the user's depots (empty when none was saved), or null if the depot is not theirs. */
export async function getDesign(
  deps: Pick<Runtime, "database">,
  viewer: DepotViewer,
  depotId: number,
): Promise<Placed[] | null> {
  const depot = await findDepot(deps.database.db, viewer, depotId);
  if (!depot) return null;
  const row = await deps.database.db
    .selectFrom("depot_designs")
    .select("components")
    .where("depot_id", "=", depot.id)
    .executeTakeFirst();
  if (!row) return [];
  // Stored JSON is read through its schema: a layout that no longer fits it loads as empty, not as a broken page.
  const parsed = savedDesignSchema.safeParse(JSON.parse(row.components));
  return parsed.success ? parsed.data : [];
}

/** Saves (replaces) the layout of one of the user's own depots after checking every component. */
export async function saveDesign(
  deps: Pick<Runtime, "database">,
  viewer: DepotViewer,
  depotId: number,
  components: unknown,
): Promise<{ count: number }> {
  const parsed = savedDesignSchema.safeParse(components);
  if (!parsed.success)
    throw new UserError(`The design could not be saved: ${parsed.error.issues[0]?.message ?? "invalid components"}`);
  await requireDepot(deps.database.db, viewer, depotId, "depot.change");
  const values = { components: JSON.stringify(parsed.data), updated_at: new Date().toISOString() };
  await deps.database.db
    .insertInto("depot_designs")
    .values({ depot_id: depotId, ...values })
    .onConflict((oc) => oc.column("depot_id").doUpdateSet(values))
    .execute();
  return { count: parsed.data.length };
}
