/**
 * Keeps the site meter's readings (from the fleet API, or a meter registered as a charge point) and reads its state
 * for the controller and the page (site-meter.ts says what it means).
 */
import { requireDepot, type DepotViewer } from "~/features/depots/index.server";
import { toIsoString } from "~/lib/db/dialect.server";
import { chargingChanged, depotChanged } from "~/lib/depot-signals.server";
import type { Runtime } from "~/lib/runtime.server";
import { CLOCK_SLACK_MS } from "~/lib/uk-clock";
import { UserError } from "~/lib/user-error";

import { METER_SILENT_MS, type SiteMeter } from "./site-meter";

type Deps = Pick<Runtime, "database">;

/** A building load this much lower than the last is worth deciding again for now (more room); any rise always is. */
const DECIDE_AGAIN_KW = 1;
/**
 * A steady reading is decided for again once the one the chargers' schedules count is this old, so they hold one that
 * is good for four minutes more rather than stepping to the fallback before the next round.
 */
const REFRESH_AFTER_MS = 60_000;

/**
 * The depot's meter now, or null when it has none (no reading ever, no meter registered). `registeredAt`: when a
 * meter was registered as a charge point (the chargers' register knows), so one that never spoke is silent from then.
 */
export async function readSiteMeter(
  deps: Deps,
  depotId: number,
  now = Date.now(),
  registeredAt: number | null = null,
): Promise<SiteMeter | null> {
  const last = await deps.database.db
    .selectFrom("site_meter_readings")
    .select(["read_at", "site_kw", "chargers_kw"])
    .where("depot_id", "=", depotId)
    .orderBy("read_at", "desc")
    .limit(1)
    .executeTakeFirst();
  if (!last && registeredAt === null) return null;
  const readAt = last ? Date.parse(toIsoString(last.read_at)) : registeredAt!;
  return {
    readAt,
    siteKw: last?.site_kw ?? 0,
    buildingKw: last ? last.site_kw - last.chargers_kw : null,
    silent: !last || now >= readAt + METER_SILENT_MS,
  };
}

/** A reading told by the company's systems (the fleet API): who may tell is the policy's ("operations.tell"). */
export async function tellSiteReading(
  deps: Deps,
  teller: DepotViewer,
  depotId: number,
  reading: { siteKw: number; readAt?: string },
): Promise<{ ignored: boolean }> {
  await requireDepot(deps.database.db, teller, depotId, "operations.tell", { detail: "site meter reading" });
  return recordSiteReading(deps, depotId, { ...reading, source: "api" });
}

/**
 * Keeps a reading of the site's import; one older than the last is ignored (answered so), one from the future is
 * refused. The chargers' draw as it is read is kept beside it, so the building's load is the difference.
 */
export async function recordSiteReading(
  deps: Deps,
  depotId: number,
  reading: { siteKw: number; readAt?: string; source: "api" | "ocpp" },
  now = Date.now(),
): Promise<{ ignored: boolean }> {
  const readAt = reading.readAt === undefined ? now : Date.parse(reading.readAt);
  if (readAt > now + CLOCK_SLACK_MS)
    throw new UserError("A reading cannot be in the future", {
      status: 422,
      fieldErrors: { readAt: "A reading cannot be in the future" },
    });
  // A registered meter that never spoke is read here as none: either way, its first reading is decided for at once.
  const before = await readSiteMeter(deps, depotId, now);
  if (before && !before.silent && readAt < before.readAt) return { ignored: true };
  const chargers = await deps.database.db
    .selectFrom("charging_sessions")
    .select((eb) => eb.fn.sum<number | string>("power_w").as("w"))
    .where("depot_id", "=", depotId)
    .where("stopped_at", "is", null)
    .executeTakeFirst();
  const chargersKw = Number(chargers?.w ?? 0) / 1000;
  await deps.database.db
    .insertInto("site_meter_readings")
    .values({
      depot_id: depotId,
      read_at: new Date(readAt).toISOString(),
      site_kw: reading.siteKw,
      chargers_kw: chargersKw,
      source: reading.source,
    })
    .execute();
  const buildingKw = reading.siteKw - chargersKw;
  // A rise, however small, is decided for at once: the chargers' schedules count the last reading until it expires.
  if (
    !before ||
    before.silent ||
    before.buildingKw === null ||
    buildingKw > before.buildingKw ||
    before.buildingKw - buildingKw >= DECIDE_AGAIN_KW ||
    readAt - before.readAt >= REFRESH_AFTER_MS
  )
    chargingChanged(depotId);
  depotChanged(depotId);
  return { ignored: false };
}
