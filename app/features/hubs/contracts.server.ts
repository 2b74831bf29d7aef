/**
 * Contracts at a hub (issue 50, decision 053): a haulier asks for capacity; the planning engine plans the hub's week
 * with every accepted contract plus this one (hub-week.ts) and the request is taken only where every contracted
 * visit is charged within the connection; the operator accepts it (checked again, against what was accepted since,
 * while no other decision at the hub can run) or declines it. A haulier sees its own contracts, the operator all of
 * its hub's; anyone else's contract answers as if it did not exist.
 */

import { actingUser, type DepotViewer } from "~/features/depots/index.server";
import { authorize, companyOf, customerRowsWhere } from "~/lib/access/access.server";
import type { Action } from "~/lib/access/policy";
import type { Runtime } from "~/lib/runtime.server";
import { UserError } from "~/lib/user-error";

import { describeDates } from "./contract-periods";
import {
  checkDated,
  contractDates,
  demandFor,
  demandOf,
  requestWindow,
  ukToday,
  windowOf,
  type DatedDemand,
} from "./demands";
import { hubAnswerInBackground, refused } from "./hub-checks.server";
import { acceptedRows, lockHub } from "./hub-lock.server";
import type { ContractRequest } from "./hub-schemas";
import type { WeekCheck } from "./hub-week";
import {
  customerResource,
  hubPlan,
  openingOf,
  readHub,
  requireHub,
  seesEveryCustomer,
  type HubView,
} from "./hubs.server";
import { refusal } from "./suggest";
import { vehicleChoices, type VehicleChoice } from "./vehicle-choices.server";
import { describeWindow, type VisitWindow } from "./visit-window";

type Deps = Pick<Runtime, "database">;

export const CONTRACT_GONE = "That contract no longer exists.";

export type ContractView = {
  id: number;
  hubId: number;
  company: string;
  companyId: number;
  status: "requested" | "accepted" | "declined" | "withdrawn" | "ended";
  vehicleType: string;
  vehicles: number;
  window: VisitWindow;
  windowText: string;
  energyKwh: number;
  pencePerKwh: number;
  pencePerVisit: number;
  requestedAt: string;
  note: string | null;
  startsOn: string | null;
  endsOn: string | null;
  /** "from 01 Dec 2026 to 28 Feb 2027" (or "" with no dates). */
  datesText: string;
  /** A single visit at the list price, not a contract asked for. */
  adHoc: boolean;
};

/** Contracts at these hubs (only the customer `own`'s own company's, when given), in one query. */
async function contractRows(deps: Deps, hubIds: number[], own: DepotViewer | null) {
  if (!hubIds.length) return [];
  let query = deps.database.db
    .selectFrom("hub_contracts")
    .innerJoin("companies", "companies.id", "hub_contracts.company_id")
    .selectAll("hub_contracts")
    .select("companies.company_name as company")
    .where("hub_id", "in", hubIds);
  if (own) query = query.where(customerRowsWhere(own, "hub_contracts.company_id"));
  return query.orderBy("hub_contracts.id").execute();
}

/** The hub's contracts the viewer may see: the operator and the admins all of them, a customer its own. */
export async function hubContracts(deps: Deps, viewer: DepotViewer, hub: HubView): Promise<ContractView[]> {
  const rows = await contractRows(deps, [hub.id], seesEveryCustomer(viewer, hub.facts) ? null : viewer);
  return rows.map(contractView);
}

/** The viewer's company's own contracts at these hubs (where it is a customer), by hub: one query for them all. */
export async function customerContracts(
  deps: Deps,
  viewer: DepotViewer,
  hubs: HubView[],
): Promise<Map<number, ContractView[]>> {
  const customerOf = hubs.filter((h) => h.as === "haulier").map((h) => h.id);
  const rows = await contractRows(deps, customerOf, viewer);
  return Map.groupBy(rows.map(contractView), (c) => c.hubId);
}

function contractView(row: Awaited<ReturnType<typeof contractRows>>[number]): ContractView {
  const window = windowOf(row);
  return {
    id: row.id,
    hubId: row.hub_id,
    company: row.company,
    companyId: row.company_id,
    status: row.status,
    vehicleType: row.vehicle_type,
    vehicles: row.vehicles,
    window,
    windowText: describeWindow(window),
    energyKwh: row.energy_kwh,
    pencePerKwh: row.pence_per_kwh,
    pencePerVisit: row.pence_per_visit,
    requestedAt: String(row.requested_at),
    note: row.decision_note,
    startsOn: row.starts_on,
    endsOn: row.ends_on,
    datesText: describeDates({ startsOn: row.starts_on, endsOn: row.ends_on }),
    adHoc: row.ad_hoc === 1,
  };
}

/** The hub's accepted contracts as the engine's demands. */
export async function acceptedDemands(deps: Deps, hubId: number): Promise<DatedDemand[]> {
  return (await acceptedDemandsByHub(deps, [hubId])).get(hubId) ?? [];
}

/** Several hubs' accepted contracts as the engine's demands, by hub: one query (the finder asks every open hub). */
export async function acceptedDemandsByHub(deps: Deps, hubIds: number[]): Promise<Map<number, DatedDemand[]>> {
  if (!hubIds.length) return new Map();
  const rows = await deps.database.db
    .selectFrom("hub_contracts")
    .selectAll()
    .where("hub_id", "in", hubIds)
    .where("status", "=", "accepted")
    .orderBy("id")
    .execute();
  return new Map([...Map.groupBy(rows, (r) => r.hub_id)].map(([hubId, list]) => [hubId, list.map(demandOf)]));
}

