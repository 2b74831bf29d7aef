/**
 * The fleet API's calls at charging hubs (issue 50): the hubs a company may use and its contracts there, its
 * bookings (booked within a contract, or a single visit at the list price), cancelling one, and a month's statement.
 * Each goes through the hubs feature's own rules and access checks, as the hub's page does; a hub, contract, booking
 * or statement that is not the key's company's answers 404, the same as one that does not exist.
 */
import type { DepotViewer } from "~/features/depots/index.server";
import { adHocSchema, bookingSchema } from "~/features/hubs";
import {
  bookAdHoc,
  bookVisit,
  cancelBooking,
  customerContracts,
  HUB_GONE,
  hubBookings,
  hubStatement,
  listHubs,
  requireContract,
  requireHub,
  vehicleChoices,
} from "~/features/hubs/index.server";
import { readJsonBody } from "~/lib/request-body.server";
import type { Runtime } from "~/lib/runtime.server";
import { parseMonth } from "~/lib/uk-clock";
import { UserError } from "~/lib/user-error";

import { parseBody } from "./parse-body";

type Deps = Pick<Runtime, "database">;
export type HubOperation = "hubs" | "hub-bookings" | "hub-book" | "hub-visit" | "hub-cancel" | "hub-statement";

const MAX_BODY_BYTES = 16 * 1024;
const idOf = (value: string | undefined) => {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : 0;
};

/** A hub the key's company uses as a customer; its own hubs and others' unopened ones are not found. */
async function customerHub(deps: Deps, viewer: DepotViewer, hubId: string | undefined) {
  const hub = await requireHub(deps, viewer, idOf(hubId));
  if (hub.as !== "haulier") throw new UserError(HUB_GONE, { status: 404 });
  return hub;
}

export async function runHubCall(
  deps: Deps,
  viewer: DepotViewer,
  op: HubOperation,
  request: Request,
  params: Record<string, string>,
): Promise<unknown> {
  if (op === "hubs") {
    const hubs = (await listHubs(deps, viewer)).filter((h) => h.as === "haulier" && h.status === "open");
    const contracts = await customerContracts(deps, viewer, hubs);
    return {
      // The vehicle types a contract or a single visit names (vehicleType), from the company's plans.
      vehicleTypes: (await vehicleChoices(deps, viewer)).map(({ key, label, batteryKwh, maxKw }) => ({
        key,
        label,
        batteryKwh,
        maxKw,
      })),
      hubs: hubs.map((hub) => ({
        id: hub.id,
        name: hub.name,
        address: hub.address,
        prices: hub.prices,
        contracts: (contracts.get(hub.id) ?? [])
          .filter((c) => !c.adHoc)
          .map((c) => ({
            id: c.id,
            status: c.status,
            vehicleType: c.vehicleType,
            vehicles: c.vehicles,
            visits: c.windowText,
            startsOn: c.startsOn,
            endsOn: c.endsOn,
            energyKwh: c.energyKwh,
            pencePerKwh: c.pencePerKwh,
          })),
      })),
    };
  }
  const hub = await customerHub(deps, viewer, params.hubId);
  if (op === "hub-bookings") return { bookings: await hubBookings(deps, viewer, hub) };
  if (op === "hub-book") {
    const body = await readJsonBody(request, MAX_BODY_BYTES);
    // The policy first (a contract at this hub the key's company may book within), then the body.
    await requireContract(
      deps,
      viewer,
      idOf(String((body as { contractId?: unknown })?.contractId ?? "")),
      "contract.book",
      hub.id,
    );
    const input = parseBody(bookingSchema, body);
    // The contract must be at this hub (another hub's in this hub's address is not found) and the company's.
    return { id: await bookVisit(deps, viewer, hub.id, input) };
  }
  if (op === "hub-visit") {
    await requireHub(deps, viewer, hub.id, "hub.visit");
    const input = parseBody(adHocSchema, await readJsonBody(request, MAX_BODY_BYTES));
    return { id: await bookAdHoc(deps, viewer, hub.id, input) };
  }
  if (op === "hub-cancel") {
    const bookingId = idOf(params.bookingId);
    await cancelBooking(deps, viewer, hub.id, bookingId);
    return { cancelled: bookingId };
  }
  const statement = await hubStatement(deps, viewer, hub.id, parseMonth(params.month ?? null), null);
  return {
    number: statement.number,
    month: statement.month,
    hub: statement.hub,
    wh: statement.wh,
    pence: statement.pence,
    lines: statement.lines,
  };
}
