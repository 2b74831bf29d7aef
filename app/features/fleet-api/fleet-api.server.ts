/**
 * The fleet API (issue 49): what a haulier's own systems tell Electrify of their vehicles — each one's state of
 * charge, next departure and target, or a depot's whole schedule in one call — and what they may read back (the
 * readiness board). Every call: the key first (401), then its rate (429), then the policy for its depot or hub (404
 * for another company's, 403 for a scope the key was not given), then the body against the same schemas as the
 * board's form (422, naming each field); and every call is written to the key's trail whatever it was answered.
 */
import { z } from "zod";

import { chargersForApi, registerChargersFromApi } from "~/features/chargers/index.server";
import { siteReadingSchema } from "~/features/charging-records";
import { tellSiteReading } from "~/features/charging-records/index.server";
import { checkInstruction, instructionSchema, MAX_INSTRUCTIONS } from "~/features/connections";
import { tellNetworkState } from "~/features/connections/index.server";
import { requireDepot } from "~/features/depots/index.server";
import { flexApiSchema, flexFromApi } from "~/features/flexibility";
import { receiveFlex } from "~/features/flexibility/index.server";
import { connectionMostKva } from "~/features/live-control";
import { depotSite } from "~/features/live-control/index.server";
import { depotOperations } from "~/features/operations/index.server";
import { scheduleSchema, vehicleStateSchema } from "~/features/vehicles";
import { depotsWithVehicles, setVehicleStates } from "~/features/vehicles/index.server";
import type { Principal } from "~/lib/access/policy";
import { consumeRateLimit } from "~/lib/rate-limit.server";
import { readJsonBody } from "~/lib/request-body.server";
import type { Runtime } from "~/lib/runtime.server";
import { UserError } from "~/lib/user-error";

import { principalOfKey } from "./api-keys.server";
import { runHubCall, type HubOperation } from "./hub-calls.server";
import { parseBody as parse } from "./parse-body";

type Deps = Pick<Runtime, "database" | "log">;

/** Calls per key per minute: a fleet system's updates every few minutes for hundreds of vehicles, not a flood. */
export const API_RATE = { max: 120, windowSeconds: 60 } as const;
/** The largest body a call takes (a schedule of 500 vehicles is about 60 KB). */
export const MAX_API_BODY_BYTES = 256 * 1024;

const networkSchema = z.object({
  instructions: z
    .array(instructionSchema)
    .max(MAX_INSTRUCTIONS, `At most ${MAX_INSTRUCTIONS} instructions in one call`),
});

type Answer = { status: number; body: unknown; headers?: Record<string, string> };
export type ApiOperation =
  | "depots"
  | "vehicle-state"
  | "schedule"
  | "readiness"
  | "meter"
  | "network"
  | "flexibility"
  | "chargers"
  | "register-chargers"
  | HubOperation;

const json = ({ status, body, headers }: Answer) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store", ...headers },
  });

