/**
 * Simulated charge points for a depot (npm run chargers:simulate -- --depot <id>): registers SIM-<depot>-NN chargers
 * to the depot, connects them to the running server, and plugs the depot's vehicles in and out on their duty (from the
 * depot's charging plan; without one, day and night vans). The duty's clock runs `speed` times faster.
 */
import { DateTime } from "luxon";

import { membershipsOf, withDepots } from "~/features/team/index.server";
import { addVehicleTag, ownerOfTag } from "~/features/vehicles/index.server";
import type { Runtime } from "~/lib/runtime.server";
import { UK_ZONE } from "~/lib/uk-dates";

import type { PlanRequest } from "../../app/features/planning/index";
import { readDepotPlan } from "../../app/features/planning/index.server";
import { tripUnderWay } from "../../app/features/vehicles/internals";
import { bootAll, simulatedChargers, stopOnSignal, unreadable } from "./register";

type Duty = PlanRequest["vehicles"][number]["week"];
type FleetVehicle = { tag: string; batteryKwh: number; maxKw: number; targetKwh: number; week: Duty; kwhPerKm: number };
export type SimOptions = { url: string; count: number; speed: number; meterSeconds: number };

/** The vehicles of the plan (each group's count), or day and night vans. */
function fleetOf(inputs: PlanRequest | null, count: number): FleetVehicle[] {
  const van = { batteryKwh: 75, maxKw: 11, kwhPerKm: 0.3 };
  const days = (depart: number, back: number) =>
    Array.from({ length: 7 }, (_, d) => (d < 6 ? { depart, return: back, km: 120 } : null));
  if (!inputs)
    return Array.from({ length: count }, (_, i) => ({
      ...van,
      tag: `${i % 2 ? "NIGHT" : "DAY"}-${String(i + 1).padStart(2, "0")}`,
      targetKwh: 0.9 * van.batteryKwh,
      week: i % 2 ? days(19 * 60, 5 * 60) : days(7 * 60, 17 * 60),
    }));
  return inputs.vehicles.flatMap((group) => {
    const type = inputs.vehicleTypes.find((t) => t.id === group.typeId)!;
    return Array.from({ length: group.count }, (_, n) => ({
      tag: `${group.id}-${String(n + 1).padStart(2, "0")}`,
      batteryKwh: type.batteryKwh,
      maxKw: type.maxChargeKw,
      kwhPerKm: type.consumptionKwhPerKm,
      targetKwh: (group.targetSocPct / 100) * type.batteryKwh,
      week: group.week,
    }));
  });
}

/**
 * The fleet's tags named as the depot's vehicles, as its owner would on Operations: only a depot's own vehicles charge
 * there (decision 057). A tag already some company's is left as it is.
 */
async function nameFleet(runtime: Runtime, depotId: number, fleet: FleetVehicle[]) {
  const db = runtime.database.db;
  const user = await db
    .selectFrom("depots")
    .innerJoin("user", "user.id", "depots.user_id")
    .select(["user.id", "user.email"])
    .where("depots.id", "=", depotId)
    .executeTakeFirst();
  const current = user && (await membershipsOf(db, user)).find((m) => m.current);
  if (!user || !current) return console.warn("The depot's owner is not known: its vehicles' tags are not named.");
  const { id, name, role, memberId } = current;
  const viewer = { ...user, isAdmin: false, company: await withDepots(db, { id, name, role, memberId }) };
  let named = 0;
  for (const vehicle of fleet) {
    if ((await ownerOfTag(db, vehicle.tag)) !== null) continue;
    const groupId = /^(g\d+)-/.exec(vehicle.tag)?.[1];
    await addVehicleTag(runtime, viewer, depotId, { tag: vehicle.tag, vehicle: `Sim ${vehicle.tag}`, groupId });
    named++;
  }
  if (named) console.log(`${named} vehicles' tags named at the depot (only its own vehicles charge there).`);
}

/** Away on the duty's clock (a trip under way, as the live controller counts it), and the trip its charge is short by. */
function away(week: Duty, at: number): { away: boolean; tripKwh: (v: FleetVehicle) => number } {
  const trip = (day: NonNullable<Duty>[number]) => (v: FleetVehicle) => day!.energyKwh ?? (day!.km ?? 0) * v.kwhPerKm;
  const under = tripUnderWay(week, at);
  if (under) return { away: true, tripKwh: trip(under.duty) };
  // At the depot: back from today's trip, or about to leave on it (else yesterday's).
  const weekday = DateTime.fromMillis(at, { zone: UK_ZONE }).weekday;
  const today = week?.[weekday - 1] ?? null;
  const yesterday = week?.[(weekday + 5) % 7] ?? null;
  return { away: false, tripKwh: today ? trip(today) : yesterday ? trip(yesterday) : () => 0 };
}

export async function simulateDepot(
  runtime: Runtime,
  depotId: number,
  { url, count, speed, meterSeconds }: SimOptions,
) {
  // The server's own database (DATA_DIR or DATABASE_URL, as it was started with): one it never opened has no tables.
  const depot = await runtime.database.db
    .selectFrom("depots")
    .select(["id", "depot_name"])
    .where("id", "=", depotId)
    .executeTakeFirst()
    .catch(unreadable(runtime, "depots"));
  if (!depot) {
    console.error(`No depot ${depotId}. Its id is in the address of its page (/electrify/depots/<id>/layout).`);
    process.exit(2);
  }
  const plan = (await readDepotPlan(runtime, depotId))?.inputs ?? null;

  const fleet = fleetOf(plan, count);
  await nameFleet(runtime, depotId, fleet);
  const maxKw = plan?.chargers[0]?.powerKw ?? 22;
  const chargers = await simulatedChargers(runtime, { id: depot.id, name: depot.depot_name }, { url, count, maxKw });
  await runtime.database.destroy();

  const started = Date.now();
  const simNow = () => started + (Date.now() - started) * speed;
  await bootAll(chargers, url);
  console.log(
    `${chargers.length} simulated chargers connected to ${url} for ${depot.depot_name} (duty clock ×${speed}). Ctrl-C stops them.`,
  );

  let tick = 0;
  let busy = false;
  const loop = setInterval(() => {
    if (busy) return;
    busy = true;
    tick++;
    void (async () => {
      let plugsThisSecond = 0;
      await Promise.all(
        chargers.map(async (charger, i) => {
          const vehicle = fleet[i];
          if (vehicle) {
            const state = away(vehicle.week, simNow());
            if (state.away && charger.plugged) await charger.unplug();
            // A few plug-ins a second, so a depot's vehicles arrive over the first seconds, not in one instant.
            else if (!state.away && !charger.plugged && plugsThisSecond++ < 3)
              await charger.plugIn({
                tag: vehicle.tag,
                batteryKwh: vehicle.batteryKwh,
                maxKw: vehicle.maxKw,
                targetKwh: vehicle.targetKwh,
                socKwh: Math.max(0.1 * vehicle.batteryKwh, vehicle.targetKwh - state.tripKwh(vehicle)),
              });
          }
          charger.charge(1);
          if (tick % meterSeconds === i % meterSeconds) await charger.report();
        }),
      ).catch((error: unknown) => console.error(error instanceof Error ? error.message : error));
      busy = false;
    })();
  }, 1000);

  stopOnSignal(chargers, loop);
}
