import { z } from "zod";

/**
 * A connection offer (issue 60): what a network operator offers a depot, as the planner uses it. Firm: one capacity
 * at all times. Profiled (timed): a capacity for each half hour of a weekday and a weekend day, in winter and in
 * summer. Flexible (curtailable): a firm part and a non-firm part the network may cut, with the record of when it
 * did (or an estimate of hours a year, made into a record: curtailment-csv.ts).
 */
export const OFFER_KINDS = ["firm", "profiled", "flexible"] as const;
export type OfferKind = (typeof OFFER_KINDS)[number];
export const OFFER_KIND_LABELS: Record<OfferKind, string> = {
  firm: "Firm",
  profiled: "Profiled (timed)",
  flexible: "Flexible (curtailable)",
};

/** The seasons of a profile: winter is 1 November to 31 March (UK time), summer the rest of the year. */
export const SEASONS = ["winter", "summer"] as const;
export type Season = (typeof SEASONS)[number];
export const DAY_TYPES = ["weekday", "weekend"] as const;
export type DayType = (typeof DAY_TYPES)[number];
export const HALF_HOURS = 48;

/** kVA for each half hour (00:00–00:30 first) of each day type in each season. */
export type ProfileGrid = Record<Season, Record<DayType, number[]>>;
/** One curtailment: from `start` to `end` (ISO instants, UTC) the non-firm part is cut by `kva`. */
export type CurtailmentEvent = { start: string; end: string; kva: number };

/** A depot may hold this many offers: the few a network operator makes, and some to compare. */
export const MAX_OFFERS = 12;

/** The largest capacity an offer may give (as a plan's connection). */
export const MAX_OFFER_KVA = 100_000;

const kva = z.number().min(0).max(MAX_OFFER_KVA);
const halfHours = z.array(kva).length(HALF_HOURS);
const dayTypes = z.object({ weekday: halfHours, weekend: halfHours });
export const profileGridSchema = z.object({ winter: dayTypes, summer: dayTypes });
export const curtailmentEventSchema = z.object({
  start: z.iso.datetime(),
  end: z.iso.datetime(),
  kva: z.number().positive().max(MAX_OFFER_KVA),
});

/** What the planner needs of an offer (stored with it, and carried in a plan request that is worked out on it). */
export const offerShapeSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("firm"), name: z.string().max(100), firmKva: kva }),
  z.object({ kind: z.literal("profiled"), name: z.string().max(100), profile: profileGridSchema }),
  z.object({
    kind: z.literal("flexible"),
    name: z.string().max(100),
    firmKva: kva,
    nonFirmKva: kva,
    /** Whether the events are an imported record or made from an estimate of hours a year. */
    record: z.enum(["imported", "estimate"]),
    curtailment: z.array(curtailmentEventSchema).max(20_000),
  }),
]);
export type OfferShape = z.infer<typeof offerShapeSchema>;

/** The most an offer ever gives (kVA): the plan's connection, which its limit at each step never passes. */
export function offerMostKva(offer: OfferShape): number {
  if (offer.kind === "firm") return offer.firmKva;
  if (offer.kind === "flexible") return offer.firmKva + offer.nonFirmKva;
  let most = 0;
  for (const season of SEASONS)
    for (const day of DAY_TYPES) for (const v of offer.profile[season][day]) most = Math.max(most, v);
  return most;
}

/** The least an offer gives at any time (kVA): a profile's lowest half hour, a flexible offer's firm part. */
export function offerLeastKva(offer: OfferShape): number {
  if (offer.kind === "firm") return offer.firmKva;
  if (offer.kind === "flexible") return offer.firmKva;
  let least = Infinity;
  for (const season of SEASONS)
    for (const day of DAY_TYPES) for (const v of offer.profile[season][day]) least = Math.min(least, v);
  return least;
}

/** "16:00" for a minute after midnight (24:00 at the end of the day). */
export function clock(minute: number): string {
  return `${String(Math.floor(minute / 60)).padStart(2, "0")}:${String(minute % 60).padStart(2, "0")}`;
}
