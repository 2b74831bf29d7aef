/**
 * The fleet API document's network calls (issue 60, item 4), from the schemas each instruction and flexibility request
 * is checked with.
 */
import { z } from "zod";

import { instructionSchema, MAX_INSTRUCTIONS } from "~/features/connections";
import { flexApiSchema, storedAnswerSchema } from "~/features/flexibility";

import { errors } from "./openapi-errors";

const depotId = z.coerce.number().int().positive().meta({ description: "The depot's id (GET /depots lists them)" });

export const networkPaths = {
  "/api/v1/depots/{depotId}/network": {
    put: {
      summary:
        "Tell what the network says now of the depot's site: the limits it sets (kVA at most, from and until, each only lowering the connection, ending in the future and lasting at most 7 days), which replace those told before that have not ended. Each call is also the network's channel heard: a flexible connection's non-firm part is used only while it is heard, so send this at least every 5 minutes (an empty list when nothing is limited); silent longer, the chargers are held to the firm part",
      requestParams: { path: z.object({ depotId }) },
      requestBody: {
        content: {
          "application/json": {
            schema: z.object({ instructions: z.array(instructionSchema).max(MAX_INSTRUCTIONS) }),
          },
        },
      },
      responses: {
        "200": {
          description: "Taken, and obeyed from now",
          content: {
            "application/json": { schema: z.object({ instructions: z.number().int(), heardAt: z.string() }) },
          },
        },
        ...errors(401, 404, 413, 422, 429),
      },
    },
  },
  "/api/v1/depots/{depotId}/flexibility": {
    post: {
      summary:
        "Ask the depot to draw less over a window (a flexibility request from the network: 15 minutes to 12 hours, starting within 7 days): answered at once from the depot's plan with what the fleet can spare without a vehicle leaving shorter (askedKw left out: as much as it can), and the site held to it over the window. The delivery is measured from the chargers' meters against the answer's baseline once the window has passed, and shown on the depot's network page",
      requestParams: { path: z.object({ depotId }) },
      requestBody: { content: { "application/json": { schema: flexApiSchema } } },
      responses: {
        "200": {
          description: "Answered: offered (the site held to capKva over the window), declined with why, or failed",
          content: {
            "application/json": {
              schema: z.object({
                request: z.object({
                  id: z.number().int(),
                  status: z.enum(["offered", "declined", "failed"]),
                  note: z.string().nullable(),
                  answer: storedAnswerSchema.nullable(),
                }),
              }),
            },
          },
        },
        ...errors(401, 404, 413, 422, 429),
      },
    },
  },
};
