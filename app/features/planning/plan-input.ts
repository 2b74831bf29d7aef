import { z } from "zod";

import type { PlanInput } from "~/features/charging-engine";

import { businessCaseSchema } from "./business-case-input";

/**
 * What a user may ask the engine to plan, checked before it runs (on the
 * server for the Charging Plan tab, and in the browser for the Box Charge
 * calculator). Limits keep every plan small enough to compute in seconds.
 */
const MINUTES = z.number().int().min(0).max(1439);
const id = z.string().trim().min(1).max(60);
const label = z.string().trim().min(1, "Every item needs a name").max(100);

const dutyDay = z
  .object({
    depart: MINUTES,
    return: MINUTES,
    km: z.number().min(0).max(2000).optional(),
    energyKwh: z.number().min(0).max(2000).optional(),
  })
  .refine(
    (day) => day.km !== undefined || day.energyKwh !== undefined,
    "Give each working day a distance or an energy per trip",
  )
  .nullable();

export const MAX_VEHICLES = 1000;
export const MAX_CHARGERS = 500;
/** Vehicle types in one plan (a fleet described vehicle by vehicle may give each its own). */
export const MAX_VEHICLE_TYPES = 200;
/**
 * Steps × vehicles the engine takes on at once: a year at 15-minute steps
 * for 200 vehicles (7 million) is `npm run bench:planning`, each strategy
 * within about a second there (docs/benchmarks.md).
 */
export const MAX_WORK = 7_500_000;
/** A recorded vehicle's tours: several a day for a year. */
export const MAX_TRIPS_PER_VEHICLE = 3_000;
const MAX_HORIZON_MINUTES = 366 * 1440;

