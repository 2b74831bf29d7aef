/**
 * Who may charge (issue 59): a tag presented at a charger is answered from the policy's "charge.start" (lib/access),
 * as the tag's company: at a depot its company's vehicles charge; at a hub a customer's vehicle booked there now as
 * well; any tag where the site lets anyone (free vend). A tag nobody named is Invalid, another company's Blocked, one
 * whose booking here is over Expired. A remote start from the office names a one-time tag that this charger alone
 * accepts for two minutes. A refusal is noted in the charger's history once per tag in ten minutes (a card retried
 * in a loop does not flood it).
 */
import { randomBytes } from "node:crypto";

import { requireDepot, type DepotViewer } from "~/features/depots/index.server";
import { visitOf } from "~/features/vehicles";
import { ownerOfTag, visitsOfTagAt } from "~/features/vehicles/index.server";
import { may, type Principal } from "~/lib/access/policy";
import { toIsoString } from "~/lib/db/dialect.server";
import { depotChanged, tagsChanged } from "~/lib/depot-signals.server";
import type { Runtime } from "~/lib/runtime.server";
import { UserError } from "~/lib/user-error";

import { recordChargerEvent, type ConnectedPoint } from "./charger-status.server";

type Deps = Pick<Runtime, "database">;
export type TagStatus = "Accepted" | "Invalid" | "Blocked" | "Expired";
export type ChargingAccess = "company" | "anyone";

const REASON: Record<Exclude<TagStatus, "Accepted">, string> = {
  Invalid: "a tag no company named",
  Blocked: "another company's vehicle, not booked here now",
  Expired: "its booking here is over",
};
const REMOTE_START_MS = 2 * 60_000;
const NOTE_AGAIN_MS = 10 * 60_000;
const noted = new Map<string, number>();

/** Who may charge at the depot: its own vehicles (and booked visitors), or anyone. */
export async function chargingAccessOf(deps: Deps, depotId: number): Promise<ChargingAccess> {
  const row = await deps.database.db
    .selectFrom("charging_access")
    .select("mode")
    .where("depot_id", "=", depotId)
    .executeTakeFirst();
  return row?.mode === "anyone" ? "anyone" : "company";
}

/** Sets who may charge at the depot: the policy's "operations.change" on it; the chargers' lists follow at once. */
export async function setChargingAccess(deps: Deps, viewer: DepotViewer, depotId: number, mode: unknown) {
  // The depot first: a refusal does not depend on what was chosen.
  const depot = await requireDepot(deps.database.db, viewer, depotId, "operations.change", {
    detail: mode === "anyone" ? "anyone may charge (free vend)" : "only its own vehicles and booked visitors charge",
  });
  if (mode !== "company" && mode !== "anyone")
    throw new UserError("Choose who may charge here", { fieldErrors: { mode: "Choose who may charge here" } });
  const values = { mode, updated_at: new Date().toISOString() };
  await deps.database.db
    .insertInto("charging_access")
    .values({ depot_id: depot.id, ...values })
    .onConflict((oc) => oc.column("depot_id").doUpdateSet(values))
    .execute();
  tagsChanged();
  return mode;
}

/** The answer to a tag at this charger now (and a note in its history when refused). */
export async function authorizeTag(
  deps: Deps,
  point: ConnectedPoint,
  tag: string,
  at = Date.now(),
): Promise<TagStatus> {
  const status = await decide(deps, point, tag, at);
  if (status !== "Accepted") await noteRefusal(deps, point, tag, status, at);
  return status;
}

async function decide(deps: Deps, point: ConnectedPoint, tag: string, at: number): Promise<TagStatus> {
  const db = deps.database.db;
  if (await isRemoteStart(deps, point, tag, at)) return "Accepted";
  const [owner, depot, access, visits] = await Promise.all([
    ownerOfTag(db, tag),
    db.selectFrom("depots").select("company_id").where("id", "=", point.depotId).executeTakeFirst(),
    chargingAccessOf(deps, point.depotId),
    visitsOfTagAt(db, point.depotId, tag, at),
  ]);
  const booked = owner !== null && visitOf(visits, tag, at) !== null;
  const vehicle: Principal = {
    id: `tag:${tag}`,
    vehicle: { tag },
    ...(owner === null ? {} : { company: { id: owner, name: "", role: "viewer", memberId: 0 } }),
  };
  const resource = {
    kind: "charge" as const,
    companyId: depot?.company_id ?? -1,
    depotId: point.depotId,
    bookedBy: booked ? [owner] : [],
    anyone: access === "anyone",
  };
  if (may(vehicle, "charge.start", resource)) return "Accepted";
  if (owner === null) return "Invalid";
  return visits.some((v) => v.departsAt <= at) ? "Expired" : "Blocked";
}

async function noteRefusal(deps: Deps, point: ConnectedPoint, tag: string, status: TagStatus, at: number) {
  const key = `${point.chargePointId}:${tag.toLowerCase()}`;
  if ((noted.get(key) ?? -Infinity) > at - NOTE_AGAIN_MS) return;
  // Bounded: a flood of made-up tags keeps only the newest notes' times.
  if (noted.size >= 10_000) noted.clear();
  noted.set(key, at);
  const why = REASON[status as Exclude<TagStatus, "Accepted">];
  const who = tag ? `Tag ${tag.slice(0, 36)}` : "A start without a tag";
  await recordChargerEvent(deps.database.db, point, "refused", `${who} refused (${status}: ${why})`);
  depotChanged(point.depotId);
}

/** A one-time tag for a remote start from the office, accepted at this charger alone for two minutes. */
export async function remoteStartTag(deps: Deps, chargePointId: number, at = Date.now()): Promise<string> {
  const tag = `BC${randomBytes(6).toString("hex").toUpperCase()}`;
  await deps.database.db
    .updateTable("charge_points")
    .set({ remote_start_tag: tag, remote_start_until: new Date(at + REMOTE_START_MS).toISOString() })
    .where("id", "=", chargePointId)
    .execute();
  return tag;
}

async function isRemoteStart(deps: Deps, point: ConnectedPoint, tag: string, at: number): Promise<boolean> {
  const row = await deps.database.db
    .selectFrom("charge_points")
    .select(["remote_start_tag", "remote_start_until"])
    .where("id", "=", point.chargePointId)
    .executeTakeFirst();
  return (
    !!row?.remote_start_tag &&
    row.remote_start_tag === tag &&
    row.remote_start_until !== null &&
    Date.parse(toIsoString(row.remote_start_until)) > at
  );
}