/** Runs one operation as the key's principal: each door it calls asks the policy (the key's company, its scopes). */
async function run(deps: Deps, key: Principal, op: ApiOperation, request: Request, params: Record<string, string>) {
  if (op.startsWith("hub")) return runHubCall(deps, key, op as HubOperation, request, params);
  if (op === "depots") return { depots: await depotsWithVehicles(deps, key) };
  const depotId = Number(params.depotId);
  const id = Number.isSafeInteger(depotId) ? depotId : 0;
  if (op === "readiness") {
    const { depot, readiness } = await depotOperations(deps, key, id);
    return { depot: depot.name, vehicles: readiness.rows };
  }
  if (op === "chargers") return { chargers: await chargersForApi(deps, key, id) };
  if (op === "register-chargers") {
    // The depot first (404 for another company's, 403 without the scope), then the body.
    await requireDepot(deps.database.db, key, id, "chargers.register");
    const chargers = await registerChargersFromApi(deps, key, id, await readJsonBody(request, MAX_API_BODY_BYTES));
    return { chargers, note: "Each password is shown this once: configure it on its charger" };
  }
  if (op === "meter") {
    // The depot first (404 for another company's), then the body.
    await requireDepot(deps.database.db, key, id, "operations.tell");
    const reading = parse(siteReadingSchema, await readJsonBody(request, MAX_API_BODY_BYTES));
    return tellSiteReading(deps, key, id, reading);
  }
  await requireDepot(deps.database.db, key, id, "operations.tell");
  if (op === "flexibility") {
    // A request to draw less over a window, answered from the depot's plan (as on the network page).
    const request_ = flexFromApi(parse(flexApiSchema, await readJsonBody(request, MAX_API_BODY_BYTES)));
    return { request: await receiveFlex(deps, id, request_, { viewer: key, api: true }) };
  }
  if (op === "network") {
    // What the network says now: its limits on the site (each checked against the connection), and it is heard.
    const { instructions } = parse(networkSchema, await readJsonBody(request, MAX_API_BODY_BYTES));
    const site = await depotSite(deps, id);
    const now = Date.now();
    const checked = instructions.map((instruction, i) => {
      try {
        return checkInstruction(instruction, { mostKva: connectionMostKva(site), now });
      } catch (error) {
        if (!(error instanceof UserError)) throw error;
        const fields = Object.fromEntries(
          Object.entries(error.fieldErrors).map(([f, m]) => [`instructions[${i}].${f}`, m]),
        );
        throw new UserError(`Instruction ${i + 1}: ${error.message}`, { status: 422, fieldErrors: fields });
      }
    });
    return tellNetworkState(deps, key, id, checked);
  }
  if (op === "vehicle-state") {
    const state = parse(vehicleStateSchema, await readJsonBody(request, MAX_API_BODY_BYTES));
    const [done] = await setVehicleStates(deps, key, id, [{ vehicle: params.vehicle ?? "", state }], "fleet");
    return done;
  }
  const { vehicles } = parse(scheduleSchema, await readJsonBody(request, MAX_API_BODY_BYTES));
  const done = await setVehicleStates(
    deps,
    key,
    id,
    vehicles.map(({ vehicle, ...state }) => ({ vehicle, state })),
    "fleet",
  );
  return { vehicles: done };
}

/** Answers one call of the API, and writes it to its key's trail. */
export async function answerFleetApi(
  deps: Deps,
  request: Request,
  op: ApiOperation,
  params: Record<string, string>,
): Promise<Response> {
  const presented = /^Bearer\s+(\S+)$/i.exec(request.headers.get("authorization") ?? "")?.[1];
  const key = presented ? await principalOfKey(deps, presented) : null;
  if (!key)
    return json({
      status: 401,
      body: {
        error: presented
          ? "This API key is not valid: it was revoked, or never issued"
          : "Send your API key as the header Authorization: Bearer <key> (an owner creates keys on the Team page)",
      },
      headers: { "WWW-Authenticate": 'Bearer realm="Electrify fleet API"' },
    });
  let answer: Answer;
  const keyId = key.apiKey!.id;
  const rate = await consumeRateLimit(deps.database.db, `api-key:${keyId}`, API_RATE);
  if (!rate.allowed)
    answer = {
      status: 429,
      body: {
        error: `Too many calls: at most ${API_RATE.max} a minute for a key. Try again in ${rate.retryAfterSeconds} s`,
      },
      headers: { "Retry-After": String(rate.retryAfterSeconds) },
    };
  else
    try {
      answer = { status: 200, body: await run(deps, key, op, request, params) };
    } catch (error) {
      if (!(error instanceof UserError)) throw error;
      const fields = Object.keys(error.fieldErrors).length ? { fields: error.fieldErrors } : {};
      answer = { status: error.status, body: { error: error.message, ...fields } };
    }
  const url = new URL(request.url);
  const now = new Date().toISOString();
  const detail = answer.status === 200 ? null : String((answer.body as { error?: string }).error ?? "").slice(0, 300);
  await deps.database.db
    .insertInto("api_calls")
    .values({
      api_key_id: keyId,
      method: request.method,
      path: url.pathname.slice(0, 300),
      status: answer.status,
      detail,
      created_at: now,
    })
    .execute();
  await deps.database.db.updateTable("api_keys").set({ last_used_at: now }).where("id", "=", keyId).execute();
  return json(answer);
}
