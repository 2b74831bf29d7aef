// Simulated charge points for a depot or a charging hub, over real OCPP-J (1.6J and 2.0.1 mixed):
//   npm run chargers:simulate -- --depot <id> [--count 20] [--url http://localhost:3000] [--speed 1] [--meter-seconds 10]
//   npm run chargers:simulate -- --hub <id> [--count N] [--url …] [--meter-seconds 10]
// A hub plays five hauliers' contracted fleets (booked for today and tomorrow) and walk-ins (charger-simulator/simulate-hub.ts).
// Registers SIM-<depot>-NN chargers to the depot (or gives existing ones new passwords), connects them to the
// running server, and plugs the depot's vehicles in and out on their duty (from the depot's charging plan; without
// one, day and night vans). --speed runs the duty's clock faster (60: a day in 24 minutes); power and energy stay real.
import { parseArgs } from "node:util";
import { pino } from "pino";

import { loadEnv } from "~/lib/env.server";
import { openRuntime } from "~/lib/runtime.server";

import { simulateDepot } from "./charger-simulator/simulate-depot";
import { simulateHub } from "./charger-simulator/simulate-hub";

const { values } = parseArgs({
  options: {
    depot: { type: "string" },
    hub: { type: "string" },
    count: { type: "string" },
    url: { type: "string" },
    speed: { type: "string", default: "1" },
    "meter-seconds": { type: "string", default: "10" },
  },
});
const id = Number(values.depot ?? values.hub);
// At a hub, one charger for each of its plan's chargers unless told (see simulate-hub.ts).
const count = values.count === undefined ? (values.hub ? 0 : 20) : Number(values.count);
const speed = Number(values.speed);
const meterSeconds = Number(values["meter-seconds"]);
if (
  !Number.isInteger(id) ||
  id < 1 ||
  (values.depot === undefined) === (values.hub === undefined) ||
  !(count >= (values.hub ? 0 : 1) && count <= 1000) ||
  !(speed > 0) ||
  !(meterSeconds >= 1)
) {
  console.error(
    "Usage: npm run chargers:simulate -- (--depot <id> | --hub <id>) [--count 1-1000] [--url URL] [--speed N] [--meter-seconds N]",
  );
  process.exit(2);
}

const env = loadEnv();
const url = (values.url ?? env.APP_URL).replace(/^http/, "ws").replace(/\/$/, "") + "/ocpp";
const runtime = await openRuntime(env, pino({ level: "warn" }), { migrate: false });

const options = { url, count, speed, meterSeconds };
if (values.hub) await simulateHub(runtime, id, options);
else await simulateDepot(runtime, id, options);
