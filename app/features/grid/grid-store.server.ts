import { recordAudit, type Actor } from "~/lib/audit.server";
import { toIsoString } from "~/lib/db/dialect.server";
import type { Runtime } from "~/lib/runtime.server";

import { availablePercent, capacityBand, type CapacityBand } from "./capacity";
import { gridImportError, type ImportReport } from "./importers";
import { createNearestIndex } from "./nearest";
import { OPERATORS, type Operator } from "./operators";
import { parseGridFileInBackground } from "./parse-grid-file.server";

/** A depot further than this from every imported substation has no capacity data. */
export const MAX_SUBSTATION_KM = 25;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** When the figures were current: given, or a YYYY-MM-DD in the file name, or today. */
export function dataDateFor(fileName: string, given?: string): string {
  if (given) {
    if (!ISO_DATE.test(given) || Number.isNaN(Date.parse(given)))
      throw gridImportError("The data date must be a date like 2023-02-28");
    return given;
  }
  return fileName.match(/(\d{4}-\d{2}-\d{2})/)?.[1] ?? new Date().toISOString().slice(0, 10);
}

/**
 * Reads one operator's published file and replaces that operator's previous
 * import in one transaction: the old rows stay until the new ones are in.
 * A file with no usable substation changes nothing.
 */
/** A file with under half the substations of the import it replaces (and at least 20 fewer) is likely a broken or partial file. */
export function wouldDropMost(current: number, incoming: number): boolean {
  return incoming < current / 2 && current - incoming >= 20;
}

/** The code of the refusal when the file would replace most of an operator's substations: the admin must confirm it. */
export const REPLACES_MOST = "replaces-most";

function replacesMostError(current: number, incoming: number) {
  return gridImportError(
    `This file has ${incoming.toLocaleString("en-GB")} substation${incoming === 1 ? "" : "s"}; the import it would replace has ${current.toLocaleString("en-GB")}. ` +
      `Importing it would remove ${(current - incoming).toLocaleString("en-GB")}, so nothing was changed. If that is right, import it again with "Replace even though most substations would go" ticked.`,
    { status: 409, code: REPLACES_MOST },
  );
}

