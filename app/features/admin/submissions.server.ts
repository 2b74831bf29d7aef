import { sql, type ExpressionBuilder } from "kysely";

import { normalizeStatus, type DepotStatusValue } from "~/features/depots";
import { csvField } from "~/lib/csv";
import type { AppDatabase } from "~/lib/db/database.server";
import { containsInsensitive, toIsoString, type Engine } from "~/lib/db/dialect.server";
import type { Database, DepotOrigin } from "~/lib/db/schema";
import type { Runtime } from "~/lib/runtime.server";

import { containsPattern, PAGE_SIZE, type Paged, type SubmissionParams } from "./list-params";

export type SubmissionRow = {
  id: number;
  name: string;
  address: string;
  contactEmail: string | null;
  status: DepotStatusValue;
  submittedAt: string;
  origin: DepotOrigin;
  photos: number;
};

type Filter = Pick<SubmissionParams, "q" | "status">;

/** The depot's survey photos, counted, as a column "photos". */
const photoCount = (eb: ExpressionBuilder<Database, "depots">) =>
  eb
    .selectFrom("survey_photos")
    .select((inner) => inner.fn.countAll<number | string>().as("n"))
    .whereRef("survey_photos.depot_id", "=", "depots.id")
    .as("photos");

function applyFilter(eb: ExpressionBuilder<Database, "depots">, engine: Engine, filter: Filter) {
  const conditions = [];
  if (filter.q) {
    const pattern = containsPattern(filter.q);
    const like = (column: string) => containsInsensitive(engine, column, pattern);
    conditions.push(eb.or([like("depots.depot_name"), like("depots.depot_address"), like("depots.contact_email")]));
  }
  if (filter.status === "pending")
    conditions.push(eb.or([eb("depots.status", "=", "pending"), eb("depots.status", "=", "")]));
  else if (filter.status) conditions.push(eb("depots.status", "=", filter.status));
  return eb.and(conditions);
}

function filtered(database: AppDatabase, filter: Filter) {
  return database.db.selectFrom("depots").where((eb) => applyFilter(eb, database.engine, filter));
}

const sortColumns = { date: "depots.created_at", name: "depots.depot_name", status: "depots.status" } as const;

/** The table's order: the chosen column, then newest first, then id, so pages never overlap. */
function orderSql(params: Pick<SubmissionParams, "sort" | "dir">) {
  const tieDir = params.sort === "date" ? params.dir : "desc";
  return params.sort === "date"
    ? sql`${sql.ref(sortColumns.date)} ${sql.raw(params.dir)}, depots.id ${sql.raw(tieDir)}`
    : sql`${sql.ref(sortColumns[params.sort])} ${sql.raw(params.dir)}, depots.created_at desc, depots.id desc`;
}

/** One page of every depot submission (all users'), searched, filtered and sorted on the server. */
/**
 * One page of every depot submission (all users'), searched, filtered and
 * sorted on the server. Without a search, the count and the page each use an
 * index; a search has to read every row, so it reads them once, counting
 * with a window function alongside the page.
 */
export async function listSubmissions(
  deps: Pick<Runtime, "database">,
  params: SubmissionParams,
): Promise<Paged<SubmissionRow>> {
  // The window count would make the unsearched page read every row, so only a search asks for it.
  const pageQuery = (page: number) =>
    filtered(deps.database, params)
      .select([
        "depots.id",
        "depots.depot_name",
        "depots.depot_address",
        "depots.contact_email",
        "depots.status",
        "depots.created_at",
        "depots.origin",
        photoCount,
      ])
      .select((eb) => (params.q ? eb.fn.countAll<number | string>().over() : eb.lit(0)).as("total"))
      .orderBy(orderSql(params))
      .limit(PAGE_SIZE)
      .offset((page - 1) * PAGE_SIZE)
      .execute();
  const countAll = async () =>
    Number(
      (
        await filtered(deps.database, params)
          .select((eb) => eb.fn.countAll<number | string>().as("count"))
          .executeTakeFirstOrThrow()
      ).count,
    );

  let page = params.page;
  let rows: Awaited<ReturnType<typeof pageQuery>> = [];
  let total: number;
  if (params.q) {
    rows = await pageQuery(page);
    // An empty page past the end: count, then show the last page instead.
    total = rows.length > 0 ? Number(rows[0]!.total) : page > 1 ? await countAll() : 0;
  } else {
    total = await countAll();
  }
  const pageCount = Math.max(1, Math.ceil(total / PAGE_SIZE));
  if (total > 0 && (rows.length === 0 || page > pageCount)) {
    page = Math.min(page, pageCount);
    rows = await pageQuery(page);
  }
  return {
    rows: rows.map((row) => ({
      id: row.id,
      name: row.depot_name,
      address: row.depot_address,
      contactEmail: row.contact_email,
      status: normalizeStatus(row.status),
      submittedAt: toIsoString(row.created_at),
      origin: row.origin,
      photos: Number(row.photos ?? 0),
    })),
    total,
    page: Math.min(page, pageCount),
    pageCount,
    pageSize: PAGE_SIZE,
  };
}

const CSV_COLUMNS = [
  "id",
  "depot_name",
  "depot_address",
  "status",
  "submitted_at",
  "contact_name",
  "contact_email",
  "contact_phone",
  "number_of_vehicles",
  "location_address",
  "latitude",
  "longitude",
  "photos",
  "additional_notes",
  "cable_run_obstacles",
] as const;

/** Every submission that matches the filter (all pages), in the table's order, as CSV. */
export async function exportSubmissionsCsv(
  deps: Pick<Runtime, "database">,
  params: SubmissionParams,
): Promise<{ csv: string; count: number }> {
  const rows = await filtered(deps.database, params)
    .select([
      "depots.id",
      "depots.depot_name",
      "depots.depot_address",
      "depots.status",
      "depots.created_at",
      "depots.contact_name",
      "depots.contact_email",
      "depots.contact_phone",
      "depots.number_of_vehicles",
      "depots.location_address",
      "depots.location_latitude",
      "depots.location_longitude",
      "depots.additional_notes",
      "depots.cable_run_obstacles",
      photoCount,
    ])
    .orderBy(orderSql(params))
    .execute();
  const lines = [CSV_COLUMNS.join(",")];
  for (const row of rows) {
    lines.push(
      [
        row.id,
        row.depot_name,
        row.depot_address,
        normalizeStatus(row.status),
        toIsoString(row.created_at),
        row.contact_name,
        row.contact_email,
        row.contact_phone,
        row.number_of_vehicles,
        row.location_address,
        row.location_latitude,
        row.location_longitude,
        Number(row.photos ?? 0),
        row.additional_notes,
        row.cable_run_obstacles,
      ]
        .map(csvField)
        .join(","),
    );
  }
  return { csv: `\uFEFF${lines.join("\r\n")}\r\n`, count: rows.length };
}
