/**
 * The readiness board as the operations page shows it: the depot's named vehicles and open sessions, with what the
 * fleet or the board told of them (readiness.ts decides each row). Times as ISO text for the page.
 */
import { CANNOT_CHARGE } from "~/features/chargers";
import type { DepotSite } from "~/features/live-control";
import {
  BOARD_HOURS,
  readinessBoard,
  unnamedVehicles,
  type BoardSession,
  type ReadinessRow,
  type VehicleTag,
} from "~/features/vehicles";
import { expectedVisits, readVehicleStates } from "~/features/vehicles/index.server";
import { toIsoString } from "~/lib/db/dialect.server";
import type { Runtime } from "~/lib/runtime.server";

import type { ChargerView } from "./operations-views";

type Deps = Pick<Runtime, "database">;
/** An open session's row, as depot-records.server.ts reads it. */
type OpenRow = {
  id: number;
  charge_point_id: number;
  connector_id: number;
  id_tag: string | null;
  meter_start_wh: number;
  meter_last_wh: number;
  soc_pct: number | null;
  soc_read_at: Date | string | null;
  updated_at: Date | string;
  short_kwh: number | null;
  short_reason: string | null;
  ev_departs_at: Date | string | null;
  ev_needed_wh: number | null;
  ev_needed_from_wh: number | null;
  ev_needs_source: string | null;
};

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export async function depotReadiness(
  deps: Deps,
  depotId: number,
  read: { site: DepotSite; tags: VehicleTag[]; open: { row: OpenRow; powerKw: number }[]; chargers: ChargerView[] },
  now: number,
) {
  const [states, visits] = await Promise.all([
    readVehicleStates(deps, depotId),
    expectedVisits(deps.database.db, depotId, now, now + BOARD_HOURS * 3_600_000),
  ]);
  const chargerOf = new Map(read.chargers.map((c) => [c.id, c]));
  const sessions: BoardSession[] = read.open.map(({ row, powerKw }) => {
    const charger = chargerOf.get(row.charge_point_id);
    const connector = charger?.connectors.find((c) => c.id === row.connector_id);
    return {
      id: row.id,
      tag: row.id_tag,
      charger: charger?.name ?? "",
      connectorId: row.connector_id,
      charging: Boolean(charger?.connected) && !CANNOT_CHARGE.has(connector?.status ?? ""),
      startWh: row.meter_start_wh,
      lastWh: row.meter_last_wh,
      socPct: row.soc_pct,
      socAt: Date.parse(toIsoString(row.soc_read_at ?? row.updated_at)),
      shortKwh: row.short_kwh,
      shortReason: row.short_reason,
      powerKw,
      told: {
        by: row.ev_needs_source === "hand" ? "hand" : row.ev_needs_source === null ? null : "vehicle",
        departsAt: row.ev_departs_at === null ? null : Date.parse(toIsoString(row.ev_departs_at)),
        neededWh: row.ev_needed_wh,
        fromWh: row.ev_needed_from_wh,
      },
    };
  });
  const fastestKw = Math.max(
    0,
    ...(read.chargers.some((c) => !c.siteMeter)
      ? read.chargers.filter((c) => !c.siteMeter).map((c) => c.maxKw)
      : (read.site.inputs?.chargers ?? []).map((c) => c.powerKw)),
  );
  const rows = readinessBoard({ now, plan: read.site.inputs, tags: read.tags, states, sessions, visits, fastestKw });
  return {
    rows: rows.map((r) => boardRowView(r)),
    unnamed: unnamedVehicles(read.site.inputs, read.tags),
    // The named vehicles the board can set by hand (any of them, expected tonight or not).
    vehicles: read.tags.map((t) => ({ id: t.id, vehicle: t.vehicle })),
  };
}

function boardRowView(r: ReadinessRow) {
  return {
    ...r,
    backAt: iso(r.backAt),
    soc: r.soc && { ...r.soc, at: new Date(r.soc.at).toISOString() },
    departsAt: iso(r.departsAt),
    plugInBy: iso(r.plugInBy),
  };
}
export type BoardRowView = ReturnType<typeof boardRowView>;
