/**
 * Contracts at a hub (issue 50, decision 053): a haulier asks for capacity; the planning engine plans the hub's week
 * with every accepted contract plus this one (hub-week.ts) and the request is taken only where every contracted
 * visit is charged within the connection; the operator accepts it (checked again, against what was accepted since,
 * while no other decision at the hub can run) or declines it. A haulier sees its own contracts, the operator all of
 * its hub's; anyone else's contract answers as if it did not exist.
 */
import { sql } from "kysely";

import { requireRole, type DepotViewer } from "~/features/depots/index.server";
import type { Runtime } from "~/lib/runtime.server";
import { UserError } from "~/lib/user-error";

import type { ContractRequest } from "./hub-schemas";
import { checkWeek, type Demand, type WeekCheck } from "./hub-week";
import { hubPlan, requireHub, requireOperator, type HubView } from "./hubs.server";
import { refusal, suggestionFor } from "./suggest";
import { vehicleChoices, type VehicleChoice } from "./vehicle-choices.server";
import { describeWindow, shortestStay, withinOpening, type VisitWindow } from "./visit-window";

type Deps = Pick<Runtime, "database">;

export const CONTRACT_GONE = "That contract no longer exists.";

export type ContractView = {
  id: number;
  company: string;
  companyId: number;
  status: "requested" | "accepted" | "declined" | "withdrawn";
  vehicleType: string;
  vehicles: number;
  window: VisitWindow;
  windowText: string;
  energyKwh: number;
  pencePerKwh: number;
  pencePerVisit: number;
  requestedAt: string;
  note: string | null;
};

const windowOf = (row: {
  days: string;
  arrive_from: number;
  arrive_to: number;
  depart_from: number;
  depart_to: number;
}): VisitWindow => ({
  days: row.days.split(",").filter(Boolean).map(Number),
  arriveFrom: row.arrive_from,
  arriveTo: row.arrive_to,
  departFrom: row.depart_from,
  departTo: row.depart_to,
});

async function contractRows(deps: Deps, hubId: number) {
  return deps.database.db
    .selectFrom("hub_contracts")
    .innerJoin("companies", "companies.id", "hub_contracts.company_id")
    .selectAll("hub_contracts")
    .select("companies.company_name as company")
    .where("hub_id", "=", hubId)
    .orderBy("hub_contracts.id")
    .execute();
}

/** The hub's contracts the viewer may see: the operator and the admins all of them, a haulier its own. */
export async function hubContracts(deps: Deps, viewer: DepotViewer, hub: HubView): Promise<ContractView[]> {
  const rows = await contractRows(deps, hub.id);
  return rows
    .filter((row) => hub.as !== "haulier" || row.company_id === viewer.company?.id)
    .map((row) => {
      const window = windowOf(row);
      return {
        id: row.id,
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
      };
    });
}

const demandOf = (
  row: { id: number; vehicles: number; battery_kwh: number; max_kw: number; energy_kwh: number } & Parameters<
    typeof windowOf
  >[0],
): Demand => ({
  key: `c${row.id}`,
  vehicles: row.vehicles,
  batteryKwh: row.battery_kwh,
  maxKw: row.max_kw,
  energyKwh: row.energy_kwh,
  window: windowOf(row),
});

/** The hub's accepted contracts as the engine's demands. */
export async function acceptedDemands(deps: Deps, hubId: number, except?: number): Promise<Demand[]> {
  const rows = await contractRows(deps, hubId);
  return rows.filter((r) => r.status === "accepted" && r.id !== except).map(demandOf);
}

/** The hub's week with its accepted contracts: the room and chargers left by hour, for its page. */
export async function hubWeek(deps: Deps, hub: HubView): Promise<WeekCheck> {
  return checkWeek(await hubPlan(deps, hub.depotId), await acceptedDemands(deps, hub.id));
}

/**
 * The engine's demand for a request, or a refusal naming the field: a vehicle type from the haulier's list, energy
 * the battery holds and the shortest stay can take at the vehicle's power, and visits within the hub's opening.
 */
export function demandFor(
  request: ContractRequest,
  choices: VehicleChoice[],
  hub: HubView,
): { type: VehicleChoice; demand: Demand } {
  const type = choices.find((c) => c.key === request.vehicleType);
  if (!type)
    throw new UserError("Choose a vehicle type from the list.", {
      fieldErrors: { vehicleType: "Choose a vehicle type from the list." },
    });
  const window: VisitWindow = {
    days: request.days,
    arriveFrom: request.arriveFrom,
    arriveTo: request.arriveTo,
    departFrom: request.departFrom,
    departTo: request.departTo,
  };
  const fieldError = (field: string, message: string) => new UserError(message, { fieldErrors: { [field]: message } });
  if (request.energyKwh > type.batteryKwh)
    throw fieldError("energyKwh", `A ${type.label} holds ${type.batteryKwh} kWh: a visit cannot put in more.`);
  const hours = shortestStay(window) / 60;
  if (request.energyKwh > type.maxKw * hours)
    throw fieldError(
      "energyKwh",
      `In the shortest stay (${hours.toFixed(2)} h) a ${type.label} takes at most ${(type.maxKw * hours).toFixed(1)} kWh at its ${type.maxKw} kW.`,
    );
  if (!withinOpening(window, { days: hub.openDays, from: hub.openFrom, to: hub.openTo }))
    throw fieldError("days", "The visits must fall within the hub's opening hours.");
  const demand: Demand = {
    key: "new",
    vehicles: request.vehicles,
    batteryKwh: type.batteryKwh,
    maxKw: type.maxKw,
    energyKwh: request.energyKwh,
    window,
  };
  return { type, demand };
}

