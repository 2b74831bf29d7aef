/**
 * The firmware keeper's pass (firmware-keeper.server.ts), for the chargers this process holds: an update quiet for two
 * hours has failed, an installed one is done once its charger is back, each rollout moves on (rollout-waves.ts), and
 * the updates due are sent, each once, with a one-time URL for the image. Decision 061.
 */
import { toIsoString } from "~/lib/db/dialect.server";
import type { Runtime } from "~/lib/runtime.server";

import { recordChargerEvent } from "../charger-status.server";
import type { OcppEndpoint } from "../ocpp-handler-types";
import { newToken } from "../one-time-token.server";
import { rolloutStep } from "./rollout-waves";

type Deps = Pick<Runtime, "database" | "env">;

/** Connector statuses with a vehicle on it. */
const BUSY = new Set(["Charging", "SuspendedEV", "SuspendedEVSE", "Occupied", "Preparing", "Finishing"]);
const NO_WORD_MS = 2 * 60 * 60_000;
/** An update sent and its charger not yet back (a restart after Installed counts). */
const UNDER_WAY = ["sending", "sent", "Downloading", "Downloaded", "Installing", "Installed"];
/** Installed without a reboot: back once it has stayed connected this long after saying so. */
const SETTLED_MS = 5 * 60_000;
const now = () => new Date().toISOString();

/** One pass (see above). */
export async function firmwarePass(deps: Deps, local: Pick<OcppEndpoint, "call" | "isConnected">) {
  const db = deps.database.db;
  const at = Date.now();
  await finishInstalled(deps, local, at);
  // Under way and silent for two hours has failed: also one that said Installed and never came back (one back is done
  // just above), and one claimed by a serving process that stopped before sending it. Each would otherwise hold a
  // place of FIRMWARE_AT_ONCE for ever, and enough of them would stop every update.
  await db
    .updateTable("firmware_updates")
    .set({ status: "failed", detail: "No word from the charger for two hours", updated_at: now() })
    .where("status", "in", UNDER_WAY)
    .where("updated_at", "<", new Date(at - NO_WORD_MS).toISOString())
    .execute();
  const rollouts = await db.selectFrom("firmware_rollouts").select(["id"]).where("status", "=", "running").execute();
  const dueWaves = new Map<number, number>();
  for (const rollout of rollouts) {
    const updates = await db
      .selectFrom("firmware_updates")
      .select(["wave", "status"])
      .where("rollout_id", "=", rollout.id)
      .execute();
    const step = rolloutStep(updates);
    if (step.kind === "send") dueWaves.set(rollout.id, step.wave);
    else if (step.kind === "pause" || step.kind === "done")
      await db
        .updateTable("firmware_rollouts")
        .set({
          status: step.kind === "done" ? "done" : "paused",
          detail:
            step.kind === "pause" ? `${step.failed} failed in wave ${step.wave}: look, then skip them or cancel` : null,
          updated_at: now(),
        })
        .where("id", "=", rollout.id)
        .where("status", "=", "running")
        .execute();
  }
  const waiting = await db
    .selectFrom("firmware_updates")
    .select(["id", "charge_point_id", "rollout_id", "wave", "while_charging"])
    .where("status", "=", "waiting")
    .orderBy("id")
    .execute();
  // Only so many at once (FIRMWARE_AT_ONCE, decision 077); the next go as those finish (each boot nudges a pass).
  let room = deps.env.FIRMWARE_AT_ONCE - (await updatingNow(deps));
  for (const update of waiting) {
    if (room <= 0) break;
    if (!local.isConnected(update.charge_point_id)) continue;
    if (update.rollout_id !== null && dueWaves.get(update.rollout_id) !== update.wave) continue;
    if (await sendUpdate(deps, local, update)) room--;
  }
}

