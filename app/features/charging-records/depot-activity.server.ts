/**
 * Which depots are charging, and a mark of their sessions that changes whenever a session opens, ends or is sent a
 * limit: the live controller's rounds read these to know which depots to decide for (smart-charging-rounds.server.ts).
 */
import type { Runtime } from "~/lib/runtime.server";

type Deps = Pick<Runtime, "database">;

/** The depots with a session open now. */
export async function depotsCharging(deps: Deps): Promise<number[]> {
  const rows = await deps.database.db
    .selectFrom("charging_sessions")
    .select("depot_id")
    .distinct()
    .where("stopped_at", "is", null)
    .execute();
  return rows.flatMap((r) => (r.depot_id === null ? [] : [r.depot_id]));
}

/** Per depot with a session open or ended within `withinMs`: a text that changes whenever its sessions do. */
export async function sessionMarks(deps: Deps, withinMs: number): Promise<Map<number, string>> {
  const rows = await deps.database.db
    .selectFrom("charging_sessions")
    .select((eb) => [
      "depot_id as depotId",
      eb.fn.max("id").as("newest"),
      eb.fn.max("stopped_at").as("ended"),
      eb.fn.countAll<number | string>().as("count"),
      // A limit lowered elsewhere leaves room for this process's chargers.
      eb.fn.max("limit_sent_at").as("sent"),
    ])
    .where((eb) =>
      eb.or([eb("stopped_at", "is", null), eb("stopped_at", ">", new Date(Date.now() - withinMs).toISOString())]),
    )
    .groupBy("depot_id")
    .execute();
  return new Map(
    rows.flatMap((r) =>
      r.depotId === null ? [] : [[r.depotId, `${r.newest}|${String(r.ended)}|${r.count}|${String(r.sent)}`] as const],
    ),
  );
}
