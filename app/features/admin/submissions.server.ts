import { sql, type ExpressionBuilder } from "kysely";

import { normalizeStatus, statusLabel, type DepotStatusValue } from "~/features/depots/depot-status";
import { recordAudit, type Actor } from "~/lib/audit.server";
import { csvField } from "~/lib/csv";
import type { AppDatabase } from "~/lib/db/database.server";
import { containsInsensitive, toIsoString, type Engine } from "~/lib/db/dialect.server";
import type { Database, DepotOrigin } from "~/lib/db/schema";
import { deliverMail, enqueueMail } from "~/lib/mail/outbox.server";
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

export type StatusHistoryEntry = {
  id: number;
  from: DepotStatusValue;
  to: DepotStatusValue;
  note: string | null;
  actorEmail: string;
  at: string;
};

export type SubmissionDetail = {
  id: number;
  name: string;
  address: string;
  status: DepotStatusValue;
  submittedAt: string;
  vehicles: number | null;
  notes: string | null;
  cableRunObstacles: string | null;
  locationAddress: string | null;
  latitude: number | null;
  longitude: number | null;
  contact: { name: string | null; email: string | null; phone: string | null; organization: string | null };
  submitterEmail: string | null;
  adminNotes: string;
  photos: { id: number; imageType: string; width: number; height: number }[];
  history: StatusHistoryEntry[];
};

/** Everything the admin review page shows about one depot, or null. */
export async function getSubmissionDetail(
  deps: Pick<Runtime, "database">,
  depotId: number,
): Promise<SubmissionDetail | null> {
  if (!Number.isSafeInteger(depotId) || depotId <= 0) return null;
  const { db } = deps.database;
  const row = await db
    .selectFrom("depots")
    .leftJoin("user", "user.id", "depots.user_id")
    .leftJoin("profiles", "profiles.id", "depots.user_id")
    .select([
      "profiles.name as submitter_name",
      "profiles.organization as submitter_organization",
      "profiles.phone as submitter_phone",
      "depots.id",
      "depots.depot_name",
      "depots.depot_address",
      "depots.status",
      "depots.created_at",
      "depots.number_of_vehicles",
      "depots.additional_notes",
      "depots.cable_run_obstacles",
      "depots.location_address",
      "depots.location_latitude",
      "depots.location_longitude",
      "depots.contact_name",
      "depots.contact_email",
      "depots.contact_phone",
      "depots.admin_notes",
      "user.email as submitter_email",
    ])
    .where("depots.id", "=", depotId)
    .executeTakeFirst();
  if (!row) return null;
  const [photos, history] = await Promise.all([
    db
      .selectFrom("survey_photos")
      .select(["id", "image_type", "width", "height"])
      .where("depot_id", "=", depotId)
      .orderBy("id")
      .execute(),
    db.selectFrom("depot_status_history").selectAll().where("depot_id", "=", depotId).orderBy("id", "desc").execute(),
  ]);
  return {
    id: row.id,
    name: row.depot_name,
    address: row.depot_address,
    status: normalizeStatus(row.status),
    submittedAt: toIsoString(row.created_at),
    vehicles: row.number_of_vehicles,
    notes: row.additional_notes,
    cableRunObstacles: row.cable_run_obstacles,
    locationAddress: row.location_address,
    latitude: row.location_latitude,
    longitude: row.location_longitude,
    // A survey fills the contact's name with the e-mail (as the specification's form did): the submitter's profile knows better.
    contact: {
      name: row.contact_name && row.contact_name !== row.contact_email ? row.contact_name : row.submitter_name,
      email: row.contact_email,
      phone: row.contact_phone || row.submitter_phone,
      organization: row.submitter_organization,
    },
    submitterEmail: row.submitter_email,
    adminNotes: row.admin_notes ?? "",
    photos: photos.map((photo) => ({
      id: photo.id,
      imageType: photo.image_type,
      width: photo.width,
      height: photo.height,
    })),
    history: history.map((entry) => ({
      id: entry.id,
      from: normalizeStatus(entry.from_status),
      to: normalizeStatus(entry.to_status),
      note: entry.note,
      actorEmail: entry.actor_email,
      at: toIsoString(entry.created_at),
    })),
  };
}

