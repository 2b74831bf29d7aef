/**
 * Firmware rollouts (issue 59, item 3; decisions 061 and 074): an image to the chargers of one model at one depot or
 * at several of the company's, a few first and twice as many each wave after (rollout-waves.ts). The keeper
 * (firmware-sending.server.ts) sends a wave only once the last one installed and came back.
 *
 * A rollout's depots are those of its chargers (and the one it was started from): each must be one the policy lets
 * the operator change, to start it and to steer it, so a rollout never reaches a depot its operator could not.
 */
import { requireDepot, type DepotViewer, type ReachableDepot } from "~/features/depots/index.server";
import { sameCompany } from "~/lib/access/access.server";
import type { Runtime } from "~/lib/runtime.server";
import { UserError } from "~/lib/user-error";

import { companyImage } from "./firmware-images.server";
import { OPEN } from "./firmware-updates.server";
import { nudgeFirmware } from "./nudge";
import { waveOf } from "./rollout-waves";

type Deps = Pick<Runtime, "database" | "env">;

/** The most depots one rollout may span (a company's whole estate, with room to spare). */
export const MAX_ROLLOUT_DEPOTS = 200;

/**
 * The depots a rollout goes to: the one it is started from, first, then the others chosen, in the order given. Each
 * is asked of the policy (operations.change) and must be the same company's as the first (its images are that
 * company's).
 */
async function rolloutDepots(deps: Deps, user: DepotViewer, depotId: number, chosen: unknown) {
  const detail = "started a firmware rollout";
  const first = await requireDepot(deps.database.db, user, depotId, "operations.change", { detail });
  const raw = Array.isArray(chosen) ? chosen : chosen === undefined || chosen === "" ? [] : [chosen];
  const ids = [...new Set(raw.map(Number))].filter((id) => id !== first.id);
  if (raw.length > MAX_ROLLOUT_DEPOTS || ids.some((id) => !Number.isSafeInteger(id) || id <= 0))
    throw new UserError(`Choose up to ${MAX_ROLLOUT_DEPOTS} of the company's depots`, {
      fieldErrors: { depotIds: "Choose the depots from the list" },
    });
  const depots: ReachableDepot[] = [first];
  for (const id of ids) {
    const depot = await requireDepot(deps.database.db, user, id, "operations.change", { detail });
    if (!sameCompany(depot, first))
      throw new UserError("A rollout's depots are one company's: its images are that company's", {
        fieldErrors: { depotIds: "Choose depots of this depot's company" },
      });
    depots.push(depot);
  }
  return depots;
}

