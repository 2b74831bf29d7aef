/**
 * The fleet API's OpenAPI document, generated from the very zod schemas the API validates with (zod-openapi), so the
 * document cannot drift from what the server accepts. Served at /api/v1/openapi.json; linked from the README.
 */
import { z } from "zod";
import { createDocument } from "zod-openapi";

import { siteReadingSchema } from "~/features/charging-records";
import { scheduleSchema, vehicleStateSchema } from "~/features/vehicles";

import { chargerPaths } from "./openapi-chargers";
import { errors } from "./openapi-errors";
import { hubPaths } from "./openapi-hubs";
import { networkPaths } from "./openapi-network";

const depotId = z.coerce.number().int().positive().meta({ description: "The depot's id (GET /depots lists them)" });
const vehicle = z.string().meta({ description: "The vehicle's tag or its name, as on the depot's Vehicle tags card" });
const applied = z
  .object({
    vehicle: z.string(),
    ignored: z.array(z.string()).meta({ description: "Parts not taken: a state of charge read before the last one" }),
  })
  .meta({ id: "Applied" });

const readinessRow = z
  .object({
    vehicle: z.string(),
    status: z.enum(["short", "at risk", "ready", "unknown"]),
    charger: z.string().nullable(),
    departsAt: z.string().nullable(),
    targetPct: z.number().nullable(),
    leavesWithPct: z.number().nullable(),
    shortKwh: z.number(),
    plugInBy: z.string().nullable(),
  })
  .meta({ id: "ReadinessRow" });

const listDepots = {
  summary: "The company's depots and their named vehicles",
  responses: {
    "200": {
      description: "The depots",
      content: {
        "application/json": {
          schema: z.object({
            depots: z.array(
              z.object({
                id: z.number(),
                name: z.string(),
                vehicles: z.array(z.object({ vehicle: z.string(), tag: z.string() })),
              }),
            ),
          }),
        },
      },
    },
    ...errors(401, 429),
  },
};

let document: ReturnType<typeof createDocument> | null = null;

export function fleetApiDocument(serverUrl: string) {
  document ??= createDocument({
    openapi: "3.1.0",
    info: {
      title: "Electrify fleet API",
      version: "1.0.0",
      description:
        "Tell Electrify what your fleet's systems know of each vehicle (its state of charge, next departure and the charge it must leave with) so Box Charge charges it to that, and read back the readiness board. Every call takes a company's key (Authorization: Bearer elk_…), created by an owner on the Team page.",
    },
    components: { securitySchemes: { key: { type: "http", scheme: "bearer" } } },
    security: [{ key: [] }],
    paths: {
      "/api/v1/depots": { get: listDepots },
      "/api/v1/depots/{depotId}/vehicles/{vehicle}": {
        put: {
          summary: "Tell one vehicle's state of charge, next departure or target",
          requestParams: { path: z.object({ depotId, vehicle }) },
          requestBody: { content: { "application/json": { schema: vehicleStateSchema } } },
          responses: {
            "200": {
              description: "Taken; the chargers are shared again at once",
              content: { "application/json": { schema: applied } },
            },
            ...errors(401, 404, 409, 413, 422, 429),
          },
        },
      },
      "/api/v1/depots/{depotId}/schedule": {
        put: {
          summary: "Tell the depot's schedule (tonight's and tomorrow's departures) in one call: all taken, or none",
          requestParams: { path: z.object({ depotId }) },
          requestBody: { content: { "application/json": { schema: scheduleSchema } } },
          responses: {
            "200": {
              description: "Every vehicle taken",
              content: { "application/json": { schema: z.object({ vehicles: z.array(applied) }) } },
            },
            ...errors(401, 404, 409, 413, 422, 429),
          },
        },
      },
      "/api/v1/depots/{depotId}/meter": {
        put: {
          summary:
            "Tell the site's import at the connection (from the site's own meter): the room for charging is the connection less the building's real load. A reading holds for 5 minutes from when it was read; after that the building is counted at the higher of the plan's load and the last reading, plus 10 % of the connection, until the meter speaks again",
          requestParams: { path: z.object({ depotId }) },
          requestBody: { content: { "application/json": { schema: siteReadingSchema } } },
          responses: {
            "200": {
              description: "Taken (or ignored, when older than the last reading)",
              content: { "application/json": { schema: z.object({ ignored: z.boolean() }) } },
            },
            ...errors(401, 404, 413, 422, 429),
          },
        },
      },
      ...networkPaths,
      ...hubPaths,
      ...chargerPaths,
      "/api/v1/depots/{depotId}/readiness": {
        get: {
          summary: "The readiness board: every vehicle leaving in the next 24 hours, the ones at risk first",
          requestParams: { path: z.object({ depotId }) },
          responses: {
            "200": {
              description: "The board",
              content: {
                "application/json": { schema: z.object({ depot: z.string(), vehicles: z.array(readinessRow) }) },
              },
            },
            ...errors(401, 404, 429),
          },
        },
      },
    },
  });
  return { ...document, servers: [{ url: serverUrl }] };
}
