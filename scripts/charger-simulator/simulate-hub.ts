/**
 * A charging hub played over real OCPP-J (npm run chargers:simulate -- --hub <id>): five hauliers' contracted fleets
 * (hub-fleets.ts: contracts the engine accepted, visits booked for today and tomorrow) arrive and leave at random
 * within their windows, each plugging in with its booking's tag; walk-ins nobody booked come now and then and take a
 * bay only when one is spare beyond the booked vehicles due within the hour. The hub's chargers are SIM-<depot>-NN.
 * It runs on the real clock: a booking is the server's, matched by its tag and its time.
 */
import type { Runtime } from "~/lib/runtime.server";
import { UK_ZONE } from "~/lib/uk-dates";

import { readDepotPlan } from "../../app/features/planning/index.server";
import { bookedVisits, bookTwoDays, hubHauliers } from "./hub-fleets";
import { bootAll, simulatedChargers, stopOnSignal, unreadable } from "./register";
import type { SimCharger } from "./sim-charger";
import type { SimOptions } from "./simulate-depot";

type Visit = Awaited<ReturnType<typeof bookedVisits>>[number] & { walkIn?: boolean };
const MINUTE = 60_000;
/** A walk-in turns up on average this often. */
const WALK_IN_EVERY_MS = 20 * MINUTE;

const clock = (ms: number) =>
  new Date(ms).toLocaleTimeString("en-GB", { timeZone: UK_ZONE, hour: "2-digit", minute: "2-digit" });

export async function simulateHub(runtime: Runtime, hubId: number, { url, count, speed, meterSeconds }: SimOptions) {
  if (speed !== 1) console.log("A hub runs on the real clock (its bookings are the server's): --speed is ignored.");
  const hub = await runtime.database.db
    .selectFrom("hubs")
    .innerJoin("depots", "depots.id", "hubs.depot_id")
    .select(["hubs.id", "hubs.name", "hubs.status", "hubs.depot_id as depotId", "depots.company_id as companyId"])
    .where("hubs.id", "=", hubId)
    .executeTakeFirst()
    .catch(unreadable(runtime, "hubs"));
  if (!hub) {
    console.error(`No hub ${hubId}. Its id is in the address of its page (/electrify/hubs/<id>).`);
    process.exit(2);
  }
  if (hub.status !== "open" || hub.companyId === null) {
    console.error(`${hub.name} is not open yet: the consultancy's admins approve it first.`);
    process.exit(2);
  }
  const plan = (await readDepotPlan(runtime, hub.depotId))?.inputs;
  const chargerCount = count || plan?.chargers.reduce((n, c) => n + c.count, 0) || 10;
  const maxKw = plan?.chargers[0]?.powerKw ?? 22;
  const hauliers = await hubHauliers(runtime, { id: hub.id, companyId: hub.companyId! });
  const booked = await bookTwoDays(runtime, hub.id, hauliers);
  const visits: Visit[] = await bookedVisits(runtime, hub.id);
  const chargers = await simulatedChargers(
    runtime,
    { id: hub.depotId, name: hub.name },
    { url, count: chargerCount, maxKw },
  );
  await runtime.database.destroy();
  await bootAll(chargers, url);
  console.log(
    `${chargers.length} simulated chargers connected to ${url} for ${hub.name}: ${hauliers.length} hauliers, ${booked} visits booked now, ${visits.length} booked today and tomorrow. Ctrl-C stops them.`,
  );
  play(chargers, visits, meterSeconds);
}

/** Plugs vehicles in and out each second, charges, reports, and says how the hub is doing each minute. */
function play(chargers: SimCharger[], visits: Visit[], meterSeconds: number) {
  const at = new Map<Visit, number>(); // visit → its charger
  const done = new Set<Visit>();
  let walkIns = 0;
  let turnedAway = 0;
  let tick = 0;
  let busy = false;
  const loop = setInterval(() => {
    if (busy) return;
    busy = true;
    tick++;
    const now = Date.now();
    void (async () => {
      if (Math.random() < 1000 / WALK_IN_EVERY_MS) {
        const stay = (45 + Math.random() * 75) * MINUTE;
        visits.push({
          tag: `WALKIN-${++walkIns}`,
          arriveAt: now,
          leaveAt: now + stay,
          energyKwh: 15 + Math.random() * 15,
          batteryKwh: 75,
          maxKw: 22,
          walkIn: true,
        });
      }
      for (const visit of visits) {
        const charger = at.get(visit);
        if (charger !== undefined && now >= visit.leaveAt) {
          await chargers[charger]!.unplug();
          at.delete(visit);
          done.add(visit);
        } else if (charger === undefined && !done.has(visit) && now >= visit.arriveAt && now < visit.leaveAt) {
          const free = chargers.flatMap((c, i) => (c.plugged ? [] : [i]));
          // A walk-in takes a bay only when one is spare beyond the booked vehicles due within the hour.
          const due = visits.filter(
            (v) => !v.walkIn && !at.has(v) && !done.has(v) && v.arriveAt < now + 60 * MINUTE,
          ).length;
          if (free.length === 0 || (visit.walkIn && free.length <= due)) {
            if (visit.walkIn) {
              turnedAway++;
              done.add(visit);
            }
            continue;
          }
          const soc = 0.2 * visit.batteryKwh;
          await chargers[free[0]!]!.plugIn({
            tag: visit.tag,
            batteryKwh: visit.batteryKwh,
            maxKw: visit.maxKw,
            socKwh: soc,
            targetKwh: Math.min(visit.batteryKwh, soc + visit.energyKwh),
          });
          at.set(visit, free[0]!);
        }
      }
      for (const [i, charger] of chargers.entries()) {
        charger.charge(1);
        if (tick % meterSeconds === i % meterSeconds) await charger.report();
      }
      if (tick % 60 === 0) {
        const charging = [...at.keys()];
        const kw = chargers.reduce((sum, c) => sum + c.powerW / 1000, 0);
        console.log(
          `${clock(now)} booked: ${charging.filter((v) => !v.walkIn).length} plugged in, ${visits.filter((v) => !v.walkIn && done.has(v)).length} left · walk-ins: ${charging.filter((v) => v.walkIn).length} plugged in, ${turnedAway} turned away · ${kw.toFixed(1)} kW drawn`,
        );
      }
    })()
      .catch((error: unknown) => console.error(error instanceof Error ? error.message : error))
      .finally(() => (busy = false));
  }, 1000);
  stopOnSignal(chargers, loop);
}
