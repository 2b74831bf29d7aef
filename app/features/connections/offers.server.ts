/**
 * A depot's connection offers (issue 60, item 1): kept by its haulier or the consultancy's admins beside the
 * connection application, which tracks the one chosen. Each keeps what it means for the depot's plan once worked
 * out (the outlook, written by the planning feature's worker run).
 */
import type { Selectable } from "kysely";
import { z } from "zod";

import { findDepot, requireDepot, type DepotViewer } from "~/features/depots/index.server";
import { recordAudit, type Actor } from "~/lib/audit.server";
import { toBoolean } from "~/lib/db/dialect.server";
import type { ConnectionOfferTable } from "~/lib/db/schema-connections";
import type { Runtime } from "~/lib/runtime.server";
import { UserError } from "~/lib/user-error";

import type { OfferDetails } from "./offer-input";
import { MAX_OFFERS, OFFER_KIND_LABELS, offerShapeSchema, type OfferKind, type OfferShape } from "./offer-shape";
import { outlookSchema, type OfferOutlook } from "./outlook-schema";

type Deps = Pick<Runtime, "database">;

export type Offer = OfferDetails & {
  id: number;
  depotId: number;
  chosen: boolean;
  shape: OfferShape;
  outlook: {
    status: "running" | "done" | "failed";
    result: OfferOutlook | null;
    error: string | null;
    planAt: string | null;
  } | null;
};

function offerOf(row: Selectable<ConnectionOfferTable>): Offer | null {
  // Stored JSON is read through its schema: a row that no longer fits is left out (and can be removed and added again).
  const shape = offerShapeSchema.safeParse(JSON.parse(row.shape));
  if (!shape.success) return null;
  const outlook = row.outlook ? outlookSchema.safeParse(JSON.parse(row.outlook)) : null;
  return {
    id: row.id,
    depotId: row.depot_id,
    name: row.name,
    operator: row.operator,
    kind: row.kind as OfferKind,
    costPounds: row.cost_pounds,
    energiseOn: row.energise_on,
    chosen: toBoolean(row.chosen),
    shape: shape.data,
    outlook: row.outlook_status
      ? {
          status: row.outlook_status as "running" | "done" | "failed",
          result: outlook?.success ? outlook.data : null,
          error: row.outlook_error,
          planAt: row.outlook_plan_at,
        }
      : null,
  };
}

/** The offers of several depots the caller has already checked the viewer may see (a company's roadmap), by depot. */
export async function readOffers(deps: Deps, depotIds: readonly number[]): Promise<Map<number, Offer[]>> {
  if (depotIds.length === 0) return new Map();
  const rows = await deps.database.db
    .selectFrom("connection_offers")
    .selectAll()
    .where("depot_id", "in", [...depotIds])
    .orderBy("id")
    .execute();
  const byDepot = new Map<number, Offer[]>();
  for (const row of rows) {
    const offer = offerOf(row);
    if (offer) byDepot.set(row.depot_id, [...(byDepot.get(row.depot_id) ?? []), offer]);
  }
  return byDepot;
}

/** One depot's offers, for a viewer who may read its connection application (else none). */
export async function listOffers(deps: Deps, viewer: DepotViewer, depotId: number): Promise<Offer[]> {
  if (!(await findDepot(deps.database.db, viewer, depotId, "application.read"))) return [];
  return (await readOffers(deps, [depotId])).get(depotId) ?? [];
}

const actorOf = (viewer: DepotViewer): Actor => ({ id: viewer.id, email: viewer.email ?? viewer.id });