/** A haulier asks for capacity: checked by the engine first, kept only if the hub can serve it. */
export async function requestContract(
  deps: Deps,
  viewer: DepotViewer,
  hubId: number,
  request: ContractRequest,
): Promise<number> {
  const hub = await requireHub(deps, viewer, hubId, "hub.request");
  const company = companyOf(viewer)!;
  const window = requestWindow(request);
  const dates = contractDates(request, ukToday());
  const { type, demand } = demandFor({ ...request, window }, await vehicleChoices(deps, viewer), hub, dates);
  const plan = await hubPlan(deps, hub.depotId);
  // The engine's check (and, refused, what would fit) off the server's thread.
  const check = await hubAnswerInBackground(
    plan,
    await acceptedDemands(deps, hub.id),
    demand,
    ukToday(),
    openingOf(hub),
  );
  if (!check.fits) throw refused(check);
  const row = await deps.database.db
    .insertInto("hub_contracts")
    .values(contractValues({ hub, companyId: company.id, userId: actingUser(viewer), type, demand, check }))
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A contract's row: what it asks, at the hub's prices as they are now (kept whatever the list says later). */
export function contractValues(c: {
  hub: HubView;
  companyId: number;
  userId: string | null;
  type: VehicleChoice;
  demand: DatedDemand;
  check: Pick<WeekCheck, "peakKw" | "limitKw" | "fullHours">;
  adHoc?: boolean;
}) {
  const { hub, demand, check } = c;
  return {
    hub_id: hub.id,
    company_id: c.companyId,
    status: c.adHoc ? ("accepted" as const) : ("requested" as const),
    vehicle_type: c.type.label,
    battery_kwh: c.type.batteryKwh,
    max_kw: c.type.maxKw,
    vehicles: demand.vehicles,
    days: [...new Set(demand.window.days)].sort().join(","),
    arrive_from: demand.window.arriveFrom,
    arrive_to: demand.window.arriveTo,
    depart_from: demand.window.departFrom,
    depart_to: demand.window.departTo,
    energy_kwh: demand.energyKwh,
    pence_per_kwh: hub.prices.pencePerKwh,
    pence_per_visit: hub.prices.pencePerVisit,
    pence_per_reserved_hour: hub.prices.pencePerReservedHour,
    overstay_pence_per_hour: hub.prices.overstayPencePerHour,
    check_json: JSON.stringify({ peakKw: check.peakKw, limitKw: check.limitKw, fullHours: check.fullHours }),
    requested_by: c.userId,
    starts_on: demand.startsOn,
    ends_on: demand.endsOn,
    ad_hoc: c.adHoc ? 1 : 0,
    // A single visit is decided by the engine's check when it is booked.
    ...(c.adHoc ? { decided_by: c.userId, decided_at: new Date().toISOString() } : {}),
  };
}

/**
 * The contract when the viewer may do `action` to it (by default read it): its customer's team, or the hub's operator
 * and the admins, as the policy says; a contract at another hub than `hubId` (when given) is not found. Out of reach
 * answers as a contract that does not exist; anything else (the database) is a fault.
 */
export async function reachContract(
  deps: Deps,
  viewer: DepotViewer,
  contractId: number,
  action: Action = "contract.read",
  hubId?: number,
) {
  const row =
    Number.isSafeInteger(contractId) && contractId > 0
      ? await deps.database.db.selectFrom("hub_contracts").selectAll().where("id", "=", contractId).executeTakeFirst()
      : undefined;
  const hub = row && (hubId === undefined || row.hub_id === hubId) ? await readHub(deps, row.hub_id, viewer) : null;
  if (!row || !hub) throw new UserError(CONTRACT_GONE, { status: 404 });
  authorize(viewer, action, customerResource(hub.facts, row.company_id), CONTRACT_GONE, hub.name);
  return { row, hub };
}

/**
 * The operator accepts or declines a request. Accepting plans the week again with everything accepted since: two
 * acceptances at once are taken one after the other (the hub's row is locked, or SQLite's one writer), so the hub
 * never promises more than its connection.
 */
export async function decideContract(
  deps: Deps,
  viewer: DepotViewer,
  contractId: number,
  accept: boolean,
  note: string | null,
  hubId?: number,
): Promise<ContractView["status"]> {
  const { row, hub } = await reachContract(deps, viewer, contractId, "hub.decide", hubId);
  const plan = await hubPlan(deps, hub.depotId);
  return deps.database.db.transaction().execute(async (tx) => {
    await lockHub(deps, tx, hub.id);
    const current = await tx.selectFrom("hub_contracts").selectAll().where("id", "=", row.id).executeTakeFirstOrThrow();
    if (current.status !== "requested")
      throw new UserError(`That request was already ${current.status}.`, { status: 409 });
    let status: ContractView["status"] = "declined";
    if (accept) {
      const accepted = (await acceptedRows(tx, hub.id)).map(demandOf);
      const { check } = checkDated(plan, accepted, demandOf(current), ukToday());
      if (!check.fits) throw refusal(check, demandOf(current), null);
      status = "accepted";
    }
    await tx
      .updateTable("hub_contracts")
      .set({ status, decided_by: actingUser(viewer), decided_at: new Date().toISOString(), decision_note: note })
      .where("id", "=", row.id)
      .execute();
    return status;
  });
}

/** A haulier withdraws a request the operator has not decided. */
export async function withdrawContract(
  deps: Deps,
  viewer: DepotViewer,
  contractId: number,
  hubId?: number,
): Promise<void> {
  const { row } = await reachContract(deps, viewer, contractId, "contract.withdraw", hubId);
  if (row.status !== "requested") throw new UserError(`That request was already ${row.status}.`, { status: 409 });
  await deps.database.db
    .updateTable("hub_contracts")
    .set({ status: "withdrawn", decided_by: actingUser(viewer), decided_at: new Date().toISOString() })
    .where("id", "=", row.id)
    .execute();
}
