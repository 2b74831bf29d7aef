import { z } from "zod";

/**
 * What the depot's people set by hand for a vehicle on charge (issue 49): when it leaves (a UK clock time, its next
 * occurrence) and the energy it needs from now. Both empty: back to what the vehicle or the plan says.
 */
export const vehicleNeedsSchema = z
  .object({
    sessionId: z.coerce.number({ message: "Choose a vehicle on charge" }).int().positive("Choose a vehicle on charge"),
    departs: z
      .string()
      .trim()
      .refine((v) => v === "" || /^([01]\d|2[0-3]):[0-5]\d$/.test(v), "Give the time it leaves as HH:MM (24-hour)"),
    neededKwh: z
      .string()
      .trim()
      .refine((v) => v === "" || (Number.isFinite(Number(v)) && Number(v) >= 0 && Number(v) <= 2000), {
        message: "Give the energy it needs from 0 to 2,000 kWh",
      }),
  })
  .transform((v) => ({
    sessionId: v.sessionId,
    departs: v.departs === "" ? null : v.departs,
    neededKwh: v.neededKwh === "" ? null : Number(v.neededKwh),
  }));

export type VehicleNeedsInput = z.output<typeof vehicleNeedsSchema>;
