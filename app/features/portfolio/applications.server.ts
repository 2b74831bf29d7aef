/**
 * Connection applications (issue 33): one per depot, kept by its haulier or
 * the consultancy's admins, with the quote as a PDF. The roadmap reads the
 * quote's energisation date and capacity; the admins' list reads every open
 * application.
 */
import type { Expression, Selectable, SqlBool } from "kysely";

import { findDepot, requireDepot, type DepotViewer } from "~/features/depots/index.server";
import { recordAudit, type Actor } from "~/lib/audit.server";
import type { ConnectionApplicationTable } from "~/lib/db/schema-roadmap";
import { removeUnreferencedFiles } from "~/lib/orphan-files.server";
import type { Runtime } from "~/lib/runtime.server";
import { UserError } from "~/lib/user-error";

import { MAX_QUOTE_MB, STAGE_LABELS, type ApplicationInput, type ApplicationStage } from "./application-input";

type Deps = Pick<Runtime, "database">;

export type Application = ApplicationInput & {
  depotId: number;
  quoteFileName: string | null;
  updatedAt: string;
};

type Row = Selectable<ConnectionApplicationTable>;

function toApplication(row: Row): Application {
  return {
    depotId: row.depot_id,
    stage: row.stage as ApplicationStage,
    requestedKva: row.requested_kva,
    budgetRequestedOn: row.budget_requested_on,
    quoteReceivedOn: row.quote_received_on,
    quotePounds: row.quote_pounds,
    quoteKva: row.quote_kva,
    energisationOn: row.energisation_on,
    acceptedOn: row.accepted_on,
    worksOn: row.works_on,
    energisedOn: row.energised_on,
    notes: row.notes,
    quoteFileName: row.quote_file_name,
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

/** The applications of one company's depots (those its viewer reaches; or of every depot, for the admins), by depot. */
export async function readApplications(
  deps: Deps,
  whose: { companyId: number; depots?: Expression<SqlBool> } | { all: true },
): Promise<Map<number, Application>> {
  let query = deps.database.db
    .selectFrom("connection_applications")
    .innerJoin("depots", "depots.id", "connection_applications.depot_id")
    .selectAll("connection_applications");
  if ("companyId" in whose) query = query.where("depots.company_id", "=", whose.companyId);
  if ("depots" in whose && whose.depots) query = query.where(whose.depots);
  const rows = await query.execute();
  return new Map(rows.map((row) => [row.depot_id, toApplication(row)]));
}

/** Who changes an application: a member of the depot's company or an admin (the policy's "application.change"). */
const actorOf = (viewer: DepotViewer): Actor => ({ id: viewer.id, email: viewer.email ?? viewer.id });

export async function saveApplication(
  deps: Deps,
  viewer: DepotViewer,
  depotId: number,
  input: ApplicationInput,
): Promise<void> {
  const actor = actorOf(viewer);
  await deps.database.db.transaction().execute(async (trx) => {
    const depot = await requireDepot(trx, viewer, depotId, "application.change", {
      detail: STAGE_LABELS[input.stage],
    });
    const now = new Date().toISOString();
    const values = {
      stage: input.stage,
      requested_kva: input.requestedKva,
      budget_requested_on: input.budgetRequestedOn,
      quote_received_on: input.quoteReceivedOn,
      quote_pounds: input.quotePounds,
      quote_kva: input.quoteKva,
      energisation_on: input.energisationOn,
      accepted_on: input.acceptedOn,
      works_on: input.worksOn,
      energised_on: input.energisedOn,
      notes: input.notes,
      updated_by: actor.email,
      updated_at: now,
    };
    await trx
      .insertInto("connection_applications")
      .values({ depot_id: depotId, ...values })
      .onConflict((oc) => oc.column("depot_id").doUpdateSet(values))
      .execute();
    await recordAudit(trx, {
      actor,
      action: "connection.updated",
      target: { type: "depot", id: depotId, label: depot.name },
      details: { stage: STAGE_LABELS[input.stage], energisation: input.energisationOn, quotePounds: input.quotePounds },
    });
  });
}

const looksLikePdf = (bytes: Uint8Array) =>
  bytes.length > 5 && new TextDecoder().decode(bytes.subarray(0, 5)) === "%PDF-";

/**
 * Keeps the quote's PDF with the application: the file is written first, the
 * row then points at it, and the file it replaces is removed last, so a
 * failure midway leaves the old quote in place and no row pointing nowhere.
 */
export async function saveQuoteFile(
  deps: Pick<Runtime, "database" | "storage">,
  viewer: DepotViewer,
  depotId: number,
  file: { name: string; bytes: Uint8Array },
): Promise<void> {
  const actor = actorOf(viewer);
  if (file.bytes.length === 0) throw new UserError("Choose the quote's PDF to upload.");
  if (file.bytes.length > MAX_QUOTE_MB * 1024 * 1024)
    throw new UserError(`The quote is too large: the limit is ${MAX_QUOTE_MB} MB.`, { status: 413 });
  if (!looksLikePdf(file.bytes)) throw new UserError("The quote must be a PDF.");
  const depot = await requireDepot(deps.database.db, viewer, depotId, "application.change", { detail: "quote added" });
  const key = `connection-quotes/${depotId}/${crypto.randomUUID()}.pdf`;
  await deps.storage.put(key, file.bytes);
  const name = file.name.replace(/[^\w .()-]/g, "_").slice(0, 120) || "quote.pdf";
  let previous: string | null = null;
  try {
    await deps.database.db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom("connection_applications")
        .select("quote_file_key")
        .where("depot_id", "=", depotId)
        .executeTakeFirst();
      if (!row) throw new UserError("Save the application before adding its quote.");
      previous = row.quote_file_key;
      await trx
        .updateTable("connection_applications")
        .set({
          quote_file_key: key,
          quote_file_name: name,
          updated_by: actor.email,
          updated_at: new Date().toISOString(),
        })
        .where("depot_id", "=", depotId)
        .execute();
      await recordAudit(trx, {
        actor,
        action: "connection.quote_added",
        target: { type: "depot", id: depotId, label: depot.name },
        details: { file: name, bytes: file.bytes.length },
      });
    });
  } catch (error) {
    await deps.storage.remove(key);
    throw error;
  }
  if (previous) await deps.storage.remove(previous);
}

/** The quote's PDF, for its company or an admin. */
export async function readQuoteFile(deps: Pick<Runtime, "database" | "storage">, user: DepotViewer, depotId: number) {
  const depot = await findDepot(deps.database.db, user, depotId, "depot.files");
  if (!depot) return null;
  const row = await deps.database.db
    .selectFrom("connection_applications")
    .select(["quote_file_key", "quote_file_name"])
    .where("depot_id", "=", depotId)
    .executeTakeFirst();
  if (!row?.quote_file_key) return null;
  const file = await deps.storage.read(row.quote_file_key);
  return file && { ...file, name: row.quote_file_name ?? "quote.pdf" };
}

/** Quote files no application refers to (its depot deleted, or a server stopped between the file and its row): removed at start. */
export async function removeOrphanQuotes(
  deps: Pick<Runtime, "database" | "storage">,
  now = Date.now(),
  writtenBefore = Infinity,
) {
  const rows = await deps.database.db
    .selectFrom("connection_applications")
    .select("quote_file_key")
    .where("quote_file_key", "is not", null)
    .execute();
  return removeUnreferencedFiles(
    deps,
    "connection-quotes/",
    new Set(rows.map((row) => row.quote_file_key!)),
    now,
    writtenBefore,
  );
}
