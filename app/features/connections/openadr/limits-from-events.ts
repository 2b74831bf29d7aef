import { Duration } from "luxon";
import { z } from "zod";

import type { Instruction } from "../instruction-input";
import type { components } from "./openadr3";

/**
 * A VTN's events, as the product reads them (OpenADR 3.0.1: openadr3.yaml beside this, whose types openadr3.d.ts
 * is generated from): checked at run time for the parts it uses, since a VTN is outside the product. The site's
 * import capacity limit (IMPORT_CAPACITY_LIMIT, one number, its units in the event's payloadDescriptors: KW, W or
 * KVA) in each interval becomes an instruction; anything else is left with the reason.
 */
type OadrEvent = components["schemas"]["event"];
const period = z.object({ start: z.string(), duration: z.string().optional() });
export const eventsSchema = z.array(
  z.object({
    id: z.string().optional(),
    programID: z.string(),
    eventName: z.string().nullish(),
    payloadDescriptors: z
      .array(z.object({ payloadType: z.string(), units: z.string().nullish() }).passthrough())
      .nullish(),
    intervalPeriod: period.optional(),
    intervals: z.array(
      z.object({
        id: z.number(),
        intervalPeriod: period.optional(),
        payloads: z.array(z.object({ type: z.string(), values: z.array(z.unknown()) })),
      }),
    ),
  }),
) satisfies z.ZodType<Pick<OadrEvent, "programID" | "intervals">[]>;

export const CAPACITY_LIMIT = "IMPORT_CAPACITY_LIMIT";
/** A limit without an end ("PT0S": until further notice) holds this long, and is renewed as the VTN is polled. */
const OPEN_ENDED_MS = 24 * 3_600_000;

export function limitsFromEvents(
  events: z.infer<typeof eventsSchema>,
  site: { programID: string; powerFactor: number; now: number },
): { instructions: Instruction[]; skipped: string[] } {
  const instructions: Instruction[] = [];
  const skipped: string[] = [];
  for (const event of events) {
    if (event.programID !== site.programID) continue;
    const name = event.eventName ?? event.id ?? "an event";
    const units = event.payloadDescriptors?.find((d) => d.payloadType === CAPACITY_LIMIT)?.units?.toUpperCase() ?? "KW";
    const toKva =
      units === "KVA" ? 1 : units === "KW" ? 1 / site.powerFactor : units === "W" ? 1 / 1000 / site.powerFactor : null;
    event.intervals.forEach((interval, index) => {
      const payload = interval.payloads.find((p) => p.type === CAPACITY_LIMIT);
      if (!payload) return;
      const at = interval.intervalPeriod ?? event.intervalPeriod;
      const value = payload.values[0];
      const duration = Duration.fromISO(at?.duration ?? "PT0S");
      const start = Date.parse(at?.start ?? "");
      if (toKva === null) return skipped.push(`${name}: units ${units} are not a power`);
      if (typeof value !== "number" || !Number.isFinite(value) || value < 0)
        return skipped.push(`${name}, interval ${interval.id}: the limit is not a power of 0 or more`);
      if (!at || !Number.isFinite(start) || !duration.isValid)
        return skipped.push(`${name}, interval ${interval.id}: no valid start and duration`);
      // Intervals without their own period follow one another from the event's start.
      const length = duration.toMillis();
      const from = interval.intervalPeriod ? start : start + index * length;
      const until = length > 0 ? from + length : Math.max(from, site.now) + OPEN_ENDED_MS;
      if (until <= site.now) return;
      instructions.push({ from, until, limitKva: value * toKva, reason: `OpenADR: ${name}` });
    });
  }
  return { instructions, skipped };
}
