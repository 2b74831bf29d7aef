/** One charger's page (issue 59): what it is and whether it is connected, its settings, and what was changed or asked. */
import type { DepotViewer } from "~/features/depots/index.server";
import { toIsoString } from "~/lib/db/dialect.server";
import type { Runtime } from "~/lib/runtime.server";

import { requireOperatedChargePoint } from "./charge-points.server";
import { chargerSettings } from "./charger-settings-store.server";
import { chargerFirmware } from "./firmware/firmware-view.server";
import { frameLog } from "./frame-log";
import { chargerSecurity } from "./security/security-profile.server";
import { chargerUploads } from "./uploads/charger-uploads.server";
import { ftpAddress } from "./uploads/ftp-address";

type Deps = Pick<Runtime, "database" | "env">;

/** The charger's page: what it is, its settings as last read, and the latest changes and triggers with their answers. */
export async function chargerSettingsPage(deps: Deps, user: DepotViewer, depotId: number, chargePointId: number) {
  const point = await requireOperatedChargePoint(deps, user, depotId, chargePointId, "operations.read");
  const db = deps.database.db;
  const [charger, settings, changes, sameModel, firmware, uploads, security, connection] = await Promise.all([
    db
      .selectFrom("charge_points")
      .select([
        "id",
        "identity",
        "name",
        "protocol",
        "vendor",
        "model",
        "firmware",
        "firmware_status",
        "connectors",
        "max_kw",
        "connected_at",
        "disconnected_at",
      ])
      .where("id", "=", point.id)
      .executeTakeFirstOrThrow(),
    chargerSettings(deps, point.id),
    db
      .selectFrom("charge_point_events")
      .select(["id", "detail", "created_at"])
      .where("charge_point_id", "=", point.id)
      .where("kind", "=", "config")
      .orderBy("id", "desc")
      .limit(20)
      .execute(),
    db
      .selectFrom("charge_points as other")
      .innerJoin("charge_points as self", (join) =>
        join.onRef("self.depot_id", "=", "other.depot_id").onRef("self.model", "=", "other.model"),
      )
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("self.id", "=", point.id)
      .where("other.role", "=", "charger")
      .executeTakeFirst(),
    chargerFirmware(deps, point.id, point.companyId),
    chargerUploads(deps, point.id),
    db
      .selectFrom("charge_point_events")
      .select(["id", "detail", "created_at"])
      .where("charge_point_id", "=", point.id)
      .where("kind", "=", "security")
      .orderBy("id", "desc")
      .limit(20)
      .execute(),
    chargerSecurity(deps, point.id),
  ]);
  const { connected_at: on, disconnected_at: off, ...shown } = charger;
  const connectedNow = on !== null && (off === null || toIsoString(off) < toIsoString(on));
  return {
    depot: { id: point.depotId, name: point.depotName, companyId: point.companyId },
    charger: { ...shown, connected: connectedNow },
    // Its last frames as this serving process saw them (null: it has not held the charger since it started).
    frames: frameLog.of(point.id),
    settings,
    firmware,
    uploads,
    ftp: ftpAddress() !== null,
    sameModel: Number(sameModel?.n ?? 1),
    changes: changes.map((c) => ({ id: c.id, detail: c.detail, at: new Date(String(c.created_at)).toISOString() })),
    connection,
    security: security.map((c) => ({ id: c.id, detail: c.detail, at: new Date(String(c.created_at)).toISOString() })),
  };
}

/** The charger's last frames, for download (the policy's operations.read on its depot). */
export async function chargerFrames(deps: Deps, user: DepotViewer, depotId: number, chargePointId: number) {
  const point = await requireOperatedChargePoint(deps, user, depotId, chargePointId, "operations.read");
  return { identity: point.identity, frames: frameLog.of(point.id) ?? [] };
}