/** Updates under way across the installation: sent and not yet back (a restart after Installed counts). */
async function updatingNow(deps: Deps): Promise<number> {
  const row = await deps.database.db
    .selectFrom("firmware_updates")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("status", "in", UNDER_WAY)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

async function finishInstalled(deps: Deps, local: Pick<OcppEndpoint, "isConnected">, at: number) {
  const db = deps.database.db;
  const installed = await db
    .selectFrom("firmware_updates")
    .innerJoin("charge_points", "charge_points.id", "firmware_updates.charge_point_id")
    .select([
      "firmware_updates.id",
      "firmware_updates.sent_at",
      "firmware_updates.updated_at",
      "charge_points.booted_at",
    ])
    .select(["charge_points.firmware", "charge_points.id as chargePointId"])
    .innerJoin("firmware_images", "firmware_images.id", "firmware_updates.image_id")
    .select("firmware_images.version")
    .where("firmware_updates.status", "=", "Installed")
    .execute();
  for (const update of installed) {
    if (!local.isConnected(update.chargePointId)) continue;
    const rebooted =
      update.booted_at !== null &&
      update.sent_at !== null &&
      toIsoString(update.booted_at) > toIsoString(update.sent_at);
    const settled = at - new Date(toIsoString(update.updated_at)).getTime() >= SETTLED_MS;
    if (!rebooted && !settled) continue;
    await db
      .updateTable("firmware_updates")
      .set({
        status: "done",
        // What it reports may differ from what the image was said to install (a mislabelled image): said, not hidden.
        detail:
          update.firmware === update.version
            ? `Back with firmware ${update.firmware}`
            : `Back, reporting firmware ${update.firmware ?? "unknown"} (the image says ${update.version})`,
        updated_at: now(),
      })
      .where("id", "=", update.id)
      .where("status", "=", "Installed")
      .execute();
  }
}

/**
 * Sends one waiting update, once: claimed first, so two passes (or processes) never send it twice. Answers whether it
 * was sent (not held for a vehicle, nor claimed elsewhere).
 */
async function sendUpdate(
  deps: Deps,
  local: Pick<OcppEndpoint, "call">,
  update: { id: number; charge_point_id: number; while_charging: boolean | number },
): Promise<boolean> {
  const db = deps.database.db;
  if (!update.while_charging) {
    const busy = await db
      .selectFrom("charge_point_connectors")
      .select("connector_id")
      .where("charge_point_id", "=", update.charge_point_id)
      .where("status", "in", [...BUSY])
      .executeTakeFirst();
    if (busy) {
      await db
        .updateTable("firmware_updates")
        .set({ detail: "Waiting: a vehicle is on it" })
        .where("id", "=", update.id)
        .execute();
      return false;
    }
  }
  const claimed = await db
    .updateTable("firmware_updates")
    .set({ status: "sending", updated_at: now() })
    .where("id", "=", update.id)
    .where("status", "=", "waiting")
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) return false;
  const row = await db
    .selectFrom("firmware_updates")
    .innerJoin("firmware_images", "firmware_images.id", "firmware_updates.image_id")
    .innerJoin("charge_points", "charge_points.id", "firmware_updates.charge_point_id")
    .select(["firmware_images.version", "firmware_images.signing_certificate", "firmware_images.signature"])
    .select(["charge_points.protocol", "charge_points.firmware"])
    .where("firmware_updates.id", "=", update.id)
    .executeTakeFirstOrThrow();
  const { token, hash } = newToken();
  const params = updateFirmwareParams(row, update.id, `${deps.env.APP_URL}/ocpp-files/firmware/${token}`);
  let status: string;
  try {
    const answer = (await local.call(update.charge_point_id, "UpdateFirmware", params)) as { status?: string };
    // A 1.6 charger answers nothing but the acknowledgement.
    status = answer.status ?? "Accepted";
  } catch (error) {
    status = error instanceof Error ? error.message : "no answer";
  }
  const accepted = status === "Accepted" || status === "AcceptedCanceled";
  await db
    .updateTable("firmware_updates")
    .set({
      status: accepted ? "sent" : "failed",
      detail: accepted ? null : `The charger answered ${status}`,
      token_hash: accepted ? hash : null,
      version_before: row.firmware,
      sent_at: accepted ? now() : null,
      updated_at: now(),
    })
    .where("id", "=", update.id)
    .execute();
  await recordChargerEvent(
    db,
    { chargePointId: update.charge_point_id },
    "firmware",
    `UpdateFirmware to ${row.version}: ${accepted ? "Accepted" : status}`,
  );
  return true;
}

/** UpdateFirmware for the charger's version: 2.0.1 with its requestId and, for signed firmware, the signature. */
function updateFirmwareParams(
  image: { protocol: string | null; signing_certificate: string | null; signature: string | null },
  requestId: number,
  location: string,
) {
  const retrieve = new Date().toISOString();
  if (image.protocol === "ocpp1.6") return { location, retrieveDate: retrieve, retries: 3, retryInterval: 60 };
  const signed =
    image.signing_certificate && image.signature
      ? { signingCertificate: image.signing_certificate, signature: image.signature }
      : {};
  return { requestId, retries: 3, retryInterval: 60, firmware: { location, retrieveDateTime: retrieve, ...signed } };
}