/** Chargers of `model` at `depots` to an image, in waves of `firstWave`, then twice as many each wave. */
export async function startRollout(deps: Deps, user: DepotViewer, depotId: number, input: Record<string, unknown>) {
  const depots = await rolloutDepots(deps, user, depotId, input.depotIds);
  const image = await companyImage(deps, depots[0]!.companyId, input.imageId);
  const model = String(input.model ?? "");
  const firstWave = Number(input.firstWave);
  if (!Number.isInteger(firstWave) || firstWave < 1 || firstWave > 50)
    throw new UserError("The first wave is 1 to 50 chargers", { fieldErrors: { firstWave: "1 to 50 chargers" } });
  const db = deps.database.db;
  const order = new Map(depots.map((d, i) => [d.id, i]));
  const chargers = await db
    .selectFrom("charge_points")
    .select(["id", "firmware", "depot_id"])
    .where("depot_id", "in", [...order.keys()])
    .where("role", "=", "charger")
    .where("model", "=", model)
    .where("id", "not in", db.selectFrom("firmware_updates").select("charge_point_id").where("status", "in", OPEN))
    .execute();
  // The first wave comes from the depot the operator is looking at; the rest follow depot by depot.
  const due = chargers
    .filter((c) => c.firmware !== image.version)
    .sort((a, b) => order.get(a.depot_id)! - order.get(b.depot_id)! || a.id - b.id);
  const where = depots.length > 1 ? "at these depots" : "here";
  if (due.length === 0)
    throw new UserError(
      `No charger of model “${model}” ${where} needs ${image.version} (or each is updating already)`,
      {
        fieldErrors: { model: "No charger of this model needs it" },
      },
    );
  const at = new Date().toISOString();
  const whileCharging = input.whileCharging === "on";
  const started = await db.transaction().execute(async (tx) => {
    const rollout = await tx
      .insertInto("firmware_rollouts")
      .values({
        depot_id: depots[0]!.id,
        image_id: image.id,
        model,
        first_wave: firstWave,
        while_charging: whileCharging,
        status: "running",
        created_at: at,
        updated_at: at,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await tx
      .insertInto("firmware_updates")
      .values(
        due.map((c, i) => ({
          charge_point_id: c.id,
          image_id: image.id,
          rollout_id: rollout.id,
          wave: waveOf(i, firstWave),
          while_charging: whileCharging,
          status: "waiting",
          created_at: at,
          updated_at: at,
        })),
      )
      .execute();
    const reached = new Set(due.map((c) => c.depot_id)).size;
    return { id: rollout.id, chargers: due.length, depots: reached, version: image.version };
  });
  nudgeFirmware();
  return started;
}

/** The ids of the depots a rollout reaches: where it was started and where its chargers are. */
export async function depotsOfRollout(deps: Pick<Runtime, "database">, rolloutId: number, startedAt: number) {
  const rows = await deps.database.db
    .selectFrom("firmware_updates")
    .innerJoin("charge_points", "charge_points.id", "firmware_updates.charge_point_id")
    .select("charge_points.depot_id")
    .distinct()
    .where("firmware_updates.rollout_id", "=", rolloutId)
    .execute();
  return [...new Set([startedAt, ...rows.map((r) => r.depot_id)])];
}

/**
 * Pause, resume (the failed ones skipped) or cancel (what has not been sent) a rollout shown on the depot's page. It
 * is steered only by someone who may change every depot it reaches.
 */
export async function steerRollout(
  deps: Deps,
  user: DepotViewer,
  depotId: number,
  rolloutId: unknown,
  to: "pause" | "resume" | "cancel",
) {
  const detail = `${to === "cancel" ? "cancelled" : `${to}d`} a firmware rollout`;
  const depot = await requireDepot(deps.database.db, user, depotId, "operations.change", { detail });
  const id = Number(rolloutId);
  if (!Number.isSafeInteger(id) || id <= 0) throw new UserError("Choose a rollout");
  const db = deps.database.db;
  const rollout = await db
    .selectFrom("firmware_rollouts")
    .select(["id", "status", "depot_id"])
    .where("id", "=", id)
    .executeTakeFirst();
  const reaches = rollout ? await depotsOfRollout(deps, rollout.id, rollout.depot_id) : [];
  if (!rollout || !reaches.includes(depot.id)) throw new UserError("That rollout is not here", { status: 404 });
  for (const other of reaches)
    if (other !== depot.id)
      await requireDepot(db, user, other, "operations.change", {
        detail,
        message: "This rollout reaches depots you may not change: ask whoever started it",
      });
  if (rollout.status === "done" || rollout.status === "cancelled")
    throw new UserError(`The rollout is ${rollout.status} already`, { status: 409 });
  const at = new Date().toISOString();
  await db.transaction().execute(async (tx) => {
    if (to === "resume")
      await tx
        .updateTable("firmware_updates")
        .set({ status: "skipped", updated_at: at })
        .where("rollout_id", "=", rollout.id)
        .where("status", "=", "failed")
        .execute();
    if (to === "cancel")
      await tx
        .updateTable("firmware_updates")
        .set({ status: "cancelled", updated_at: at })
        .where("rollout_id", "=", rollout.id)
        .where("status", "=", "waiting")
        .execute();
    const status = { pause: "paused", resume: "running", cancel: "cancelled" }[to];
    await tx
      .updateTable("firmware_rollouts")
      .set({ status, detail: to === "pause" ? "paused by the operator" : null, updated_at: at })
      .where("id", "=", rollout.id)
      .execute();
  });
  nudgeFirmware();
  return to;
}
