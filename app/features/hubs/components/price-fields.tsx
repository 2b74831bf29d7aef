import { TextField } from "~/components/text-field";

import type { PriceList } from "../hub-schemas";

/** A hub's price list as fields (whole pence), with the server's message for each. */
export function PriceFields({ prices, errors }: { prices: PriceList; errors: Record<string, string | undefined> }) {
  const pence = { type: "number", min: 0, step: 1, required: true } as const;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField
        name="pencePerKwh"
        label="Price a kWh (p)"
        {...pence}
        min={1}
        defaultValue={prices.pencePerKwh}
        error={errors.pencePerKwh}
      />
      <TextField
        name="pencePerVisit"
        label="Price a visit (p)"
        {...pence}
        defaultValue={prices.pencePerVisit}
        error={errors.pencePerVisit}
      />
      <TextField
        name="pencePerReservedHour"
        label="Price a reserved hour (p)"
        {...pence}
        defaultValue={prices.pencePerReservedHour}
        error={errors.pencePerReservedHour}
      />
      <TextField
        name="overstayPencePerHour"
        label="Overstay, an hour (p)"
        {...pence}
        defaultValue={prices.overstayPencePerHour}
        error={errors.overstayPencePerHour}
      />
      <TextField
        name="graceMinutes"
        label="Grace before a no-show (minutes)"
        {...pence}
        defaultValue={prices.graceMinutes}
        error={errors.graceMinutes}
      />
    </div>
  );
}

/** "45p a kWh, 200p a visit, overstay 600p an hour after 30 minutes' grace" */
export function describePrices(p: PriceList): string {
  const parts = [`${p.pencePerKwh}p a kWh`];
  if (p.pencePerVisit) parts.push(`${p.pencePerVisit}p a visit`);
  if (p.pencePerReservedHour) parts.push(`${p.pencePerReservedHour}p a reserved hour`);
  if (p.overstayPencePerHour) parts.push(`overstay ${p.overstayPencePerHour}p an hour`);
  return `${parts.join(", ")}; a booking is held ${p.graceMinutes} minutes`;
}
