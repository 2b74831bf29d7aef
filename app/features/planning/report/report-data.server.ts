import { buffer } from "node:stream/consumers";

import { getCompanyValues } from "~/features/company/index.server";
import { normalizeStatus } from "~/features/depots";
import { findDepot, photosOfDepot } from "~/features/depots/index.server";
import type { Placed } from "~/features/designer";
import { getDesign } from "~/features/designer/index.server";
import { capacityFor, loadSubstationIndex, type DepotCapacity } from "~/features/grid/index.server";
import type { Runtime } from "~/lib/runtime.server";

import type { PlanRequest } from "../plan-input";
import { getPlan } from "../plan-store.server";
import type { PlanSummary } from "../plan-summary";

/** Photos put in the report (thumbnails), the first ones taken. */
export const REPORT_PHOTOS = 12;

export type ReportData = {
  generatedAt: Date;
  company: { name: string; contactName: string; contactEmail: string; contactPhone: string } | null;
  depot: {
    name: string;
    address: string;
    vehicles: number | null;
    status: string;
    latitude: number | null;
    longitude: number | null;
    notes: string;
    submittedAt: string;
  };
  photos: { data: Buffer; imageType: string }[];
  photoCount: number;
  design: Placed[];
  capacity: DepotCapacity;
  inputs: PlanRequest;
  results: PlanSummary;
  /** A month of the depot's metered charging (Box Charge's statement), when its chargers have run; the route adds it. */
  charging: ChargingMonth | null;
};

/** Amounts in whole pence (lib/money). */
type Figures = { sessions: number; kwh: number; pence: number; km: number; dieselPence: number };

/** A month of charging at the depot as Box Charge metered and priced it, against the plan's month and diesel. */
export type ChargingMonth = {
  /** yyyy-MM, UK months. */
  month: string;
  vehicles: (Figures & { tag: string })[];
  total: Figures;
  plan: { kwh: number; pence: number; strategy: string } | null;
  tariff: string;
};

/**
 * Everything the report shows, for one of the user's own depots with a
 * computed plan; null when the depot is not theirs or has no results yet.
 */
export async function getReportData(
  deps: Pick<Runtime, "database" | "storage">,
  user: { id: string; email: string },
  depotId: number,
): Promise<ReportData | null> {
  if (!(await findDepot(deps.database.db, user, depotId))) return null;
  const depot = await deps.database.db
    .selectFrom("depots")
    .select([
      "depot_name",
      "depot_address",
      "number_of_vehicles",
      "status",
      "location_latitude",
      "location_longitude",
      "additional_notes",
      "created_at",
    ])
    .where("id", "=", depotId)
    .executeTakeFirst();
  if (!depot) return null;
  const plan = await getPlan(deps, user, depotId);
  if (!plan?.results || !plan.inputs) return null;
  const [company, design, index, photoRows] = await Promise.all([
    getCompanyValues(deps, user),
    getDesign(deps, user, depotId),
    loadSubstationIndex(deps),
    photosOfDepot(deps.database.db, depotId),
  ]);
  const photos: ReportData["photos"] = [];
  for (const row of photoRows.slice(0, REPORT_PHOTOS)) {
    const file = await deps.storage.read(row.thumbnail_key);
    if (file) photos.push({ data: await buffer(file.stream), imageType: row.image_type });
  }
  const position = { latitude: depot.location_latitude, longitude: depot.location_longitude };
  return {
    generatedAt: new Date(),
    company: company.saved
      ? {
          name: company.values.companyName,
          contactName: company.values.contactName,
          contactEmail: company.values.contactEmail,
          contactPhone: company.values.contactPhone,
        }
      : null,
    depot: {
      name: depot.depot_name,
      address: depot.depot_address,
      vehicles: depot.number_of_vehicles,
      status: normalizeStatus(depot.status),
      latitude: position.latitude,
      longitude: position.longitude,
      notes: depot.additional_notes ?? "",
      submittedAt: depot.created_at instanceof Date ? depot.created_at.toISOString() : String(depot.created_at),
    },
    photos,
    photoCount: photoRows.length,
    design: design ?? [],
    capacity: capacityFor(index, position),
    inputs: plan.inputs,
    results: plan.results,
    charging: null,
  };
}
