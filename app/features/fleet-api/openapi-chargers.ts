/** The fleet API document's charger calls (issue 59, item 7), from the schema each charger is checked with. */
import { z } from "zod";

import { chargePointInputSchema } from "~/features/chargers";

import { errors } from "./openapi-errors";

const depotId = z.coerce.number().int().positive().meta({ description: "The depot's id (GET /depots lists them)" });
const charger = chargePointInputSchema.omit({ role: true }).meta({ id: "ChargerToRegister" });
const listed = z
  .object({
    id: z.number(),
    identity: z.string(),
    name: z.string(),
    connectors: z.number(),
    maxKw: z.number(),
    current: z.enum(["AC", "DC"]),
    protocol: z.string().nullable(),
    firmware: z.string().nullable(),
    securityProfile: z.number().meta({ description: "The lowest OCPP security profile it may connect with" }),
    connected: z.boolean(),
  })
  .meta({ id: "Charger" });

export const chargerPaths = {
  "/api/v1/depots/{depotId}/chargers": {
    get: {
      summary: "The depot's chargers, and whether each is connected",
      requestParams: { path: z.object({ depotId }) },
      responses: {
        "200": {
          description: "The chargers",
          content: { "application/json": { schema: z.object({ chargers: z.array(listed) }) } },
        },
        ...errors(401, 404, 429),
      },
    },
    post: {
      summary:
        "Register up to 500 chargers at once: all or none, each problem named. Each one's password is in the answer, once (a key with the chargers:write scope)",
      requestParams: { path: z.object({ depotId }) },
      requestBody: {
        content: { "application/json": { schema: z.object({ chargers: z.array(charger).min(1).max(500) }) } },
      },
      responses: {
        "200": {
          description: "Every charger registered",
          content: {
            "application/json": {
              schema: z.object({
                chargers: z.array(z.object({ id: z.number(), identity: z.string(), password: z.string() })),
                note: z.string(),
              }),
            },
          },
        },
        ...errors(401, 403, 404, 413, 422, 429),
      },
    },
  },
};
