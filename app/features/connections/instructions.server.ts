/**
 * The network's limits on a depot's site (issue 60, item 4), and when its channel was last heard. Given by hand on
 * Operations or through the fleet API (which replaces the instructions it gave before with what the network says
 * now, and keeps the channel alive); each change is told to the live controller, which re-decides the depot.
 */
import { requireDepot, type DepotViewer } from "~/features/depots/index.server";
import { recordAudit, type Actor } from "~/lib/audit.server";
import { toIsoString } from "~/lib/db/dialect.server";
import { chargingChanged } from "~/lib/depot-signals.server";
import type { Runtime } from "~/lib/runtime.server";
import { UserError } from "~/lib/user-error";

import type { Instruction } from "./instruction-input";

type Deps = Pick<Runtime, "database">;
export type StoredInstruction = Instruction & {
  id: number;
  source: "hand" | "api" | "openadr" | "flex";
  createdBy: string | null;
};

const actorOf = (viewer: DepotViewer): Actor => ({ id: viewer.id, email: viewer.email ?? viewer.id });
const iso = (ms: number) => new Date(ms).toISOString();

/** An instruction as its row: every source's is written the same way. */
const rowOf = (
  depotId: number,
  instruction: Instruction,
  source: StoredInstruction["source"],
  by: string,
  now = new Date().toISOString(),
) => ({
  depot_id: depotId,
  starts_at: iso(instruction.from),
  ends_at: iso(instruction.until),
  limit_kva: instruction.limitKva,
  source,
  reason: instruction.reason,
  created_by: by,
  created_at: now,
});

/** What the live controller reads: the instructions not yet ended and not cancelled, and when the channel was heard. */
export async function networkState(deps: Deps, depotId: number, now: number) {
  const [rows, signal] = await Promise.all([
    deps.database.db
      .selectFrom("network_instructions")
      .selectAll()
      .where("depot_id", "=", depotId)
      .where("cancelled_at", "is", null)
      .where("ends_at", ">", iso(now))
      .orderBy("starts_at")
      .execute(),
    deps.database.db.selectFrom("network_signals").selectAll().where("depot_id", "=", depotId).executeTakeFirst(),
  ]);
  return {
    instructions: rows.map((row): StoredInstruction => ({
      id: row.id,
      from: Date.parse(toIsoString(row.starts_at)),
      until: Date.parse(toIsoString(row.ends_at)),
      limitKva: row.limit_kva,
      reason: row.reason,
      source: row.source as StoredInstruction["source"],
      createdBy: row.created_by,
    })),
    heardAt: signal ? Date.parse(toIsoString(signal.heard_at)) : null,
  };
}

/** An instruction given by hand (checked by the caller against the connection): kept, and obeyed from now. */
export async function giveInstruction(deps: Deps, viewer: DepotViewer, depotId: number, instruction: Instruction) {
  await deps.database.db.transaction().execute(async (trx) => {
    const depot = await requireDepot(trx, viewer, depotId, "operations.change", { detail: "network limit given" });
    await trx
      .insertInto("network_instructions")
      .values(rowOf(depotId, instruction, "hand", actorOf(viewer).email))
      .execute();
    await recordAudit(trx, {
      actor: actorOf(viewer),
      action: "network.instruction_given",
      target: { type: "depot", id: depotId, label: depot.name },
      details: { kva: instruction.limitKva, from: iso(instruction.from), until: iso(instruction.until) },
    });
  });
  chargingChanged(depotId);
}

export async function cancelInstruction(deps: Deps, viewer: DepotViewer, depotId: number, id: unknown) {
  const instructionId = Number(id);
  if (!Number.isSafeInteger(instructionId) || instructionId <= 0) throw new UserError("Choose an instruction.");
  await deps.database.db.transaction().execute(async (trx) => {
    const depot = await requireDepot(trx, viewer, depotId, "operations.change", { detail: "network limit cancelled" });
    const done = await trx
      .updateTable("network_instructions")
      .set({ cancelled_at: new Date().toISOString() })
      .where("id", "=", instructionId)
      .where("depot_id", "=", depotId)
      // A flexibility offer's limit is released by cancelling its request, which says so to the network.
      .where("source", "!=", "flex")
      .where("cancelled_at", "is", null)
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) === 0) throw new UserError("That instruction is no longer there.", { status: 404 });
    await recordAudit(trx, {
      actor: actorOf(viewer),
      action: "network.instruction_cancelled",
      target: { type: "depot", id: depotId, label: depot.name },
      details: { id: instructionId },
    });
  });
  chargingChanged(depotId);
}

/**
 * What the network says now, through the fleet API (checked by the caller): its instructions replace those it gave
 * before that have not ended, and the channel is heard. Sent at least every SIGNAL_HOLDS_MINUTES, it keeps a flexible
 * connection's non-firm part in use.
 */
export async function tellNetworkState(deps: Deps, key: DepotViewer, depotId: number, instructions: Instruction[]) {
  await requireDepot(deps.database.db, key, depotId, "operations.tell");
  return replaceNetworkInstructions(deps, depotId, "api", instructions, actorOf(key).email);
}

/** A source's instructions not yet ended replaced by what it says now, and the channel heard (the fleet API's, OpenADR's). */
export async function replaceNetworkInstructions(
  deps: Deps,
  depotId: number,
  source: "api" | "openadr",
  instructions: Instruction[],
  heardBy: string,
) {
  const now = new Date().toISOString();
  await deps.database.db.transaction().execute(async (trx) => {
    await trx
      .updateTable("network_instructions")
      .set({ cancelled_at: now })
      .where("depot_id", "=", depotId)
      .where("source", "=", source)
      .where("cancelled_at", "is", null)
      .where("ends_at", ">", now)
      .execute();
    if (instructions.length > 0)
      await trx
        .insertInto("network_instructions")
        .values(instructions.map((i) => rowOf(depotId, i, source, heardBy, now)))
        .execute();
    const heard = { heard_at: now, heard_by: heardBy };
    await trx
      .insertInto("network_signals")
      .values({ depot_id: depotId, ...heard })
      .onConflict((oc) => oc.column("depot_id").doUpdateSet(heard))
      .execute();
  });
  chargingChanged(depotId);
  return { instructions: instructions.length, heardAt: now };
}

/**
 * The limit a flexibility offer holds the site to over its window (the flexibility room's, once it answered the
 * network): kept as an instruction of its own source, obeyed as any other; answers its id, to release it by.
 */
export async function holdSiteForFlex(deps: Deps, depotId: number, instruction: Instruction, heldBy: string) {
  const row = await deps.database.db
    .insertInto("network_instructions")
    .values(rowOf(depotId, instruction, "flex", heldBy))
    .returning("id")
    .executeTakeFirstOrThrow();
  chargingChanged(depotId);
  return row.id;
}

/** A flexibility offer's limit released (its request cancelled): the site's room comes back at once. */
export async function releaseFlexHold(deps: Deps, depotId: number, id: number) {
  await deps.database.db
    .updateTable("network_instructions")
    .set({ cancelled_at: new Date().toISOString() })
    .where("id", "=", id)
    .where("depot_id", "=", depotId)
    .where("source", "=", "flex")
    .where("cancelled_at", "is", null)
    .execute();
  chargingChanged(depotId);
}
