import { useState } from "react";

import { TextField } from "~/components/text-field";
import { Button } from "~/components/ui/button";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/native-select";
import type { estimateSavings, SavingsInput } from "~/features/planning/savings";

export type SavingsEstimate = ReturnType<typeof estimateSavings>;

const VEHICLES = [
  ["van", "Large electric van"],
  ["rigid", "19 t rigid truck"],
  ["artic", "40 t articulated truck"],
] as const;
const TARIFFS = [
  ["day-night", "Day/night"],
  ["red-amber-green", "Red/amber/green bands"],
  ["flat", "Flat rate"],
] as const;
const STRATEGY_NAMES: Record<string, string> = {
  balanced: "balanced charging",
  "cost-optimal": "cheapest-hours charging",
  "peak-shaving": "peak shaving",
  uncontrolled: "unmanaged charging",
};

const pounds = new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP", maximumFractionDigits: 0 });
const kw = new Intl.NumberFormat("en-GB", { maximumFractionDigits: 0 });

/**
 * The Box Charge savings estimate. The planning engine is loaded only when
 * someone asks for an estimate, so the page stays as light as before; without
 * JavaScript the form is sent to the server, which answers with the same estimate.
 */
export function SavingsCalculator({
  initial,
  initialEstimate,
}: {
  initial: SavingsInput;
  initialEstimate: SavingsEstimate | null;
}) {
  const [estimate, setEstimate] = useState<SavingsEstimate | null>(initialEstimate);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const input = {
      fleetSize: Number(form.get("fleetSize")),
      vehicle: String(form.get("vehicle")) as SavingsInput["vehicle"],
      kmPerDay: Number(form.get("kmPerDay")),
      tariff: String(form.get("tariff")) as SavingsInput["tariff"],
    };
    setBusy(true);
    try {
      const { estimateSavings: estimateNow, savingsInputErrors } = await import("~/features/planning/savings");
      const problems = savingsInputErrors(input);
      setErrors(problems);
      setEstimate(Object.keys(problems).length === 0 ? estimateNow(input) : null);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="grid gap-8 lg:grid-cols-2">
      <form
        method="get"
        action="/box-charge#savings"
        onSubmit={onSubmit}
        className="grid gap-4 rounded-xl border bg-card p-6"
        noValidate
      >
        <TextField
          label="Fleet size"
          name="fleetSize"
          type="number"
          inputMode="numeric"
          min={1}
          max={200}
          defaultValue={initial.fleetSize}
          error={errors.fleetSize}
        />
        <div className="grid gap-2">
          <Label htmlFor="savings-vehicle">Vehicle type</Label>
          <NativeSelect id="savings-vehicle" name="vehicle" defaultValue={initial.vehicle}>
            {VEHICLES.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </NativeSelect>
        </div>
        <TextField
          label="Distance per vehicle per day (km)"
          name="kmPerDay"
          type="number"
          inputMode="numeric"
          min={1}
          max={800}
          defaultValue={initial.kmPerDay}
          error={errors.kmPerDay}
        />
        <div className="grid gap-2">
          <Label htmlFor="savings-tariff">Tariff</Label>
          <NativeSelect id="savings-tariff" name="tariff" defaultValue={initial.tariff}>
            {TARIFFS.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </NativeSelect>
        </div>
        <Button type="submit" disabled={busy}>
          {busy ? "Calculating..." : "Estimate savings"}
        </Button>
      </form>
      <div aria-live="polite">
        {estimate ? (
          <EstimateCard estimate={estimate} />
        ) : (
          <p className="rounded-xl border border-dashed p-6 text-muted-foreground">
            Enter your fleet to see the estimated peak and weekly cost with and without smart charging.
          </p>
        )}
      </div>
    </div>
  );
}

/** The estimate for one working week: peak and cost unmanaged and with Box Charge, and what the saving comes from. */
function EstimateCard({ estimate }: { estimate: SavingsEstimate }) {
  return (
    <div className="grid gap-4 rounded-xl border bg-card p-6">
      <h3 className="text-lg font-semibold">One working week</h3>
      <table className="w-full text-sm" aria-label="Savings estimate">
        <thead>
          <tr className="border-b text-left">
            <th scope="col" className="py-2 font-medium">
              <span className="sr-only">Measure</span>
            </th>
            <th scope="col" className="py-2 font-medium">
              Unmanaged
            </th>
            <th scope="col" className="py-2 font-medium">
              With Box Charge
            </th>
          </tr>
        </thead>
        <tbody>
          <tr className="border-b">
            <th scope="row" className="py-2 text-left font-medium">
              Peak demand
            </th>
            <td>{`${kw.format(estimate.without.peakKw)} kW`}</td>
            <td>{`${kw.format(estimate.with.peakKw)} kW`}</td>
          </tr>
          <tr>
            <th scope="row" className="py-2 text-left font-medium">
              Energy and charges
            </th>
            <td>{pounds.format(estimate.without.weekPounds)}</td>
            <td>{pounds.format(estimate.with.weekPounds)}</td>
          </tr>
        </tbody>
      </table>
      <p className="text-base">
        {estimate.savedPounds > 0.5 ? (
          <>
            Estimated saving: <strong>{`${pounds.format(estimate.savedPounds)} a week`}</strong>
            {` (${Math.round(estimate.savedPct)}%), with ${STRATEGY_NAMES[estimate.with.strategy]}.`}
          </>
        ) : (
          "On this tariff, managed charging saves little: the gain is a smaller connection."
        )}
      </p>
      {estimate.with.peakKw >= estimate.without.peakKw - 0.5 &&
      estimate.lowestPeak.peakKw < estimate.without.peakKw - 0.5 ? (
        <p className="text-sm" data-testid="same-peak">
          The cheapest plan keeps the same peak: to put all the energy into the cheap night hours, every vehicle charges
          at full power then. Spreading the charging instead (peak shaving) would bring the peak down to{" "}
          {`${kw.format(estimate.lowestPeak.peakKw)} kW for ${pounds.format(estimate.lowestPeak.weekPounds)} a week`}: a
          smaller connection for a little more energy cost.
        </p>
      ) : null}
      {estimate.unmetKwh > 0 ? (
        <p className="text-sm text-amber-800">
          Some vehicles could not be fully charged between shifts even unmanaged.
        </p>
      ) : null}
      <p className="text-xs text-muted-foreground">
        Monday to Friday shifts, one charger per vehicle (22 kW for vans, 50 kW for rigids, 150 kW for artics), typical
        tariff figures. An estimate, not a quote.
      </p>
    </div>
  );
}
