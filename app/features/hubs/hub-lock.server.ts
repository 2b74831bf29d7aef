/** Holding a hub while its contracts are decided (an acceptance, a single visit): one decision at a hub at a time. */
import { sql } from "kysely";

import type { Runtime } from "~/lib/runtime.server";

type Deps = Pick<Runtime, "database">;

type Tx = Parameters<Parameters<ReturnType<Deps["database"]["db"]["transaction"]>["execute"]>[0]>[0];

/** Holds the hub while its contracts are decided: its row locked (PostgreSQL), or SQLite's one writer taken now. */
export async function lockHub(deps: Deps, tx: Tx, hubId: number): Promise<void> {
  if (deps.database.engine === "postgres")
    await tx.selectFrom("hubs").select("id").where("id", "=", hubId).forUpdate().execute();
  else
    await tx
      .updateTable("hubs")
      .set({ name: sql`name` })
      .where("id", "=", hubId)
      .execute();
}

/** The hub's accepted contracts, read within a transaction that holds the hub. */
export const acceptedRows = (tx: Tx, hubId: number) =>
  tx.selectFrom("hub_contracts").selectAll().where("hub_id", "=", hubId).where("status", "=", "accepted").execute();
