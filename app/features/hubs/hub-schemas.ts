/**
 * The hub forms' rules (browser-safe; the server parses with the same schemas): offering a depot as a hub, its price
 * list, and a haulier's request for capacity. Prices are whole pence.
 */
import { z } from "zod";

import { quarterHour, windowProblems } from "./visit-window";

const days = z.preprocess(
  (value) => (Array.isArray(value) ? value : value === undefined || value === "" ? [] : [value]),
  z.array(z.coerce.number().int().min(0).max(6)).max(7),
);
const pence = (label: string, most: number) =>
  z.coerce
    .number({ message: `${label} must be a number of pence.` })
    .int(`${label} must be whole pence.`)
    .min(0, `${label} cannot be negative.`)
    .max(most, `${label} can be at most ${most}p.`);

export const priceListSchema = z.object({
  pencePerKwh: pence("The price per kWh", 500).refine((p) => p > 0, "The price per kWh must be at least 1p."),
  pencePerVisit: pence("The price per visit", 10_000),
  pencePerReservedHour: pence("The price per reserved hour", 10_000),
  overstayPencePerHour: pence("The overstay charge per hour", 10_000),
  graceMinutes: z.coerce
    .number({ message: "The grace time must be a number of minutes." })
    .int("The grace time must be whole minutes.")
    .min(0, "The grace time cannot be negative.")
    .max(240, "The grace time can be at most 240 minutes."),
});
export type PriceList = z.infer<typeof priceListSchema>;

/** A depot offered as a hub: its public name, when it is open, and its prices. */
export const hubOfferSchema = priceListSchema.extend({
  depotId: z.coerce.number().int().positive("Choose a depot."),
  name: z.string().trim().min(2, "Give the hub a name.").max(80, "The name can be at most 80 characters."),
  openDays: days.refine((d) => d.length > 0, "Choose at least one day it is open."),
  openFrom: quarterHour,
  openTo: quarterHour,
});
export type HubOffer = z.infer<typeof hubOfferSchema>;

const energyKwh = z.coerce
  .number({ message: "Give the energy a visit needs in kWh." })
  .positive("A visit needs some energy.")
  .max(1_000, "A visit can ask for at most 1,000 kWh.");
const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Choose a day from the list.");
/** How long a contract may run, in months (0: with no end date). */
export const CONTRACT_TERMS = [0, 1, 3, 6, 12] as const;

/** A haulier's request: a vehicle type from its plans, how many, when they visit, and the energy a visit. */
export const contractRequestSchema = z
  .object({
    vehicleType: z.string().min(1, "Choose a vehicle type.").max(200),
    vehicles: z.coerce
      .number({ message: "Give a number of vehicles." })
      .int("Give a whole number of vehicles.")
      .min(1, "At least one vehicle.")
      .max(100, "At most 100 vehicles in one contract."),
    days,
    arriveFrom: quarterHour,
    arriveTo: quarterHour,
    departFrom: quarterHour,
    departTo: quarterHour,
    energyKwh,
    // The day it starts (none: today) and how many months it runs (0: until either side ends it).
    startsOn: z
      .union([z.literal(""), isoDay])
      .optional()
      .transform((v) => v || null),
    months: z.coerce
      .number()
      .int()
      .default(0)
      .refine((m) => (CONTRACT_TERMS as readonly number[]).includes(m), "Choose how long the contract runs."),
  })
  .superRefine((value, ctx) => {
    for (const problem of windowProblems(value))
      ctx.addIssue({ code: "custom", path: [problem.field], message: problem.message });
  });
export type ContractRequest = z.infer<typeof contractRequestSchema>;

const vehicleName = z
  .string()
  .trim()
  .min(2, "Give the vehicle's registration or name.")
  .max(20, "At most 20 characters.");
/** The card or vehicle id a booked vehicle starts charging with: how the charger knows whose it is. */
const tag = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9-]{2,40}$/, "The tag is the card or vehicle id it charges with: 2–40 letters, digits or dashes.")
  .transform((t) => t.toUpperCase());

/** A visit booked within an accepted contract: a day it covers, a vehicle and its tag. */
export const bookingSchema = z.object({
  contractId: z.coerce.number().int().positive(),
  visitDate: isoDay,
  vehicle: vehicleName,
  tag,
});
export type BookingInput = z.infer<typeof bookingSchema>;

/**
 * A single visit outside any contract, at the hub's list price (an "ad hoc" visit): one vehicle on one date, arriving
 * and leaving at given times; checked by the engine against the hub's contracts like a contract of its own.
 */
export const adHocSchema = z
  .object({
    visitDate: isoDay,
    arriveAt: quarterHour,
    departAt: quarterHour,
    vehicleType: z.string().min(1, "Choose a vehicle type.").max(200),
    energyKwh,
    vehicle: vehicleName,
    tag,
  })
  .superRefine((value, ctx) => {
    const window = {
      days: [0],
      arriveFrom: value.arriveAt,
      arriveTo: value.arriveAt,
      departFrom: value.departAt,
      departTo: value.departAt,
    };
    for (const problem of windowProblems(window))
      ctx.addIssue({
        code: "custom",
        path: [problem.field === "departFrom" || problem.field === "departTo" ? "departAt" : "arriveAt"],
        message: problem.message,
      });
  });
export type AdHocVisit = z.infer<typeof adHocSchema>;
