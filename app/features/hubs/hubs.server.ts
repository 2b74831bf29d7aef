/**
 * Hubs (issue 50, decision 053): a depot whose chargers other companies contract. Its operator is the depot's
 * company; the consultancy's admins approve a hub before it opens. Who reaches a hub: everyone signed in, once it is
 * open; before that (or once closed) only its operator and the admins. Out of reach answers as if it did not exist.
 */
import type { Kysely } from "kysely";

import type { PlanInput } from "~/features/charging-engine";
import { findDepot, requireDepot, requireRole, type DepotViewer } from "~/features/depots/index.server";
import { readDepotPlan, readDepotPlans, type SavedPlan } from "~/features/planning/index.server";
import type { Database } from "~/lib/db/schema";
import type { Runtime } from "~/lib/runtime.server";
import { UserError } from "~/lib/user-error";

import type { HubOffer, PriceList } from "./hub-schemas";
import type { HubRole } from "./views";
import type { Opening } from "./visit-window";

type Deps = Pick<Runtime, "database">;

export const HUB_GONE = "That hub no longer exists.";

/** A hub as its pages show it, and what the viewer is there: its operator, a haulier, or one of the admins. */
export type HubView = {
  id: number;
  depotId: number;
  name: string;
  status: "proposed" | "open" | "closed";
  address: string;
  /** Where it is (its depot's location), when known: the finder's map and the trips' stops need it. */
  position: [number, number] | null;
  operator: { id: number; name: string };
  openDays: number[];
  openFrom: number;
  openTo: number;
  prices: PriceList;
  /** operator: the viewer works for the company that runs it (their role says whether they may change it). */
  as: HubRole;
};

const hubQuery = (db: Kysely<Database>) =>
  db
    .selectFrom("hubs")
    .innerJoin("depots", "depots.id", "hubs.depot_id")
    .innerJoin("companies", "companies.id", "depots.company_id")
    .select([
      "hubs.id",
      "hubs.depot_id as depotId",
      "hubs.name",
      "hubs.status",
      "hubs.open_days as openDays",
      "hubs.open_from as openFrom",
      "hubs.open_to as openTo",
      "hubs.pence_per_kwh as pencePerKwh",
      "hubs.pence_per_visit as pencePerVisit",
      "hubs.pence_per_reserved_hour as pencePerReservedHour",
      "hubs.overstay_pence_per_hour as overstayPencePerHour",
      "hubs.grace_minutes as graceMinutes",
      "depots.depot_address as address",
      "depots.location_latitude as latitude",
      "depots.location_longitude as longitude",
      "companies.id as operatorId",
      "companies.company_name as operatorName",
    ]);
type HubRow = Awaited<ReturnType<ReturnType<typeof hubQuery>["executeTakeFirstOrThrow"]>>;

function viewOf(row: HubRow, as: HubView["as"]): HubView {
  return {
    id: row.id,
    depotId: row.depotId,
    name: row.name,
    status: row.status,
    address: row.address,
    position: row.latitude != null && row.longitude != null ? [row.latitude, row.longitude] : null,
    operator: { id: row.operatorId, name: row.operatorName },
    openDays: row.openDays.split(",").filter(Boolean).map(Number),
    openFrom: row.openFrom,
    openTo: row.openTo,
    prices: {
      pencePerKwh: row.pencePerKwh,
      pencePerVisit: row.pencePerVisit,
      pencePerReservedHour: row.pencePerReservedHour,
      overstayPencePerHour: row.overstayPencePerHour,
      graceMinutes: row.graceMinutes,
    },
    as,
  };
}

/** When the hub is open, as the visit rules read it. */
export const openingOf = (hub: Pick<HubView, "openDays" | "openFrom" | "openTo">): Opening => ({
  days: hub.openDays,
  from: hub.openFrom,
  to: hub.openTo,
});

/** What the viewer is at this hub, or null when it is out of their reach. */
function roleAt(row: HubRow, viewer: DepotViewer): HubView["as"] | null {
  if (viewer.company?.id === row.operatorId) return "operator";
  if (viewer.isAdmin) return "admin";
  return row.status === "open" && viewer.company ? "haulier" : null;
}

/** The hub, or a 404 when it does not exist or is out of the viewer's reach (a depot manager's: their depots'). */
export async function requireHub(deps: Deps, viewer: DepotViewer, hubId: number): Promise<HubView> {
  const row =
    Number.isSafeInteger(hubId) && hubId > 0
      ? await hubQuery(deps.database.db).where("hubs.id", "=", hubId).executeTakeFirst()
      : undefined;
  const as = row ? roleAt(row, viewer) : null;
  // An operator's member who does not reach the depot (a depot manager of other depots) sees it as a haulier would.
  if (row && as === "operator" && !(await findDepot(deps.database.db, viewer, row.depotId)))
    return row.status === "open" ? viewOf(row, "haulier") : Promise.reject(new UserError(HUB_GONE, { status: 404 }));
  if (!row || !as) throw new UserError(HUB_GONE, { status: 404 });
  return viewOf(row, as);
}