export async function importGridFile(
  deps: Pick<Runtime, "database">,
  input: { operator: Operator; fileName: string; text: string; dataDate?: string; actor: Actor; replaceMost?: boolean },
): Promise<{ importId: number; report: ImportReport; dataDate: string }> {
  const dataDate = dataDateFor(input.fileName, input.dataDate);
  const { records, report } = await parseGridFileInBackground(input.operator, input.text);
  if (records.length === 0)
    throw gridImportError(`No substations with a position were found in ${input.fileName}; nothing was changed`);
  const operator = OPERATORS[input.operator];
  const current = await deps.database.db
    .selectFrom("substations")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .where("operator", "=", input.operator)
    .executeTakeFirst();
  const currentCount = Number(current?.count ?? 0);
  if (!input.replaceMost && wouldDropMost(currentCount, records.length))
    throw replacesMostError(currentCount, records.length);
  const importId = await deps.database.db.transaction().execute(async (trx) => {
    await trx.deleteFrom("substations").where("operator", "=", input.operator).execute();
    await trx.deleteFrom("grid_imports").where("operator", "=", input.operator).execute();
    const { id } = await trx
      .insertInto("grid_imports")
      .values({
        operator: input.operator,
        file_name: input.fileName.slice(0, 255),
        data_date: dataDate,
        source: operator.source,
        licence: operator.licence,
        attribution: operator.attribution,
        report: JSON.stringify(report),
        imported_by: input.actor.email,
        imported_at: new Date().toISOString(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    for (let start = 0; start < records.length; start += 500) {
      await trx
        .insertInto("substations")
        .values(
          records.slice(start, start + 500).map((record) => ({
            import_id: id,
            operator: input.operator,
            source_ref: record.sourceRef,
            name: record.name,
            site_type: record.siteType,
            voltage: record.voltage,
            latitude: record.latitude,
            longitude: record.longitude,
            firm_capacity_mva: record.firmCapacityMva,
            peak_demand_mva: record.peakDemandMva,
            headroom_mva: record.headroomMva,
            rag: record.rag,
          })),
        )
        .execute();
    }
    await recordAudit(trx, {
      actor: input.actor,
      action: "grid.imported",
      target: { type: "grid", id, label: operator.name },
      details: {
        fileName: input.fileName.slice(0, 255),
        dataDate,
        accepted: report.accepted,
        withFigures: report.withFigures,
      },
    });
    return id;
  });
  return { importId, report, dataDate };
}

export type GridImportSummary = {
  id: number;
  operator: Operator;
  operatorName: string;
  fileName: string;
  dataDate: string;
  attribution: string;
  licence: string;
  importedBy: string;
  importedAt: string;
  report: ImportReport;
};

export async function listGridImports(deps: Pick<Runtime, "database">): Promise<GridImportSummary[]> {
  const rows = await deps.database.db.selectFrom("grid_imports").selectAll().orderBy("operator").execute();
  return rows.map((row) => ({
    id: row.id,
    operator: row.operator as Operator,
    operatorName: OPERATORS[row.operator as Operator]?.name ?? row.operator,
    fileName: row.file_name,
    dataDate: row.data_date,
    attribution: row.attribution,
    licence: row.licence,
    importedBy: row.imported_by,
    importedAt: toIsoString(row.imported_at),
    report: JSON.parse(row.report) as ImportReport,
  }));
}

export type Substation = {
  id: number;
  operator: Operator;
  name: string;
  voltage: string | null;
  latitude: number;
  longitude: number;
  firmCapacityMva: number | null;
  headroomMva: number | null;
  rag: string | null;
  dataDate: string;
};

type SubstationIndex = ReturnType<typeof createNearestIndex<Substation>> & { substations: Substation[] };

/** Per database (tests open several in one process). */
const cache = new WeakMap<object, { version: string; index: SubstationIndex }>();

/**
 * Every imported substation in a nearest-point index, rebuilt only when the
 * imports change (checked with one small query, so several instances stay current).
 */
export async function loadSubstationIndex(deps: Pick<Runtime, "database">): Promise<SubstationIndex> {
  const imports = await deps.database.db.selectFrom("grid_imports").select(["id", "data_date"]).orderBy("id").execute();
  const version = imports.map((row) => row.id).join(",");
  const cached = cache.get(deps.database);
  if (cached?.version === version) return cached.index;
  const dates = new Map(imports.map((row) => [row.id, row.data_date]));
  const rows = await deps.database.db
    .selectFrom("substations")
    .select([
      "id",
      "import_id",
      "operator",
      "name",
      "voltage",
      "latitude",
      "longitude",
      "firm_capacity_mva",
      "headroom_mva",
      "rag",
    ])
    .execute();
  const substations = rows.map((row) => ({
    id: row.id,
    operator: row.operator as Operator,
    name: row.name,
    voltage: row.voltage,
    latitude: Number(row.latitude),
    longitude: Number(row.longitude),
    firmCapacityMva: row.firm_capacity_mva === null ? null : Number(row.firm_capacity_mva),
    headroomMva: row.headroom_mva === null ? null : Number(row.headroom_mva),
    rag: row.rag,
    dataDate: dates.get(row.import_id) ?? "",
  }));
  const index = { ...createNearestIndex(substations), substations };
  cache.set(deps.database, { version, index });
  return index;
}

export type DepotCapacity =
  | { status: "no-position" }
  | { status: "no-substation"; withinKm: number }
  | {
      status: "no-figures" | "ok";
      substation: {
        name: string;
        voltage: string | null;
        operator: Operator;
        operatorName: string;
        latitude: number;
        longitude: number;
        dataDate: string;
      };
      distanceKm: number;
      firmCapacityMva: number | null;
      headroomMva: number | null;
      availablePercent: number | null;
      band: CapacityBand | null;
    };

/** What the energy map says about a depot: its nearest substation and that substation's headroom, all from imported data. */
export function capacityFor(
  index: SubstationIndex,
  position: { latitude: number | null; longitude: number | null },
): DepotCapacity {
  if (position.latitude === null || position.longitude === null) return { status: "no-position" };
  const found = index.nearest(position.latitude, position.longitude, MAX_SUBSTATION_KM);
  if (!found) return { status: "no-substation", withinKm: MAX_SUBSTATION_KM };
  const substation = found.point;
  const percent = availablePercent(substation.headroomMva, substation.firmCapacityMva);
  return {
    status: percent === null ? "no-figures" : "ok",
    substation: {
      name: substation.name,
      voltage: substation.voltage,
      operator: substation.operator,
      operatorName: OPERATORS[substation.operator]?.name ?? substation.operator,
      latitude: substation.latitude,
      longitude: substation.longitude,
      dataDate: substation.dataDate,
    },
    distanceKm: Math.round(found.km * 100) / 100,
    firmCapacityMva: substation.firmCapacityMva,
    headroomMva: substation.headroomMva,
    availablePercent: percent,
    band: percent === null ? null : capacityBand(percent),
  };
}