/** A haulier asks for capacity: checked by the engine first, kept only if the hub can serve it. */
export async function requestContract(
  deps: Deps,
  viewer: DepotViewer,
  hubId: number,
  request: ContractRequest,
): Promise<number> {
  const hub = await requireHub(deps, viewer, hubId);
  if (hub.as === "operator") throw new UserError("Your own company runs this hub: its vehicles use it as its depot's.");
  const company = requireRole(viewer, "plan-company");
  // (A depot manager of the operator's other depots sees the hub as a customer would; it is still their company's.)
  if (company.id === hub.operator.id)
    throw new UserError("Your own company runs this hub: its vehicles use it as its depot's.");
  if (hub.status !== "open") throw new UserError(`${hub.name} is not taking contracts.`);
  const { type, demand } = demandFor(request, await vehicleChoices(deps, viewer), hub);
  const window = demand.window;
  const plan = await hubPlan(deps, hub.depotId);
  const accepted = await acceptedDemands(deps, hub.id);
  const check = checkWeek(plan, [...accepted, demand]);
  if (!check.fits)
    throw refusal(
      check,
      demand,
      suggestionFor(plan, accepted, demand, { days: hub.openDays, from: hub.openFrom, to: hub.openTo }),
    );
  const row = await deps.database.db
    .insertInto("hub_contracts")
    .values({
      hub_id: hub.id,
      company_id: company.id,
      status: "requested",
      vehicle_type: type.label,
      battery_kwh: type.batteryKwh,
      max_kw: type.maxKw,
      vehicles: request.vehicles,
      days: [...new Set(window.days)].sort().join(","),
      arrive_from: window.arriveFrom,
      arrive_to: window.arriveTo,
      depart_from: window.departFrom,
      depart_to: window.departTo,
      energy_kwh: request.energyKwh,
      pence_per_kwh: hub.prices.pencePerKwh,
      pence_per_visit: hub.prices.pencePerVisit,
      pence_per_reserved_hour: hub.prices.pencePerReservedHour,
      overstay_pence_per_hour: hub.prices.overstayPencePerHour,
      check_json: JSON.stringify({ peakKw: check.peakKw, limitKw: check.limitKw, fullHours: check.fullHours }),
      requested_by: viewer.id,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The contract, within the viewer's reach: its haulier's members, or the hub's operator and the admins. */
export async function reachContract(deps: Deps, viewer: DepotViewer, contractId: number) {
  const row =
    Number.isSafeInteger(contractId) && contractId > 0
      ? await deps.database.db.selectFrom("hub_contracts").selectAll().where("id", "=", contractId).executeTakeFirst()
      : undefined;
  if (!row) throw new UserError(CONTRACT_GONE, { status: 404 });
  // Out of the viewer's reach answers as a contract that does not exist; anything else (the database) is a fault.
  const hub = await requireHub(deps, viewer, row.hub_id).catch((error: unknown) => {
    if (error instanceof UserError) return null;
    throw error;
  });
  if (!hub || (hub.as === "haulier" && row.company_id !== viewer.company?.id))
    throw new UserError(CONTRACT_GONE, { status: 404 });
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
): Promise<ContractView["status"]> {
  const { row, hub } = await reachContract(deps, viewer, contractId);
  await requireOperator(deps, viewer, hub.id);
  const plan = await hubPlan(deps, hub.depotId);
  return deps.database.db.transaction().execute(async (tx) => {
    if (deps.database.engine === "postgres")
      await tx.selectFrom("hubs").select("id").where("id", "=", hub.id).forUpdate().execute();
    else
      await tx
        .updateTable("hubs")
        .set({ name: sql`name` })
        .where("id", "=", hub.id)
        .execute();
    const current = await tx.selectFrom("hub_contracts").selectAll().where("id", "=", row.id).executeTakeFirstOrThrow();
    if (current.status !== "requested")
      throw new UserError(`That request was already ${current.status}.`, { status: 409 });
    let status: ContractView["status"] = "declined";
    if (accept) {
      const accepted = (
        await tx
          .selectFrom("hub_contracts")
          .selectAll()
          .where("hub_id", "=", hub.id)
          .where("status", "=", "accepted")
          .execute()
      ).map(demandOf);
      const demand = demandOf(current);
      const check = checkWeek(plan, [...accepted, demand]);
      if (!check.fits) throw refusal(check, demand, null);
      status = "accepted";
    }
    await tx
      .updateTable("hub_contracts")
      .set({ status, decided_by: viewer.id, decided_at: new Date().toISOString(), decision_note: note })
      .where("id", "=", row.id)
      .execute();
    return status;
  });
}

/** A haulier withdraws a request the operator has not decided. */
export async function withdrawContract(deps: Deps, viewer: DepotViewer, contractId: number): Promise<void> {
  const { row, hub } = await reachContract(deps, viewer, contractId);
  if (hub.as !== "haulier" && !(hub.as === "admin" && row.company_id === viewer.company?.id))
    throw new UserError(CONTRACT_GONE, { status: 404 });
  requireRole(viewer, "plan-company");
  if (row.status !== "requested") throw new UserError(`That request was already ${row.status}.`, { status: 409 });
  await deps.database.db
    .updateTable("hub_contracts")
    .set({ status: "withdrawn", decided_by: viewer.id, decided_at: new Date().toISOString() })
    .where("id", "=", row.id)
    .execute();
}
