import { z } from "zod";

/**
 * What a company sets for its roadmap (issue 33), kept as one document:
 * the end year, the phase-out marks, each network operator's lead time, how
 * long before an apply-by date the haulier is e-mailed, and each depot
 * group's replacement (first year and cycle). Defaults come from the domain
 * notes: trucks are replaced every 5–7 years, a connection takes 1–4 years.
 */
export const FIRST_ROADMAP_YEAR = 2025;
export const LAST_ROADMAP_YEAR = 2050;
export const DEFAULT_END_YEAR = 2035;
export const DEFAULT_LEAD_TIME_MONTHS = 24;
export const DEFAULT_CYCLE_YEARS = 5;
/** New non-zero-emission HGVs end: up to 26 t in 2035, heavier in 2040 (editable marks). */
export const DEFAULT_PHASE_OUT = { upTo26t: 2035, over26t: 2040 } as const;

const year = z
  .number({ error: "Give a year" })
  .int("Give a whole year")
  .min(FIRST_ROADMAP_YEAR, `Choose a year from ${FIRST_ROADMAP_YEAR} to ${LAST_ROADMAP_YEAR}`)
  .max(LAST_ROADMAP_YEAR, `Choose a year from ${FIRST_ROADMAP_YEAR} to ${LAST_ROADMAP_YEAR}`);
const months = z
  .number({ error: "Give a lead time in months" })
  .int("Give whole months")
  .min(0, "A lead time cannot be negative")
  .max(120, "A lead time is at most 120 months");

export const groupReplacementSchema = z.object({
  firstYear: year,
  cycleYears: z
    .number({ error: "Give the cycle in years" })
    .int("Give whole years")
    .min(1, "A cycle is at least 1 year")
    .max(15, "A cycle is at most 15 years"),
  /** Over 26 t: its phase-out mark is the later one. */
  heavy: z.boolean().default(false),
  /** The share electric by year, instead of the cycle (years rising, shares never falling). */
  targets: z
    .array(
      z.object({
        year,
        percent: z.number().min(0, "A share is 0 to 100 %").max(100, "A share is 0 to 100 %"),
      }),
    )
    .max(20, "At most 20 targets")
    .refine(
      (targets) =>
        targets.every((t, i) => i === 0 || (t.year > targets[i - 1]!.year && t.percent >= targets[i - 1]!.percent)),
      "Give each target a later year than the one before, and a share no smaller",
    )
    .optional(),
});
export type GroupSetting = z.infer<typeof groupReplacementSchema>;

export const roadmapSettingsSchema = z
  .object({
    endYear: year.default(DEFAULT_END_YEAR),
    phaseOut: z.object({ upTo26t: year, over26t: year }).default({ ...DEFAULT_PHASE_OUT }),
    /** Months from application to energisation, by network operator code ("other" for depots without one). */
    leadTimeMonths: z.record(z.string().max(20), months).default({}),
    reminderMonths: z
      .number({ error: "Give the months before an apply-by date" })
      .int("Give whole months")
      .min(0, "Months before cannot be negative")
      .max(24, "Remind at most 24 months before")
      .default(3),
    /** A site battery's indicative price, installed: per kWh of storage and per kW of inverter (editable). */
    battery: z
      .object({
        poundsPerKwh: z
          .number({ error: "Give a price per kWh" })
          .min(0, "A price cannot be negative")
          .max(5000, "At most £5,000"),
        poundsPerKw: z
          .number({ error: "Give a price per kW" })
          .min(0, "A price cannot be negative")
          .max(5000, "At most £5,000"),
      })
      .default({ poundsPerKwh: 350, poundsPerKw: 150 }),
    /** Depot id → group id → its replacement. */
    groups: z.record(z.string().max(12), z.record(z.string().max(60), groupReplacementSchema)).default({}),
  })
  .refine((s) => s.phaseOut.over26t >= s.phaseOut.upTo26t, {
    path: ["phaseOut", "over26t"],
    message: "The heavier vehicles' mark cannot come before the lighter ones'",
  });
export type RoadmapSettings = z.infer<typeof roadmapSettingsSchema>;

export const defaultRoadmapSettings = (): RoadmapSettings => roadmapSettingsSchema.parse({});

export const leadTimeOf = (settings: RoadmapSettings, operator: string | null) =>
  settings.leadTimeMonths[operator ?? "other"] ?? DEFAULT_LEAD_TIME_MONTHS;

/** A group's replacement: as set, or from next year over the default cycle. */
export function groupSetting(settings: RoadmapSettings, depotId: number, groupId: string, thisYear: number) {
  return (
    settings.groups[String(depotId)]?.[groupId] ?? {
      firstYear: Math.min(LAST_ROADMAP_YEAR, thisYear + 1),
      cycleYears: DEFAULT_CYCLE_YEARS,
      heavy: false,
    }
  );
}

export const TARGETS_HINT = "Write each target as a year and a share, e.g. 2028 25%, 2030 60%, 2033 100%";

/** "2028 25%, 2030: 60, 2033 100 %" as targets; null when a piece is not a year and a share. */
export function parseTargets(text: string): { year: number; percent: number }[] | null {
  const pieces = text
    .split(/[,;\n]/)
    .map((piece) => piece.trim())
    .filter(Boolean);
  const targets = pieces.map((piece) => {
    const match = /^(\d{4})\s*[:=]?\s*(\d+(?:\.\d+)?)\s*%?$/.exec(piece);
    return match ? { year: Number(match[1]), percent: Number(match[2]) } : null;
  });
  return targets.length && targets.every(Boolean) ? (targets as { year: number; percent: number }[]) : null;
}

/** Targets as the form shows them. */
export const targetsText = (targets: readonly { year: number; percent: number }[] | undefined) =>
  (targets ?? []).map((t) => `${t.year} ${t.percent}%`).join(", ");
