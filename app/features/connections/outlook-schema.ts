import { z } from "zod";

/** What an offer means for a depot's plan (outlook.ts), as kept with the offer and read back through this. */
const shortfall = { shortKwh: z.number(), vehiclesShort: z.number().int(), vehicles: z.array(z.string()) };
export const outlookSchema = z.object({
  offer: z.string(),
  mostKva: z.number(),
  base: z.object(shortfall),
  seasons: z.array(z.object({ season: z.enum(["winter", "summer"]), ...shortfall })).nullable(),
  curtailment: z
    .object({
      record: z.enum(["imported", "estimate"]),
      periodDays: z.number().int(),
      periods: z.number().int(),
      periodsCut: z.number().int(),
      periodsShort: z.number().int(),
      worst: z.object({ startsOn: z.string(), ...shortfall }).nullable(),
      oneInTenKwh: z.number(),
      battery: z.object({ powerKw: z.number(), energyKwh: z.number() }).nullable(),
    })
    .nullable(),
});
export type OfferOutlook = z.infer<typeof outlookSchema>;
export type Shortfall = OfferOutlook["base"];