export async function addOffer(
  deps: Deps,
  viewer: DepotViewer,
  depotId: number,
  details: OfferDetails,
  shape: OfferShape,
) {
  await deps.database.db.transaction().execute(async (trx) => {
    const depot = await requireDepot(trx, viewer, depotId, "application.change", { detail: "offer added" });
    const held = await trx
      .selectFrom("connection_offers")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("depot_id", "=", depotId)
      .executeTakeFirstOrThrow();
    if (Number(held.n) >= MAX_OFFERS)
      throw new UserError(`A depot holds at most ${MAX_OFFERS} offers: remove one first.`);
    const now = new Date().toISOString();
    await trx
      .insertInto("connection_offers")
      .values({
        depot_id: depotId,
        name: details.name,
        operator: details.operator,
        kind: details.kind,
        cost_pounds: details.costPounds,
        energise_on: details.energiseOn,
        shape: JSON.stringify(shape),
        chosen: Number(held.n) === 0,
        updated_by: actorOf(viewer).email,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await recordAudit(trx, {
      actor: actorOf(viewer),
      action: "connection.offer_added",
      target: { type: "depot", id: depotId, label: depot.name },
      details: {
        offer: details.name,
        kind: OFFER_KIND_LABELS[details.kind],
        pounds: details.costPounds,
        energise: details.energiseOn,
      },
    });
  });
}

const offerIdSchema = z.coerce.number({ error: "Choose an offer" }).int().positive("Choose an offer");

/** The offer `id` of the depot: an id that is not one is refused (400); another depot's offer is not found (404), whoever asks. */
async function offerRow(db: Runtime["database"]["db"], depotId: number, id: unknown) {
  const parsed = offerIdSchema.safeParse(id);
  if (!parsed.success) throw new UserError("Choose an offer.");
  const row = await db
    .selectFrom("connection_offers")
    .selectAll()
    .where("id", "=", parsed.data)
    .where("depot_id", "=", depotId)
    .executeTakeFirst();
  if (!row) throw new UserError("That offer is no longer there.", { status: 404 });
  return row;
}

export async function removeOffer(deps: Deps, viewer: DepotViewer, depotId: number, id: unknown) {
  await deps.database.db.transaction().execute(async (trx) => {
    const depot = await requireDepot(trx, viewer, depotId, "application.change", { detail: "offer removed" });
    const row = await offerRow(trx, depotId, id);
    await trx.deleteFrom("connection_offers").where("id", "=", row.id).execute();
    await recordAudit(trx, {
      actor: actorOf(viewer),
      action: "connection.offer_removed",
      target: { type: "depot", id: depotId, label: depot.name },
      details: { offer: row.name },
    });
  });
}

/** The offer the connection application tracks (and the roadmap and live control follow): one per depot. */
export async function chooseOffer(deps: Deps, viewer: DepotViewer, depotId: number, id: unknown) {
  await deps.database.db.transaction().execute(async (trx) => {
    const depot = await requireDepot(trx, viewer, depotId, "application.change", { detail: "offer chosen" });
    const row = await offerRow(trx, depotId, id);
    await trx.updateTable("connection_offers").set({ chosen: false }).where("depot_id", "=", depotId).execute();
    await trx
      .updateTable("connection_offers")
      .set({ chosen: true, updated_at: new Date().toISOString() })
      .where("id", "=", row.id)
      .execute();
    await recordAudit(trx, {
      actor: actorOf(viewer),
      action: "connection.offer_chosen",
      target: { type: "depot", id: depotId, label: depot.name },
      details: { offer: row.name },
    });
  });
}

/** The offer's shape for a worker run, after the caller's access check; marks its outlook as being worked out from the plan run of `planAt`. */
export async function startOutlook(
  deps: Deps,
  depotId: number,
  id: unknown,
  planAt: string,
): Promise<{ id: number; shape: OfferShape }> {
  const row = await offerRow(deps.database.db, depotId, id);
  const offer = offerOf(row);
  if (!offer) throw new UserError("This offer was saved by an older version: remove it and add it again.");
  await deps.database.db
    .updateTable("connection_offers")
    .set({ outlook_status: "running", outlook_error: null, outlook_plan_at: planAt })
    .where("id", "=", row.id)
    .execute();
  return { id: row.id, shape: offer.shape };
}

/** The worker's outcome, kept only if the offer is still there and still waiting for this run. */
export async function finishOutlook(
  deps: Deps,
  id: number,
  planAt: string,
  outcome: { outlook: OfferOutlook } | { error: string },
) {
  await deps.database.db
    .updateTable("connection_offers")
    .set(
      "outlook" in outcome
        ? { outlook_status: "done", outlook: JSON.stringify(outcome.outlook), outlook_error: null }
        : { outlook_status: "failed", outlook_error: outcome.error },
    )
    .where("id", "=", id)
    .where("outlook_plan_at", "=", planAt)
    .execute();
}

/**
 * The connection in force at a depot (live control): the offer its application tracks, from the day it can be
 * energised (UK date `today`), or null (the plan's connection holds).
 */
export async function connectionInForce(
  deps: Deps,
  depotId: number,
  today: string,
): Promise<{ name: string; shape: OfferShape } | null> {
  const row = await deps.database.db
    .selectFrom("connection_offers")
    .selectAll()
    .where("depot_id", "=", depotId)
    .where("chosen", "=", true)
    .where("energise_on", "<=", today)
    .executeTakeFirst();
  const offer = row ? offerOf(row) : null;
  return offer && { name: offer.name, shape: offer.shape };
}
