/**
 * Firmware updates (issue 59, item 3): one charger, or chargers of one model in waves (firmware-rollouts.server.ts).
 * An update waits until no vehicle is on the charger (unless the operator said otherwise), is sent with a one-time URL
 * for the image, follows what the charger says (FirmwareStatusNotification), and is done once the charger has
 * installed it and come back. A charger that goes quiet for two hours mid-update has failed it; any failure pauses
 * its rollout for the operator to look at. Decision 061.
 */
import type { DepotViewer } from "~/features/depots/index.server";
import type { Runtime } from "~/lib/runtime.server";
import { UserError } from "~/lib/user-error";

import { requireOperatedChargePoint } from "../charge-points.server";
import { recordChargerEvent } from "../charger-status.server";
import { hashToken, looksLikeToken } from "../one-time-token.server";
import { companyImage } from "./firmware-images.server";
import { nudgeFirmware } from "./nudge";

type Deps = Pick<Runtime, "database" | "env">;

/** What a charger says when an update fails (1.6 and 2.0.1). */
const FAILURES = new Set(["DownloadFailed", "InstallationFailed", "InstallVerificationFailed", "InvalidSignature"]);
/** A charger may retry a download this many times on its one URL. */
const MAX_DOWNLOADS = 5;
export const OPEN = ["waiting", "sending", "sent", "Downloading", "Downloaded", "Installing", "Installed"] as const;
const now = () => new Date().toISOString();

/** Updates one charger to a company image: waits for it to be free unless `whileCharging` is on. */
export async function updateCharger(
  deps: Deps,
  user: DepotViewer,
  depotId: number,
  chargePointId: number,
  input: Record<string, unknown>,
) {
  const point = await requireOperatedChargePoint(deps, user, depotId, chargePointId, "operations.change");
  const image = await companyImage(deps, point.companyId, input.imageId);
  if (await openUpdate(deps, point.id))
    throw new UserError("An update is already under way on this charger", { status: 409 });
  const at = now();
  await deps.database.db
    .insertInto("firmware_updates")
    .values({
      charge_point_id: point.id,
      image_id: image.id,
      rollout_id: null,
      wave: 1,
      while_charging: input.whileCharging === "on",
      status: "waiting",
      created_at: at,
      updated_at: at,
    })
    .execute();
  await recordChargerEvent(
    deps.database.db,
    { chargePointId: point.id },
    "firmware",
    `Update to ${image.version} asked`,
  );
  nudgeFirmware();
  return image;
}

/** FirmwareStatusNotification (1.6, and 2.0.1 with its requestId): kept on the charger and on its update. */
export async function firmwareStatus(
  deps: Pick<Runtime, "database">,
  point: { chargePointId: number },
  status: string,
  requestId?: number,
) {
  const db = deps.database.db;
  await db
    .updateTable("charge_points")
    .set({ firmware_status: status })
    .where("id", "=", point.chargePointId)
    .execute();
  let query = db
    .selectFrom("firmware_updates")
    .select(["id", "status"])
    .where("charge_point_id", "=", point.chargePointId)
    .where(
      "status",
      "in",
      OPEN.filter((s) => s !== "waiting" && s !== "sending"),
    );
  if (requestId !== undefined) query = query.where("id", "=", requestId);
  const update = await query.orderBy("id", "desc").executeTakeFirst();
  await recordChargerEvent(db, point, "firmware", `Firmware: ${status}`);
  // Idle, or a word for an update not ours (another system's, or one we gave up on): kept on the charger only.
  if (!update || status === "Idle") return;
  const failed = FAILURES.has(status);
  await db
    .updateTable("firmware_updates")
    .set({
      status: failed ? "failed" : status,
      detail: failed ? `The charger said ${status}` : null,
      updated_at: now(),
    })
    .where("id", "=", update.id)
    .execute();
}

/** The image behind a one-time URL, while its update is open and within its downloads; else null (the route's 404). */
export async function firmwareDownload(deps: Pick<Runtime, "database">, token: string) {
  if (!looksLikeToken(token)) return null;
  const db = deps.database.db;
  const update = await db
    .selectFrom("firmware_updates")
    .innerJoin("firmware_images", "firmware_images.id", "firmware_updates.image_id")
    .select(["firmware_updates.id", "firmware_images.file_key", "firmware_images.file_name", "firmware_images.sha256"])
    .where("firmware_updates.token_hash", "=", hashToken(token))
    .where("firmware_updates.status", "in", OPEN)
    .where("firmware_updates.downloads", "<", MAX_DOWNLOADS)
    .executeTakeFirst();
  if (!update) return null;
  const taken = await db
    .updateTable("firmware_updates")
    .set((eb) => ({ downloads: eb("downloads", "+", 1) }))
    .where("id", "=", update.id)
    .where("downloads", "<", MAX_DOWNLOADS)
    .executeTakeFirst();
  return Number(taken.numUpdatedRows) === 1 ? update : null;
}

async function openUpdate(deps: Pick<Runtime, "database">, chargePointId: number) {
  return deps.database.db
    .selectFrom("firmware_updates")
    .select("id")
    .where("charge_point_id", "=", chargePointId)
    .where("status", "in", OPEN)
    .executeTakeFirst();
}
