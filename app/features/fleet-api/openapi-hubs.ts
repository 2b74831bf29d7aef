/** The fleet API document's hub calls (issue 50), from the very schemas the hub's forms and the API validate with. */
import { z } from "zod";

import { adHocSchema, bookingSchema } from "~/features/hubs";

import { errors } from "./openapi-errors";

const hubId = z.coerce.number().int().positive().meta({ description: "The hub's id (GET /hubs lists them)" });
const created = z.object({ id: z.number().meta({ description: "The booking's id" }) });
const booking = z
  .object({
    id: z.number(),
    contractId: z.number(),
    company: z.string(),
    visitDate: z.string().meta({ description: "yyyy-MM-dd (UK)" }),
    vehicle: z.string(),
    tag: z.string(),
    adHoc: z.boolean().meta({ description: "A single visit at the list price, outside any contract" }),
  })
  .meta({ id: "HubBooking" });
const json = (schema: z.ZodType, description: string) => ({
  description,
  content: { "application/json": { schema } },
});

export const hubPaths = {
  "/api/v1/hubs": {
    get: {
      summary: "The charging hubs the company may use, their prices, and its contracts at each",
      responses: {
        "200": json(z.object({ hubs: z.array(z.object({ id: z.number(), name: z.string() })) }), "The hubs"),
        ...errors(401, 429),
      },
    },
  },
  "/api/v1/hubs/{hubId}/bookings": {
    get: {
      summary: "The company's visits booked at the hub from today",
      requestParams: { path: z.object({ hubId }) },
      responses: { "200": json(z.object({ bookings: z.array(booking) }), "The bookings"), ...errors(401, 404, 429) },
    },
    post: {
      summary:
        "Book a visit within one of the company's accepted contracts at the hub: a day it covers, a vehicle and the tag it charges with",
      requestParams: { path: z.object({ hubId }) },
      requestBody: { content: { "application/json": { schema: bookingSchema } } },
      responses: { "200": json(created, "Booked; the hub keeps its room"), ...errors(400, 401, 404, 413, 422, 429) },
    },
  },
  "/api/v1/hubs/{hubId}/bookings/{bookingId}": {
    delete: {
      summary: "Cancel a booking: its room is freed at once",
      requestParams: { path: z.object({ hubId, bookingId: z.coerce.number().int().positive() }) },
      responses: { "200": json(z.object({ cancelled: z.number() }), "Cancelled"), ...errors(401, 404, 429) },
    },
  },
  "/api/v1/hubs/{hubId}/visits": {
    post: {
      summary:
        "Book a single visit at the hub's list price, outside any contract: taken only where the engine finds room that day",
      requestParams: { path: z.object({ hubId }) },
      requestBody: { content: { "application/json": { schema: adHocSchema } } },
      responses: { "200": json(created, "Booked at the list price"), ...errors(400, 401, 404, 409, 413, 422, 429) },
    },
  },
  "/api/v1/hubs/{hubId}/statements/{month}": {
    get: {
      summary: "The company's statement at the hub for a month: each line in whole pence, the total equal to the lines",
      requestParams: {
        path: z.object({
          hubId,
          month: z
            .string()
            .regex(/^\d{4}-\d{2}$/)
            .meta({ description: "yyyy-MM" }),
        }),
      },
      responses: {
        "200": json(
          z.object({
            number: z.string(),
            month: z.string(),
            hub: z.string(),
            wh: z.number().meta({ description: "Metered energy, watt-hours" }),
            pence: z.number().int(),
            lines: z.array(
              z.object({
                date: z.string(),
                vehicle: z.string(),
                what: z.string(),
                quantity: z.string(),
                pence: z.number().int(),
              }),
            ),
          }),
          "The statement",
        ),
        ...errors(400, 401, 404, 429),
      },
    },
  },
};
