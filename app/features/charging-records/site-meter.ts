/**
 * The site's own meter at the connection (issue 49, item 4). Its reading is the whole site's import; less what the
 * chargers drew as it was read, that is the building's real load, and the room for charging is the connection less
 * it. A reading holds for METER_SILENT_MS from when it was read; from the instant it stops holding, the building is
 * counted at the fallback (decision 055): the higher of the plan's load for that hour and the last reading, plus a
 * margin of the connection. Every schedule sent while a reading holds counts the fallback from that instant on, so
 * what the chargers already hold stays within the connection whether or not another reading, or another decision,
 * ever comes (fail safe: a silent meter or a server that is down never leaves the chargers more room than that).
 */
import { z } from "zod";

/** A reading holds this long; a meter that has sent none for longer is silent. */
export const METER_SILENT_MS = 5 * 60_000;
/** Once a reading no longer holds, the building is counted at the higher of the plan's and the last reading, plus this share of the connection. */
export const METER_FALLBACK_MARGIN = 0.1;

/** The site meter as the controller and the page read it. */
export type SiteMeter = {
  /** When its last reading was read; for a meter that has never spoken, when it was registered. */
  readAt: number;
  siteKw: number;
  /** The building's load by its last reading (the site's import less the chargers' draw then); null: none yet. */
  buildingKw: number | null;
  /** Whether its last reading no longer holds now (or it has never spoken). */
  silent: boolean;
};

/** Until when the meter's last reading holds (-Infinity: it has none). */
export const meterHoldsUntil = (meter: SiteMeter): number =>
  meter.buildingKw === null ? -Infinity : meter.readAt + METER_SILENT_MS;

/**
 * What the building is counted at once the meter's reading no longer holds: the higher of the plan's load and what the
 * meter last saw (counting less than the building was last seen to take would not be fail safe), plus a margin.
 */
export const meterFallbackKw = (meter: SiteMeter, planKw: number, connectionKw: number): number =>
  Math.max(planKw, meter.buildingKw ?? 0) + METER_FALLBACK_MARGIN * connectionKw;

/**
 * The building's load (kW) at `at`, as the controller counts it: without a meter, the plan's for that hour; with one,
 * its last reading while that holds, else the fallback. Pure in `at`: a schedule made now counts the fallback from the
 * instant the reading stops holding, whatever happens after.
 */
export function buildingKwAt(meter: SiteMeter | null, planKw: number, connectionKw: number, at: number): number {
  if (!meter) return planKw;
  if (meter.buildingKw !== null && at < meterHoldsUntil(meter)) return Math.max(0, meter.buildingKw);
  return meterFallbackKw(meter, planKw, connectionKw);
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
