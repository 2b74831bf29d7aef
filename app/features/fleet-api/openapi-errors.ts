/** The fleet API document's error answers: one shape, each status described once. */
import { z } from "zod";

import { API_RATE } from "./fleet-api.server";

const apiError = z
  .object({
    error: z.string().meta({ description: "What was refused, in words" }),
    fields: z
      .record(z.string(), z.string())
      .optional()
      .meta({ description: "The message of each refused field, by its path (vehicles[3].departsAt)" }),
  })
  .meta({ id: "Error" });

export const errors = (...codes: number[]) =>
  Object.fromEntries(
    codes.map((code) => [
      String(code),
      {
        description: {
          401: "No key, or a key that is revoked or was never issued",
          400: "A rule of the call was broken (a booking's day, a tag another fleet uses): the message says which",
          404: "No such depot, hub, contract, booking or statement for this key's company (another company's answers the same), or no such vehicle",
          409: "Two vehicles at the depot have that name (use its tag), or the hub has no room for the visit (the message says where it is full)",
          413: "The body is larger than 256 KB",
          422: "The body broke a rule: each field's message is in `fields`; nothing was changed",
          429: `More than ${API_RATE.max} calls in a minute with this key; see Retry-After`,
        }[code]!,
        content: { "application/json": { schema: apiError } },
      },
    ]),
  );
