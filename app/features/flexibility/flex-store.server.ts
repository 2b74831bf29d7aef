/**
 * A depot's flexibility requests (issue 60, item 4), the one door to `flex_requests`: received by hand on the network
 * page or from the linked VTN, answered (flex-answering.server.ts), cancelled, listed, and measured once their window
 * has passed (flex-delivery.server.ts).
 */
import type { Selectable } from "kysely";

import { releaseFlexHold } from "~/features/connections/index.server";
import { requireDepot, type DepotViewer } from "~/features/depots/index.server";
import { recordAudit } from "~/lib/audit.server";
import { toIsoString } from "~/lib/db/dialect.server";
import type { FlexRequestTable } from "~/lib/db/schema-connections";
import type { Runtime } from "~/lib/runtime.server";
import { UserError } from "~/lib/user-error";

import { answerRequest, checkedAgainstSite } from "./flex-answering.server";
import type { FlexRequest } from "./flex-input";
import { deliverySchema, storedAnswerSchema, type FlexStatus, type FlexView } from "./flex-view";

type Deps = Pick<Runtime, "database" | "log">;
/** The requests a depot's page lists: the latest this many. */
const LISTED = 20;
/** A depot holds at most this many requests still to come (a flood from a VTN or a hand is refused beyond it). */
export const MAX_TO_COME = 20;
const iso = (ms: number) => new Date(ms).toISOString();

function json<T>(text: string | null, schema: { safeParse: (v: unknown) => { success: boolean; data?: T } }) {
  if (text === null) return null;
  const parsed = schema.safeParse(JSON.parse(text));
  return parsed.success ? parsed.data! : null;
}

export function viewOf(row: Selectable<FlexRequestTable>): FlexView {
  return {
    id: row.id,
    source: row.source === "openadr" || row.source === "api" ? row.source : "hand",
    name: row.name,
    from: toIsoString(row.starts_at),
    until: toIsoString(row.ends_at),
    askedKw: row.asked_kw,
    poundsPerMwh: row.price_pounds_per_mwh,
    baseline: row.baseline === "historical" ? "historical" : "nominated",
    status: row.status as FlexStatus,
    note: row.note,
    answer: json(row.answer, storedAnswerSchema),
    delivery: json(row.delivery, deliverySchema),
    measuredAt: row.measured_at === null ? null : toIsoString(row.measured_at),
    createdBy: row.created_by,
  };
}

/**
 * A request kept and answered. `by` is who made it: a person on the network page or a fleet API key (`api`: the
 * key's "operations.tell"), each checked by the one policy, or the depot's linked VTN (its `ref`, the event's id: a
 * request is taken once). Answers the request as answered.
 */
export async function receiveFlex(
  deps: Deps,
  depotId: number,
  request: FlexRequest,
  by: { viewer: DepotViewer; api?: true } | { vtn: string; ref: string },
  now = Date.now(),
): Promise<FlexView> {
  const depot =
    "viewer" in by
      ? await requireDepot(deps.database.db, by.viewer, depotId, by.api ? "operations.tell" : "operations.change", {
          detail: "flexibility request",
        })
      : null;
  const site = await checkedAgainstSite(deps, depotId, request, now);
  const toCome = await deps.database.db
    .selectFrom("flex_requests")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("depot_id", "=", depotId)
    .where("status", "in", ["answering", "offered"])
    .where("ends_at", ">", iso(now))
    .executeTakeFirst();
  if (Number(toCome?.n ?? 0) >= MAX_TO_COME)
    throw new UserError(`The depot has ${MAX_TO_COME} requests to come: cancel one before taking another.`, {
      status: 429,
    });
  const createdBy = "viewer" in by ? (by.viewer.email ?? by.viewer.id) : `OpenADR ${by.vtn}`;
  const row = await deps.database.db
    .insertInto("flex_requests")
    .values({
      depot_id: depotId,
      source: "viewer" in by ? (by.api ? "api" : "hand") : "openadr",
      ref: "viewer" in by ? null : by.ref,
      name: request.name,
      starts_at: iso(request.from),
      ends_at: iso(request.until),
      asked_kw: request.askedKw,
      price_pounds_per_mwh: request.poundsPerMwh,
      baseline: request.baseline ?? "nominated",
      status: "answering",
      created_by: createdBy,
      created_at: iso(now),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  if ("viewer" in by && depot)
    await recordAudit(deps.database.db, {
      actor: { id: by.viewer.id, email: by.viewer.email ?? by.viewer.id },
      action: "flexibility.requested",
      target: { type: "depot", id: depotId, label: depot.name },
      details: { id: row.id, from: iso(request.from), until: iso(request.until), askedKw: request.askedKw },
    });
  await answerRequest(deps, depotId, row.id, request, site, "viewer" in by ? by.viewer.id : `vtn-${depotId}`);
  return (await readFlex(deps, depotId, row.id))!;
}

export async function readFlex(deps: Pick<Runtime, "database">, depotId: number, id: number) {
  const row = await deps.database.db
    .selectFrom("flex_requests")
    .selectAll()
    .where("id", "=", id)
    .where("depot_id", "=", depotId)
    .executeTakeFirst();
  return row ? viewOf(row) : null;
}

/** The depot's latest requests, the soonest to come first, then the past, latest first. */
export async function listFlex(deps: Pick<Runtime, "database">, depotId: number): Promise<FlexView[]> {
  const rows = await deps.database.db
    .selectFrom("flex_requests")
    .selectAll()
    .where("depot_id", "=", depotId)
    .orderBy("starts_at", "desc")
    .limit(LISTED)
    .execute();
  return rows.map(viewOf);
}

/** A request withdrawn (by hand, or the VTN's event gone before it ended): its hold on the site released at once. */
export async function cancelFlex(
  deps: Deps,
  depotId: number,
  id: unknown,
  by: { viewer: DepotViewer } | { vtn: string },
  now = Date.now(),
) {
  const requestId = Number(id);
  if (!Number.isSafeInteger(requestId) || requestId <= 0) throw new UserError("Choose a request.");
  if ("viewer" in by)
    await requireDepot(deps.database.db, by.viewer, depotId, "operations.change", { detail: "flexibility cancelled" });
  const row = await deps.database.db
    .updateTable("flex_requests")
    .set({
      status: "cancelled",
      note: "viewer" in by ? `Cancelled by ${by.viewer.email ?? by.viewer.id}.` : "Withdrawn by the network.",
    })
    .where("id", "=", requestId)
    .where("depot_id", "=", depotId)
    .where("status", "in", ["answering", "offered"])
    .where("ends_at", ">", iso(now))
    .returning(["instruction_id"])
    .executeTakeFirst();
  if (!row) throw new UserError("That request has ended or is no longer there.", { status: 404 });
  if (row.instruction_id !== null) await releaseFlexHold(deps, depotId, row.instruction_id);
}
