/** What the firmware page of a depot and a charger's card show (issue 59, item 3). */
import { depotWithinReach, requireDepot, type DepotViewer } from "~/features/depots/index.server";
import { toIsoString } from "~/lib/db/dialect.server";
import type { Runtime } from "~/lib/runtime.server";

import { companyImages } from "./firmware-images.server";

type Deps = Pick<Runtime, "database">;

/**
 * A depot's firmware: versions by model, the company's images, the rollouts reaching it with their progress, and the
 * company's depots (and their models) the user may roll out to.
 */
export async function depotFirmwarePage(deps: Deps, user: DepotViewer, depotId: number) {
  const depot = await requireDepot(deps.database.db, user, depotId, "operations.read");
  const db = deps.database.db;
  const [versions, images, rollouts, reachable] = await Promise.all([
    db
      .selectFrom("charge_points")
      .select(["model", "firmware", "firmware_status"])
      .select((eb) => eb.fn.countAll<number>().as("chargers"))
      .where("depot_id", "=", depot.id)
      .where("role", "=", "charger")
      .groupBy(["model", "firmware", "firmware_status"])
      .orderBy("model")
      .orderBy("firmware")
      .execute(),
    companyImages(deps, depot.companyId),
    depotRollouts(deps, depot.id),
    // The company's depots this user may roll firmware out to, with their chargers' models.
    db
      .selectFrom("depots")
      .leftJoin("charge_points", (join) =>
        join.onRef("charge_points.depot_id", "=", "depots.id").on("charge_points.role", "=", "charger"),
      )
      .select(["depots.id", "depots.depot_name", "charge_points.model"])
      .distinct()
      .where("depots.company_id", "=", depot.companyId)
      .where(depotWithinReach(user, "operations.change"))
      .orderBy("depots.depot_name")
      .execute(),
  ]);
  return {
    depot: { id: depot.id, name: depot.name, companyId: depot.companyId },
    versions: versions.map((v) => ({
      model: v.model ?? "Not yet told",
      firmware: v.firmware ?? "Not yet told",
      status: v.firmware_status,
      chargers: Number(v.chargers),
    })),
    models: [...new Set(reachable.map((v) => v.model).filter((m): m is string => m !== null))].sort(),
    depots: [...new Map(reachable.map((d) => [d.id, { id: d.id, name: d.depot_name }])).values()],
    images: images.map((i) => ({
      id: i.id,
      fileName: i.file_name,
      bytes: i.bytes,
      sha256: i.sha256,
      version: i.version,
      model: i.model,
      signed: i.signature !== null,
      at: toIsoString(i.created_at),
    })),
    rollouts,
  };
}

/** The rollouts started at the depot or reaching chargers there, newest first, with their progress. */
async function depotRollouts(deps: Deps, depotId: number) {
  const db = deps.database.db;
  const rollouts = await db
    .selectFrom("firmware_rollouts")
    .innerJoin("firmware_images", "firmware_images.id", "firmware_rollouts.image_id")
    .select(["firmware_rollouts.id", "firmware_rollouts.model", "firmware_rollouts.first_wave"])
    .select(["firmware_rollouts.status", "firmware_rollouts.detail", "firmware_rollouts.created_at"])
    .select(["firmware_rollouts.while_charging", "firmware_rollouts.depot_id", "firmware_images.version"])
    // Started here, or reaching chargers here from another depot's page (a company-wide rollout).
    .where((eb) =>
      eb.or([
        eb("firmware_rollouts.depot_id", "=", depotId),
        eb(
          "firmware_rollouts.id",
          "in",
          db
            .selectFrom("firmware_updates")
            .innerJoin("charge_points", "charge_points.id", "firmware_updates.charge_point_id")
            .select("firmware_updates.rollout_id")
            .where("charge_points.depot_id", "=", depotId)
            .where("firmware_updates.rollout_id", "is not", null),
        ),
      ]),
    )
    .orderBy("firmware_rollouts.id", "desc")
    .limit(10)
    .execute();
  const ids = rollouts.map((r) => r.id);
  const [progress, spans] = ids.length ? await rolloutProgress(deps, ids) : [[], []];
  return rollouts.map((r) => {
    const mine = progress.filter((p) => p.rollout_id === r.id);
    const count = (pick: (s: string) => boolean) =>
      mine.filter((p) => pick(p.status)).reduce((sum, p) => sum + Number(p.n), 0);
    const waves = Math.max(0, ...mine.map((p) => p.wave));
    const open = mine.filter((p) => !["done", "failed", "skipped", "cancelled"].includes(p.status));
    return {
      id: r.id,
      model: r.model,
      version: r.version,
      firstWave: r.first_wave,
      whileCharging: Boolean(r.while_charging),
      status: r.status,
      detail: r.detail,
      at: toIsoString(r.created_at),
      chargers: count(() => true),
      done: count((s) => s === "done"),
      failed: count((s) => s === "failed"),
      skipped: count((s) => s === "skipped" || s === "cancelled"),
      wave: open.length > 0 ? Math.min(...open.map((p) => p.wave)) : waves,
      waves,
      depots: Number(spans.find((d) => d.rollout_id === r.id)?.depots ?? 1),
      startedHere: r.depot_id === depotId,
    };
  });
}

/** Each rollout's chargers by wave and status, and how many depots it reaches. */
async function rolloutProgress(deps: Deps, ids: number[]) {
  const db = deps.database.db;
  return Promise.all([
    db
      .selectFrom("firmware_updates")
      .select(["rollout_id", "wave", "status"])
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("rollout_id", "in", ids)
      .groupBy(["rollout_id", "wave", "status"])
      .execute(),
    db
      .selectFrom("firmware_updates")
      .innerJoin("charge_points", "charge_points.id", "firmware_updates.charge_point_id")
      .select("firmware_updates.rollout_id")
      .select((eb) => eb.fn.count<number>("charge_points.depot_id").distinct().as("depots"))
      .where("firmware_updates.rollout_id", "in", ids)
      .groupBy("firmware_updates.rollout_id")
      .execute(),
  ]);
}

/** A charger's firmware card: its updates, newest first, and the company's images to choose from. */
export async function chargerFirmware(deps: Deps, chargePointId: number, companyId: number) {
  const [updates, images] = await Promise.all([
    deps.database.db
      .selectFrom("firmware_updates")
      .innerJoin("firmware_images", "firmware_images.id", "firmware_updates.image_id")
      .select(["firmware_updates.id", "firmware_updates.status", "firmware_updates.detail", "firmware_updates.wave"])
      .select(["firmware_updates.rollout_id", "firmware_updates.created_at", "firmware_images.version"])
      .where("firmware_updates.charge_point_id", "=", chargePointId)
      .orderBy("firmware_updates.id", "desc")
      .limit(5)
      .execute(),
    companyImages(deps, companyId),
  ]);
  return {
    updates: updates.map((u) => ({
      id: u.id,
      version: u.version,
      status: u.status,
      detail: u.detail,
      rollout: u.rollout_id,
      wave: u.wave,
      at: toIsoString(u.created_at),
    })),
    images: images.map((i) => ({ id: i.id, version: i.version, fileName: i.file_name, model: i.model })),
  };
}