export type ReviewResult =
  | { outcome: "not-found" }
  | { outcome: "unchanged" }
  | {
      outcome: "updated";
      statusChanged: boolean;
      notesChanged: boolean;
      status: DepotStatusValue;
      notified: "sent" | "queued" | "off" | "no-change";
    };

/**
 * Sets a depot's status and/or the admin notes. The change, its history entry,
 * the audit record and the submitter's e-mail (queued in the outbox) are one
 * transaction: all of them happen or none does. `notes` undefined leaves the notes alone.
 */
export async function reviewDepot(
  deps: Pick<Runtime, "database" | "env" | "log">,
  input: { depotId: number; status: DepotStatusValue; notes?: string; actor: Actor },
): Promise<ReviewResult> {
  if (!Number.isSafeInteger(input.depotId) || input.depotId <= 0) return { outcome: "not-found" };
  const result = await deps.database.db.transaction().execute(async (trx) => {
    const depot = await trx
      .selectFrom("depots")
      .leftJoin("user", "user.id", "depots.user_id")
      .select([
        "depots.id",
        "depots.depot_name",
        "depots.status",
        "depots.admin_notes",
        "user.email as submitter_email",
      ])
      .where("depots.id", "=", input.depotId)
      .executeTakeFirst();
    if (!depot) return { outcome: "not-found" } as const;
    const from = normalizeStatus(depot.status);
    const notes = input.notes === undefined ? (depot.admin_notes ?? "") : input.notes;
    const statusChanged = from !== input.status;
    const notesChanged = notes !== (depot.admin_notes ?? "");
    if (!statusChanged && !notesChanged) return { outcome: "unchanged" } as const;

    await trx
      .updateTable("depots")
      .set({ status: input.status, admin_notes: notes === "" ? null : notes })
      .where("id", "=", depot.id)
      .execute();
    await trx
      .insertInto("depot_status_history")
      .values({
        depot_id: depot.id,
        from_status: from,
        to_status: input.status,
        note: notesChanged && notes !== "" ? notes : null,
        actor_id: input.actor.id,
        actor_email: input.actor.email,
        created_at: new Date().toISOString(),
      })
      .execute();
    const target = { type: "depot", id: depot.id, label: depot.depot_name } as const;
    if (statusChanged) {
      await recordAudit(trx, {
        actor: input.actor,
        action: "depot.status_changed",
        target,
        details: { from, to: input.status },
      });
    }
    if (notesChanged) {
      await recordAudit(trx, {
        actor: input.actor,
        action: "depot.notes_updated",
        target,
        details: { notes: notes.slice(0, 500) },
      });
    }
    let mailId: number | null = null;
    if (statusChanged && deps.env.NOTIFY_ON_STATUS_CHANGE && depot.submitter_email) {
      mailId = await enqueueMail(
        trx,
        statusChangeMail(
          deps.env.APP_URL,
          { id: depot.id, name: depot.depot_name, email: depot.submitter_email },
          input.status,
        ),
      );
    }
    return { outcome: "updated", statusChanged, notesChanged, status: input.status, mailId } as const;
  });
  if (result.outcome !== "updated") return result;
  const { mailId, ...rest } = result;
  let notified: "sent" | "queued" | "off" | "no-change" = rest.statusChanged ? "off" : "no-change";
  if (mailId !== null) notified = (await deliverMail(deps, mailId)) ? "sent" : "queued";
  return { ...rest, notified };
}

const statusSentence: Record<DepotStatusValue, string> = {
  pending: "It is waiting for review.",
  reviewing: "Our team is reviewing it now.",
  approved: "It has been approved. We will be in touch about the next steps.",
  rejected:
    "We are unable to take it forward as submitted. We will contact you to explain why and what could change that.",
};

export function statusChangeMail(
  appUrl: string,
  depot: { id: number; name: string; email: string },
  status: DepotStatusValue,
) {
  return {
    to: depot.email,
    subject: `Your depot survey "${depot.name}" is now ${statusLabel(status)}`,
    text: `Hello,\n\nThe status of your depot survey "${depot.name}" is now: ${statusLabel(status)}.\n${statusSentence[status]}\n\nSee the survey here: ${appUrl}/depots/${depot.id}\n\nElectrify`,
  };
}
