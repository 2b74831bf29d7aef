import type { Tariff } from "./types";

const everyDay = [0, 1, 2, 3, 4, 5, 6];
const weekdays = [0, 1, 2, 3, 4];
const hhmm = (h: number, m = 0) => h * 60 + m;

/**
 * Tariff presets the user starts from (all editable). Figures are typical UK
 * business rates in pence and are only defaults.
 */
export const TARIFF_PRESETS = {
  flat: {
    name: "Flat rate",
    defaultPencePerKwh: 24,
    bands: [],
    standingPencePerDay: 120,
    capacityPencePerKvaPerMonth: 150,
  },
  "day-night": {
    name: "Day/night",
    defaultPencePerKwh: 27,
    bands: [{ days: everyDay, from: hhmm(0, 30), to: hhmm(7, 30), pencePerKwh: 14 }],
    standingPencePerDay: 120,
    capacityPencePerKvaPerMonth: 150,
  },
  "red-amber-green": {
    // Distribution use-of-system bands: red 16:00–19:00 on weekdays, amber around it, green at night and weekends.
    name: "Red/amber/green bands",
    defaultPencePerKwh: 19,
    bands: [
      { days: weekdays, from: hhmm(16), to: hhmm(19), pencePerKwh: 45 },
      { days: weekdays, from: hhmm(7), to: hhmm(16), pencePerKwh: 24 },
      { days: weekdays, from: hhmm(19), to: hhmm(23), pencePerKwh: 24 },
    ],
    standingPencePerDay: 150,
    capacityPencePerKvaPerMonth: 180,
  },
} satisfies Record<string, Tariff>;

export type TariffPreset = keyof typeof TARIFF_PRESETS;
