/**
 * The limits a session was sent, as kept with it (decision 035): their stored form, the limit at an instant, and
 * whether a charger drew clearly above what it was sent (then it is counted at its full power, decision 031). The
 * live controller decides and sends; the records keep and check.
 */
import { z } from "zod";

import { limitAt, type Limits } from "./limits";

/** Limits as kept in the database (JSON has no Infinity: an open end is null). */
export const limitsToJson = (limits: Limits): string =>
  JSON.stringify({ segments: limits.segments, until: Number.isFinite(limits.until) ? limits.until : null });

/** Limits as kept in the database (decision 035); an open end is null. */
const storedLimits = z.object({
  segments: z.array(z.object({ from: z.number().finite(), kw: z.number().finite() })),
  until: z.number().finite().nullable(),
});

/** Limits kept in the database, or null when there are none (or they cannot be read). */
export function limitsFromJson(json: string | null): Limits | null {
  if (!json) return null;
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return null;
  }
  const parsed = storedLimits.safeParse(value);
  return parsed.success ? { segments: parsed.data.segments, until: parsed.data.until ?? Infinity } : null;
}

/** The limit (W) a charger holding `limits` is held to at an instant. */
export const limitWAt = (limits: Limits, at: number) => limitAt(limits, at) * 1000;

/** How far above its limit a charger may draw, or compose, before it is taken not to keep to it (meters and rounding). */
export const beyond = (limitW: number) => limitW * 1.05 + 500;

/**
 * Drawing clearly above the limit it was sent a minute or more ago: it ignores its profile (decision 031). Where it
 * holds a schedule, its limit when read, or a minute before (a charger takes a moment to follow a step down).
 * The limit it drew above (W), or null.
 */
export function limitExceeded(
  session: { limit_w: number | null; limit_schedule: string | null },
  sentAt: number | null,
  reading: { at: string; powerW: number | null },
): number | null {
  const schedule = limitsFromJson(session.limit_schedule);
  const readAt = Date.parse(reading.at);
  const limitW = schedule ? Math.max(limitWAt(schedule, readAt), limitWAt(schedule, readAt - 60_000)) : session.limit_w;
  const exceeded =
    reading.powerW !== null &&
    limitW !== null &&
    sentAt !== null &&
    Date.now() - sentAt > 60_000 &&
    reading.powerW > beyond(limitW);
  return exceeded ? limitW : null;
}