/** The hub's operator, allowed to change it (owner, fleet manager, or the depot's manager), or a refusal. */
export async function requireOperator(deps: Deps, viewer: DepotViewer, hubId: number): Promise<HubView> {
  const hub = await requireHub(deps, viewer, hubId);
  if (hub.as !== "operator") throw new UserError("Only the hub's operator can do this.", { status: 403 });
  await requireDepot(deps.database.db, viewer, hub.depotId, { to: "change", message: HUB_GONE });
  return hub;
}

/** Every hub the viewer reaches: the open ones, their own company's, and (for the admins) those waiting to open. */
export async function listHubs(deps: Deps, viewer: DepotViewer): Promise<HubView[]> {
  const rows = await hubQuery(deps.database.db).orderBy("hubs.name").execute();
  return rows.flatMap((row) => {
    const as = roleAt(row, viewer);
    return as ? [viewOf(row, as)] : [];
  });
}

/** The depot's plan as the hub's week starts from (its connection, building, chargers and own fleet), or a refusal. */
export async function hubPlan(deps: Deps, depotId: number): Promise<PlanInput> {
  return usablePlan(await readDepotPlan(deps, depotId));
}

/** Several hubs' plans in one query, by depot: each the plan, or why it cannot be a hub's (the finder says so). */
export async function hubPlans(deps: Deps, depotIds: number[]): Promise<Map<number, PlanInput | UserError>> {
  const saved = await readDepotPlans(deps, depotIds);
  return new Map(
    depotIds.map((id): [number, PlanInput | UserError] => {
      try {
        return [id, usablePlan(saved.get(id) ?? null)];
      } catch (error) {
        if (error instanceof UserError) return [id, error];
        throw error;
      }
    }),
  );
}

/** A depot's saved plan as a hub's, or why it cannot be one. */
function usablePlan(plan: SavedPlan | null): PlanInput {
  if (!plan?.inputs)
    throw new UserError("The depot needs a charging plan (its connection and chargers) before it can be a hub.");
  if (!plan.inputs.chargers.some((c) => c.count > 0)) throw new UserError("The depot's plan has no chargers to share.");
  return plan.inputs;
}

/** An owner offers one of their depots as a hub; the admins' own offers open at once, a partner's wait for them. */
export async function offerHub(deps: Deps, viewer: DepotViewer, offer: HubOffer): Promise<number> {
  requireRole(viewer, "company-details");
  const depot = await requireDepot(deps.database.db, viewer, offer.depotId, { to: "change" });
  await hubPlan(deps, depot.id);
  const taken = await deps.database.db
    .selectFrom("hubs")
    .select("id")
    .where("depot_id", "=", depot.id)
    .executeTakeFirst();
  if (taken) throw new UserError(`${depot.name} is already a hub.`, { fieldErrors: { depotId: "Already a hub." } });
  const row = await deps.database.db
    .insertInto("hubs")
    .values({
      depot_id: depot.id,
      name: offer.name,
      status: viewer.isAdmin ? "open" : "proposed",
      open_days: [...new Set(offer.openDays)].sort().join(","),
      open_from: offer.openFrom,
      open_to: offer.openTo,
      ...priceColumns(offer),
      proposed_by: viewer.id,
      ...(viewer.isAdmin ? { approved_by: viewer.id, approved_at: new Date().toISOString() } : {}),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

const priceColumns = (p: PriceList) => ({
  pence_per_kwh: p.pencePerKwh,
  pence_per_visit: p.pencePerVisit,
  pence_per_reserved_hour: p.pencePerReservedHour,
  overstay_pence_per_hour: p.overstayPencePerHour,
  grace_minutes: p.graceMinutes,
});

/** The consultancy's admins open a partner's hub. */
export async function approveHub(deps: Deps, viewer: DepotViewer, hubId: number): Promise<HubView> {
  if (!viewer.isAdmin) throw new UserError("Only the consultancy's admins approve hubs.", { status: 403 });
  const hub = await requireHub(deps, viewer, hubId);
  if (hub.status !== "proposed") throw new UserError(`${hub.name} is not waiting for approval.`);
  await deps.database.db
    .updateTable("hubs")
    .set({ status: "open", approved_by: viewer.id, approved_at: new Date().toISOString() })
    .where("id", "=", hub.id)
    .execute();
  return hub;
}

/** The operator changes the price list: contracts keep the prices they were asked at. */
export async function setHubPrices(deps: Deps, viewer: DepotViewer, hubId: number, prices: PriceList): Promise<void> {
  const hub = await requireOperator(deps, viewer, hubId);
  await deps.database.db.updateTable("hubs").set(priceColumns(prices)).where("id", "=", hub.id).execute();
}

/** The viewer's company's depots an owner could offer: with a plan, and not a hub already. */
export async function offerableDepots(deps: Deps, viewer: DepotViewer): Promise<{ id: number; name: string }[]> {
  if (!viewer.company || viewer.company.role !== "owner") return [];
  const rows = await deps.database.db
    .selectFrom("depots")
    .innerJoin("depot_plans", "depot_plans.depot_id", "depots.id")
    .leftJoin("hubs", "hubs.depot_id", "depots.id")
    .select(["depots.id", "depots.depot_name as name"])
    .where("depots.company_id", "=", viewer.company.id)
    .where("hubs.id", "is", null)
    .orderBy("depots.depot_name")
    .execute();
  return rows;
}