export const planInputSchema = z
  .object({
    vehicleTypes: z
      .array(
        z.object({
          id,
          name: label,
          batteryKwh: z
            .number()
            .min(1, "Battery must be at least 1 kWh")
            .max(2000, "Battery must be at most 2,000 kWh"),
          consumptionKwhPerKm: z.number().min(0.05).max(5),
          maxChargeKw: z.number().min(1).max(1000),
          chargeCurve: z
            .array(z.tuple([z.number().min(0).max(100), z.number().min(0).max(1000)]))
            .min(2, "A charging curve needs at least two points")
            .max(20, "A charging curve has at most 20 points")
            .refine(
              (points) => points.every((point, i) => i === 0 || point[0] > points[i - 1]![0]),
              "A charging curve's charge levels must rise from one point to the next",
            )
            .optional(),
        }),
      )
      .min(1, "Add at least one vehicle type")
      .max(MAX_VEHICLE_TYPES),
    vehicles: z
      .array(
        z.object({
          id,
          name: label,
          typeId: id,
          count: z.number().int().min(1).max(MAX_VEHICLES),
          week: z.array(dutyDay).length(7, "A duty pattern has one entry per weekday, Monday first"),
          targetSocPct: z.number().min(10).max(100),
          swapAt: MINUTES.optional(),
          // A recorded vehicle's tours (from a trip export), minutes from the start of the horizon.
          trips: z
            .array(
              z.object({
                depart: z.number().int().min(0).max(MAX_HORIZON_MINUTES),
                back: z.number().int().min(0).max(MAX_HORIZON_MINUTES),
                energyKwh: z.number().min(0).max(10_000),
                km: z.number().min(0).max(10_000).optional(),
              }),
            )
            .max(MAX_TRIPS_PER_VEHICLE)
            .optional(),
        }),
      )
      // Vehicles may be described one by one (a group of one each): the limit is MAX_VEHICLES and MAX_WORK, not a number of groups.
      .min(1, "Add at least one group of vehicles")
      .max(MAX_VEHICLES),
    chargers: z
      .array(
        z.object({
          id,
          name: label,
          count: z.number().int().min(1).max(MAX_CHARGERS),
          powerKw: z.number().min(1).max(1000),
          minKw: z.number().min(0).max(1000).optional(),
          serves: z.union([z.literal("all"), z.array(id).min(1).max(MAX_VEHICLE_TYPES)]),
        }),
      )
      .min(1, "Add at least one charger")
      .max(100),
    site: z.object({
      connectionKva: z.number().min(1).max(100_000),
      powerFactor: z.number().min(0.5).max(1),
      buildingKw: z.union([
        z.number().min(0).max(100_000),
        z.array(z.number().min(0).max(100_000)).length(24),
        z.object({ kind: z.literal("daily"), hourlyKw: z.array(z.number().min(0).max(100_000)).length(24) }),
        z.object({
          kind: z.literal("series"),
          start: z.string().max(40),
          intervalMinutes: z.number().int().min(1).max(1440),
          kw: z
            .array(z.number().min(0).max(100_000))
            .min(2)
            .max(366 * 24 * 12),
        }),
      ]),
      chargingEfficiency: z.number().min(0.5).max(1),
      battery: z
        .object({
          capacityKwh: z.number().min(1, "A site battery holds at least 1 kWh").max(100_000),
          powerKw: z.number().min(1, "A site battery's power is at least 1 kW").max(100_000),
          roundTripEfficiency: z.number().min(0.5).max(1),
        })
        .optional(),
    }),
    tariff: z.object({
      name: label,
      defaultPencePerKwh: z.number().min(0).max(1000),
      bands: z
        .array(
          z.object({
            days: z.array(z.number().int().min(0).max(6)).min(1).max(7),
            from: MINUTES,
            to: MINUTES,
            pencePerKwh: z.number().min(0).max(1000),
          }),
        )
        .max(48),
      standingPencePerDay: z.number().min(0).max(100_000),
      capacityPencePerKvaPerMonth: z.number().min(0).max(10_000),
    }),
    /** The business case's figures (not the engine's): absent means the defaults. */
    businessCase: businessCaseSchema.optional(),
    /** The chargers sizing chooses from, with prices (absent: the list prices of engine/sizing.ts). */
    chargerCatalogue: z
      .array(
        z.object({
          powerKw: z.number().min(1).max(1000),
          kind: z.enum(["AC", "DC"]),
          pricePounds: z.number().min(0).max(10_000_000),
        }),
      )
      .min(1)
      .max(12)
      .optional(),
    horizon: z.object({
      days: z.number().int().min(1).max(366),
      stepMinutes: z.union([z.literal(5), z.literal(15), z.literal(30), z.literal(60)]),
      startWeekday: z.number().int().min(0).max(6),
    }),
  })
  .superRefine((input, ctx) => {
    const types = new Set(input.vehicleTypes.map((type) => type.id));
    input.vehicles.forEach((group, i) => {
      if (!types.has(group.typeId))
        ctx.addIssue({
          code: "custom",
          path: ["vehicles", i, "typeId"],
          message: `${group.name}: choose one of the vehicle types`,
        });
    });
    input.chargers.forEach((charger, i) => {
      if (charger.minKw !== undefined && charger.minKw > charger.powerKw)
        ctx.addIssue({
          code: "custom",
          path: ["chargers", i, "minKw"],
          message: `${charger.name}: the lowest power cannot be above the charger's power`,
        });
      if (charger.serves !== "all" && charger.serves.some((type) => !types.has(type)))
        ctx.addIssue({
          code: "custom",
          path: ["chargers", i, "serves"],
          message: `${charger.name}: serves an unknown vehicle type`,
        });
    });
    input.vehicles.forEach((group, i) => {
      if (group.trips && group.count !== 1)
        ctx.addIssue({
          code: "custom",
          path: ["vehicles", i, "count"],
          message: `${group.name}: a recorded vehicle is one vehicle`,
        });
      if (group.trips?.some((t) => t.back < t.depart))
        ctx.addIssue({
          code: "custom",
          path: ["vehicles", i, "trips"],
          message: `${group.name}: a trip comes back before it leaves`,
        });
    });
    const vehicles = input.vehicles.reduce((sum, group) => sum + group.count, 0);
    if (vehicles > MAX_VEHICLES)
      ctx.addIssue({
        code: "custom",
        path: ["vehicles"],
        message: `At most ${MAX_VEHICLES.toLocaleString("en-GB")} vehicles in one plan`,
      });
    const chargers = input.chargers.reduce((sum, group) => sum + group.count, 0);
    if (chargers > MAX_CHARGERS)
      ctx.addIssue({ code: "custom", path: ["chargers"], message: `At most ${MAX_CHARGERS} chargers in one plan` });
    const steps = (input.horizon.days * 1440) / input.horizon.stepMinutes;
    if (steps * vehicles > MAX_WORK) {
      ctx.addIssue({
        code: "custom",
        path: ["horizon"],
        message: "That plan is too large to compute at once: choose a longer step or a shorter horizon",
      });
    }
  }) satisfies z.ZodType<PlanInput>;

/** What a user asks to plan: the engine's input and, beside it, the business case's figures. */
export type PlanRequest = z.infer<typeof planInputSchema>;
