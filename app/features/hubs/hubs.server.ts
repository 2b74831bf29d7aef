/**
 * Hubs (issue 50, decision 053): a depot whose chargers other companies contract. Its operator is the depot's
 * company; the consultancy's admins approve a hub before it opens; its operator may suspend, reopen or close it. Who
 * may do what at a hub is the policy's (lib/access/policy.ts: `hub.*`, `contract.*`, `booking.*`): this file reads a
 * hub's facts — its operator, depot, status and customers — and asks. Out of reach answers as if it did not exist.
 */
import type { Kysely } from "kysely";

import type { PlanInput } from "~/features/charging-engine";
import { depotWithinReach, requireDepot, type DepotViewer } from "~/features/depots/index.server";
import { readDepotPlan, readDepotPlans, type SavedPlan } from "~/features/planning/index.server";
import { authorize, isOwnCompany } from "~/lib/access/access.server";
import { may, type Action, type HubFacts, type Principal, type Resource } from "~/lib/access/policy";
import type { Database } from "~/lib/db/schema";
import type { Runtime } from "~/lib/runtime.server";
import { UserError } from "~/lib/user-error";

import type { HubOffer, PriceList } from "./hub-schemas";
import type { HubRole } from "./views";
import type { Opening } from "./visit-window";

type Deps = Pick<Runtime, "database">;

export const HUB_GONE = "That hub no longer exists.";

/** A hub as its pages show it, and which side of it the viewer is on (from the policy's answers). */
export type HubView = {
  id: number;
  depotId: number;
  name: string;
  status: HubFacts["status"];
  address: string;
  /** Where it is (its depot's location), when known: the finder's map and the trips' stops need it. */
  position: [number, number] | null;
  operator: { id: number; name: string };
  openDays: number[];
  openFrom: number;
  openTo: number;
  prices: PriceList;
  /** What the rules read of it. */
  facts: HubFacts;
  /**
   * The viewer's side: "operator" (its company runs it and may see every customer's), "admin" (the consultancy's,
   * likewise), "haulier" (a customer or visitor, who sees their own company's only).
   */
  as: HubRole;
};

/** Every contract's company that was accepted at the hub, for the policy's `customer` relation. */
const customersOf = (db: Kysely<Database>) =>
  db
    .selectFrom("hub_contracts")
    .select(["hub_id", "company_id"])
    .distinct()
    .where("status", "in", ["accepted", "ended"]);

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

/** The hub as the policy reads it. */
export const hubResource = (facts: HubFacts): Resource => ({
  kind: "hub",
  companyId: facts.operatorId,
  depotId: facts.depotId,
  hub: facts,
});
/** A customer's thing at the hub (a contract, booking, statement or dispute) as the policy reads it. */
export const customerResource = (facts: HubFacts, customerId: number): Resource => ({
  kind: "hub-customer",
  companyId: facts.operatorId,
  depotId: facts.depotId,
  hub: facts,
  customerId,
});

/** No company has this id: "another customer's" thing, to ask whether the viewer sees every customer's. */
const SOME_OTHER_CUSTOMER = -1;

/** Whether the viewer sees every customer's contracts, bookings and statements at the hub (its operator, the admins). */
export const seesEveryCustomer = (viewer: Principal | null | undefined, facts: HubFacts) =>
  may(viewer, "contract.read", customerResource(facts, SOME_OTHER_CUSTOMER));

function sideOf(viewer: Principal | null | undefined, facts: HubFacts): HubRole {
  if (!seesEveryCustomer(viewer, facts)) return "haulier";
  return isOwnCompany(viewer, facts.operatorId) ? "operator" : "admin";
}

function viewOf(row: HubRow, customerIds: readonly number[], viewer: Principal | null | undefined): HubView {
  const facts: HubFacts = {
    operatorId: row.operatorId,
    depotId: row.depotId,
    status: row.status,
    customerIds,
  };
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
    facts,
    as: sideOf(viewer, facts),
  };
}

/** When the hub is open, as the visit rules read it. */
export const openingOf = (hub: Pick<HubView, "openDays" | "openFrom" | "openTo">): Opening => ({
  days: hub.openDays,
  from: hub.openFrom,
  to: hub.openTo,
});

