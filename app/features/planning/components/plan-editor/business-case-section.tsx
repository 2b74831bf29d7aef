import { useId } from "react";

import { DEFAULT_SOURCES, defaultBusinessCase } from "~/features/planning/business-case-defaults";
import type { BusinessCaseInput, VehicleEconomics } from "~/features/planning/business-case-input";

import { cell, Field, HeaderRow, NumberInput, Section, type SectionProps } from "./fields";

const TYPE_COLUMNS: { key: keyof Omit<VehicleEconomics, "typeId">; label: string }[] = [
  { key: "evPricePounds", label: "Electric price (£)" },
  { key: "evGrantPounds", label: "Grant (£)" },
  { key: "evMaintenancePencePerKm", label: "Electric upkeep (p/km)" },
  { key: "evTaxPoundsPerYear", label: "Electric duty (£/yr)" },
  { key: "evResidualPct", label: "Electric residual (%)" },
  { key: "dieselPricePounds", label: "Diesel price (£)" },
  { key: "dieselLitresPer100Km", label: "Diesel l/100 km" },
  { key: "dieselMaintenancePencePerKm", label: "Diesel upkeep (p/km)" },
  { key: "dieselTaxPoundsPerYear", label: "Diesel duty and levy (£/yr)" },
  { key: "dieselResidualPct", label: "Diesel residual (%)" },
];

/** One field of the business case: where its value is read and written, and whether empty means "use the estimate". */
type FieldSpec = {
  key: string;
  label: string;
  read: (b: BusinessCaseInput) => number | null;
  write: (b: BusinessCaseInput, v: number | null) => Partial<BusinessCaseInput>;
  step?: string;
};
const site = (key: keyof BusinessCaseInput["site"], label: string, optional = false): FieldSpec => ({
  key,
  label,
  read: (b) => b.site[key],
  write: (b, v) => ({ site: { ...b.site, [key]: optional ? v : (v ?? Number.NaN) } }),
});
const co2 = (key: keyof BusinessCaseInput["co2"], label: string, step?: string): FieldSpec => ({
  key,
  label,
  step,
  read: (b) => b.co2[key],
  write: (b, v) => ({ co2: { ...b.co2, [key]: v ?? Number.NaN } }),
});
const GENERAL: FieldSpec[] = [
  { key: "years", label: "Years of ownership", step: "1", read: (b) => b.years, write: (_, v) => ({ years: v! }) },
  {
    key: "rate",
    label: "Discount rate (%)",
    read: (b) => b.discountRatePct,
    write: (_, v) => ({ discountRatePct: v! }),
  },
  {
    key: "fuel",
    label: "Diesel price (p/litre, less VAT)",
    read: (b) => b.fuelPencePerLitre,
    write: (_, v) => ({ fuelPencePerLitre: v! }),
  },
];
const SITE: FieldSpec[] = [
  site("chargersPounds", "Chargers, installed (£; empty: list prices)", true),
  site("connectionQuotePounds", "Connection quote (£; empty: estimate)", true),
  site("distanceToSubstationM", "Distance to the substation (m)"),
  site("connectionPoundsPerKva", "Estimate: £ per kVA"),
  site("cablePoundsPerMetre", "Estimate: £ per metre of cable"),
  site("transformerPounds", "Transformer and switchgear (£)"),
  site("grantPounds", "Depot charging grants (£)"),
  co2("factorsYear", "CO2e factors: year of the set", "1"),
  co2("dieselKgPerLitre", "Diesel (kg CO2e per litre)"),
  co2("gridKgPerKwh", "Grid electricity (kg CO2e per kWh)"),
];

function fields(
  specs: FieldSpec[],
  current: BusinessCaseInput,
  change: (patch: Partial<BusinessCaseInput>) => void,
  ids: string,
) {
  return specs.map((spec) => (
    <Field key={spec.key} label={spec.label} id={`${ids}-${spec.key}`}>
      <NumberInput
        id={`${ids}-${spec.key}`}
        step={spec.step}
        value={spec.read(current)}
        // An empty field is null: the server refuses it where a figure is needed, and reads it as "estimate" where that is allowed.
        onChange={(v) => change(spec.write(current, v === null || Number.isNaN(v) ? null : v))}
        className="w-full"
      />
    </Field>
  ));
}

/**
 * The business case's figures: the electric vehicles against the diesel ones
 * they replace, the depot's costs and the CO2e factors. Every figure starts
 * from a named, dated default (listed with its source) and can be changed.
 */
export function BusinessCaseSection({ value, edit }: SectionProps) {
  const ids = useId();
  const defaults = defaultBusinessCase(value);
  const current = value.businessCase ?? defaults;
  // Types added to the plan since the figures were saved start from their defaults.
  const vehicles = value.vehicleTypes.map(
    (type) =>
      current.vehicles.find((v) => v.typeId === type.id) ?? defaults.vehicles.find((v) => v.typeId === type.id)!,
  );
  const change = (patch: Partial<BusinessCaseInput>) => edit.set("businessCase", { ...current, vehicles, ...patch });
  return (
    <Section
      title="Business case against diesel"
      description="What the electric fleet and its depot cost against the diesel fleet they replace, discounted over the years you keep them. The electricity comes from the plan."
    >
      <div className="grid gap-4 sm:grid-cols-3">{fields(GENERAL, current, change, ids)}</div>
      <table className="mt-4 w-full text-sm">
        <caption className="mb-1 text-left text-sm font-medium">
          Each vehicle type against its diesel equivalent
        </caption>
        <HeaderRow columns={["Type", ...TYPE_COLUMNS.map((c) => c.label)]} />
        <tbody>
          {value.vehicleTypes.map((type, i) => (
            <tr key={type.id}>
              <th scope="row" className={`${cell} text-left font-normal whitespace-nowrap`}>
                {type.name}
              </th>
              {TYPE_COLUMNS.map((column) => (
                <td key={column.key} className={cell}>
                  <NumberInput
                    label={`${column.label}, ${type.name}`}
                    value={vehicles[i]![column.key]}
                    onChange={(v) =>
                      change({
                        vehicles: vehicles.map((row, k) => (k === i ? { ...row, [column.key]: v } : row)),
                      })
                    }
                    className="w-24"
                  />
                </td>
              ))}
              <td />
            </tr>
          ))}
        </tbody>
      </table>
      <div className="mt-4 grid gap-4 sm:grid-cols-3">{fields(SITE, current, change, ids)}</div>
      <details className="mt-4 text-sm">
        <summary className="cursor-pointer">Where the starting figures come from</summary>
        <ul className="mt-2 grid gap-1">
          {DEFAULT_SOURCES.map((s) => (
            <li key={s.figure}>
              <strong>{s.figure}</strong>: {s.value}. {s.source}
            </li>
          ))}
        </ul>
      </details>
    </Section>
  );
}
