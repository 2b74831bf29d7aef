import { TARIFF_PRESETS } from "~/features/charging-engine";

import { estimateSavings, SAVINGS_VEHICLES, savingsInputErrors, type SavingsInput } from "./savings";

export const DEFAULT_SAVINGS_INPUT: SavingsInput = {
  fleetSize: 20,
  vehicle: "van",
  kmPerDay: 120,
  tariff: "day-night",
};

/** The calculator sent without JavaScript: the same estimate, computed on the server from the query string. */
export function savingsFromUrl(url: URL) {
  if (!url.searchParams.has("fleetSize")) return { input: DEFAULT_SAVINGS_INPUT, estimate: null };
  const vehicle = url.searchParams.get("vehicle") ?? "";
  const tariff = url.searchParams.get("tariff") ?? "";
  const input: SavingsInput = {
    fleetSize: Number(url.searchParams.get("fleetSize")),
    vehicle: Object.hasOwn(SAVINGS_VEHICLES, vehicle)
      ? (vehicle as SavingsInput["vehicle"])
      : DEFAULT_SAVINGS_INPUT.vehicle,
    kmPerDay: Number(url.searchParams.get("kmPerDay")),
    tariff: Object.hasOwn(TARIFF_PRESETS, tariff) ? (tariff as SavingsInput["tariff"]) : DEFAULT_SAVINGS_INPUT.tariff,
  };
  if (Object.keys(savingsInputErrors(input)).length > 0) return { input: DEFAULT_SAVINGS_INPUT, estimate: null };
  return { input, estimate: estimateSavings(input) };
}
