/**
 * What a session's energy cost: each stretch between two meter readings
 * priced by the tariff in force while it flowed (the energy spread evenly over
 * the stretch, cut at every five minutes of UK local time so that a band's
 * edge falls between two pieces). Pure, so it is the same in the dashboard,
 * the statement and the tests.
 */
import { DateTime } from "luxon";

import { priceAt, type Tariff } from "~/features/charging-engine";
import { toPence } from "~/lib/money";
import { UK_ZONE } from "~/lib/uk-dates";

export type EnergyPoint = { at: string; wh: number };

const PIECE_MS = 5 * 60_000;

/** The rate (p/kWh) at an instant, read on the UK's clock (GMT or BST). */
export function rateAt(tariff: Tariff, at: number): number {
  const local = DateTime.fromMillis(at, { zone: UK_ZONE });
  return priceAt(tariff, local.weekday - 1, local.hour * 60 + local.minute);
}

/**
 * Pence (with their fractions) for the energy between successive points, in time order (two at one instant, lower
 * first); a falling register (a meter replaced) counts nothing.
 */
export function energyPence(points: readonly EnergyPoint[], tariff: Tariff): number {
  const sorted = [...points].map((p) => ({ t: Date.parse(p.at), wh: p.wh })).sort((a, b) => a.t - b.t || a.wh - b.wh);
  let pence = 0;
  for (let i = 1; i < sorted.length; i++) {
    const from = sorted[i - 1]!;
    const to = sorted[i]!;
    const wh = to.wh - from.wh;
    if (!(wh > 0)) continue;
    if (to.t <= from.t) {
      pence += (wh / 1000) * rateAt(tariff, from.t);
      continue;
    }
    const perMs = wh / (to.t - from.t);
    // Pieces end on the clock's five minutes (UTC and UK time agree on minutes).
    for (let start = from.t; start < to.t;) {
      const end = Math.min(to.t, Math.floor(start / PIECE_MS) * PIECE_MS + PIECE_MS);
      pence += (((end - start) * perMs) / 1000) * rateAt(tariff, start);
      start = end;
    }
  }
  return pence;
}

/** What a session's energy cost, in whole pence: rounded once, here, where it becomes a line of its own. */
export const energyCostPence = (points: readonly EnergyPoint[], tariff: Tariff): number =>
  toPence(energyPence(points, tariff));