/** The hub whoever asks (no policy asked: the caller asks about what it does there), or null. */
export async function readHub(deps: Deps, hubId: number, viewer?: Principal | null): Promise<HubView | null> {
  if (!Number.isSafeInteger(hubId) || hubId <= 0) return null;
  const [row, customers] = await Promise.all([
    hubQuery(deps.database.db).where("hubs.id", "=", hubId).executeTakeFirst(),
    customersOf(deps.database.db).where("hub_id", "=", hubId).execute(),
  ]);
  return row
    ? viewOf(
        row,
        customers.map((c) => c.company_id),
        viewer,
      )
    : null;
}

/**
 * The hub when the viewer may do `action` there (by default read it), else the refusal: 404 where they may not see it
 * (exactly as a hub that does not exist), 403 or 409 (suspended, closed) where they see it. `detail` names the change
 * in the activity log.
 */
export async function requireHub(
  deps: Deps,
  viewer: Principal | null | undefined,
  hubId: number,
  action: Action = "hub.read",
  detail?: string,
): Promise<HubView> {
  const hub = await readHub(deps, hubId, viewer);
  if (!hub) throw new UserError(HUB_GONE, { status: 404 });
  authorize(viewer, action, hubResource(hub.facts), HUB_GONE, detail ?? hub.name);
  return hub;
}

/** Every hub the viewer may read: the open ones, their own company's, those they are a customer of (admins: all). */
export async function listHubs(deps: Deps, viewer: Principal | null | undefined): Promise<HubView[]> {
  const [rows, customers] = await Promise.all([
    hubQuery(deps.database.db).orderBy("hubs.name").execute(),
    customersOf(deps.database.db).execute(),
  ]);
  const byHub = Map.groupBy(customers, (c) => c.hub_id);
  return rows
    .map((row) =>
      viewOf(
        row,
        (byHub.get(row.id) ?? []).map((c) => c.company_id),
        viewer,
      ),
    )
    .filter((hub) => may(viewer, "hub.read", hubResource(hub.facts)));
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
  const depot = await requireDepot(deps.database.db, viewer, offer.depotId, "hub.offer", { detail: offer.name });
  await hubPlan(deps, depot.id);
  const taken = await deps.database.db
    .selectFrom("hubs")
    .select("id")
    .where("depot_id", "=", depot.id)
    .executeTakeFirst();
  if (taken) throw new UserError(`${depot.name} is already a hub.`, { fieldErrors: { depotId: "Already a hub." } });
  // The consultancy's own hubs need no approval: an admin may approve any hub.
  const approved = may(viewer, "admin.console", { kind: "consultancy" });
  const row = await deps.database.db
    .insertInto("hubs")
    .values({
      depot_id: depot.id,
      name: offer.name,
      status: approved ? "open" : "proposed",
      open_days: [...new Set(offer.openDays)].sort().join(","),
      open_from: offer.openFrom,
      open_to: offer.openTo,
      ...priceColumns(offer),
      proposed_by: viewer.id,
      ...(approved ? { approved_by: viewer.id, approved_at: new Date().toISOString() } : {}),
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
  const hub = await requireHub(deps, viewer, hubId, "hub.approve");
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
  const hub = await requireHub(deps, viewer, hubId, "hub.run", "prices");
  await deps.database.db.updateTable("hubs").set(priceColumns(prices)).where("id", "=", hub.id).execute();
}

/** The viewer's company's depots they may offer: with a plan, and not a hub already. */
export async function offerableDepots(deps: Deps, viewer: DepotViewer): Promise<{ id: number; name: string }[]> {
  const rows = await deps.database.db
    .selectFrom("depots")
    .leftJoin("hubs", "hubs.depot_id", "depots.id")
    .select(["depots.id", "depots.depot_name as name"])
    .where(depotWithinReach(viewer, "hub.offer"))
    .where("hubs.id", "is", null)
    .orderBy("depots.depot_name")
    .execute();
  const plans = await readDepotPlans(
    deps,
    rows.map((r) => r.id),
  );
  return rows.filter((r) => plans.get(r.id)?.inputs);
}
