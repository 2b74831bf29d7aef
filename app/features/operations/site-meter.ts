/**
 * The site's own meter at the connection (issue 49, item 4). Its reading is the whole site's import; less what the
 * chargers drew as it was read, that is the building's real load, and the room for charging is the connection less
 * it. A meter silent for longer than METER_SILENT_MS is not trusted: the controller counts the plan's building load
 * plus a margin until it speaks again (fail safe: never more room than the plan, always less).
 */
import { z } from "zod";

/** A reading holds this long; a meter that has sent none for longer is silent. */
export const METER_SILENT_MS = 5 * 60_000;
/** While the meter is silent, the building is counted at the plan's load plus this share of the connection. */
export const METER_FALLBACK_MARGIN = 0.1;

/** The site meter as the controller and the page read it: its last reading, and whether it has fallen silent. */
export type SiteMeter = { readAt: number; siteKw: number; buildingKw: number; silent: boolean };

/** The building's load (kW) at `at`: the meter's while its last reading holds; once a meter has fallen silent, the
 * plan's plus a margin from when its reading stopped holding; else (no meter, a time before its reading, or beyond a
 * reading that still holds now) the plan's for that hour. */
export function buildingKwAt(meter: SiteMeter | null, planKw: number, connectionKw: number, at: number): number {
  if (!meter || at < meter.readAt) return planKw;
  if (meter.silent)
    return at >= meter.readAt + METER_SILENT_MS ? planKw + METER_FALLBACK_MARGIN * connectionKw : planKw;
  return at < meter.readAt + METER_SILENT_MS ? Math.max(0, meter.buildingKw) : planKw;
}

/** A reading through the fleet API: the site's import now (kW), and when it was read (now if left out). */
export const siteReadingSchema = z
  .object({
    siteKw: z
      .number({ message: "Give the site's import as a number of kW" })
      .min(-100_000, "The site's import is from -100,000 to 100,000 kW")
      .max(100_000, "The site's import is from -100,000 to 100,000 kW")
      .meta({ description: "The whole site's import at the connection now, in kW (negative when it exports)" }),
    readAt: z.iso
      .datetime({ offset: true, message: "Give a date and time such as 2026-11-27T17:40:00Z" })
      .optional()
      .meta({ description: "When it was read; now when left out. An older reading than the last is ignored." }),
  })
  .strict()
  .meta({ id: "SiteReading" });
