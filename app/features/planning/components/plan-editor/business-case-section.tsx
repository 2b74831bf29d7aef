import { useId } from "react";

import {
  DEFAULT_SOURCES,
  defaultBusinessCase,
  type BusinessCaseInput,
  type VehicleEconomics,
} from "~/features/planning/business-case";

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
  const site = (patch: Partial<BusinessCaseInput["site"]>) => change({ site: { ...current.site, ...patch } });
  const optional = (v: number) => (v === null || Number.isNaN(v) ? null : v);
  return (
    <Section
      title="Business case against diesel"
      description="What the electric fleet and its depot cost against the diesel fleet they replace, discounted over the years you keep them. The electricity comes from the plan."
    >
      <div className="grid gap-4 sm:grid-cols-3">
        <Field label="Years of ownership" id={`${ids}-years`}>
          <NumberInput
            id={`${ids}-years`}
            step="1"
            value={current.years}
            onChange={(v) => change({ years: v })}
            className="w-full"
          />
        </Field>
        <Field label="Discount rate (%)" id={`${ids}-rate`}>
          <NumberInput
            id={`${ids}-rate`}
            value={current.discountRatePct}
            onChange={(v) => change({ discountRatePct: v })}
            className="w-full"
          />
        </Field>
        <Field label="Diesel price (p/litre, less VAT)" id={`${ids}-fuel`}>
          <NumberInput
            id={`${ids}-fuel`}
            value={current.fuelPencePerLitre}
            onChange={(v) => change({ fuelPencePerLitre: v })}
            className="w-full"
          />
        </Field>
      </div>
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
      <div className="mt-4 grid gap-4 sm:grid-cols-3">
        <Field label="Chargers, installed (£; empty: list prices)" id={`${ids}-chargers`}>
          <NumberInput
            id={`${ids}-chargers`}
            value={current.site.chargersPounds}
            onChange={(v) => site({ chargersPounds: optional(v) })}
            className="w-full"
          />
        </Field>
        <Field label="Connection quote (£; empty: estimate)" id={`${ids}-quote`}>
          <NumberInput
            id={`${ids}-quote`}
            value={current.site.connectionQuotePounds}
            onChange={(v) => site({ connectionQuotePounds: optional(v) })}
            className="w-full"
          />
        </Field>
        <Field label="Distance to the substation (m)" id={`${ids}-distance`}>
          <NumberInput
            id={`${ids}-distance`}
            value={current.site.distanceToSubstationM}
            onChange={(v) => site({ distanceToSubstationM: v })}
            className="w-full"
          />
        </Field>
        <Field label="Estimate: £ per kVA" id={`${ids}-kva`}>
          <NumberInput
            id={`${ids}-kva`}
            value={current.site.connectionPoundsPerKva}
            onChange={(v) => site({ connectionPoundsPerKva: v })}
            className="w-full"
          />
        </Field>
        <Field label="Estimate: £ per metre of cable" id={`${ids}-cable`}>
          <NumberInput
            id={`${ids}-cable`}
            value={current.site.cablePoundsPerMetre}
            onChange={(v) => site({ cablePoundsPerMetre: v })}
            className="w-full"
          />
        </Field>
        <Field label="Transformer and switchgear (£)" id={`${ids}-transformer`}>
          <NumberInput
            id={`${ids}-transformer`}
            value={current.site.transformerPounds}
            onChange={(v) => site({ transformerPounds: v })}
            className="w-full"
          />
        </Field>
        <Field label="Depot charging grants (£)" id={`${ids}-grant`}>
          <NumberInput
            id={`${ids}-grant`}
            value={current.site.grantPounds}
            onChange={(v) => site({ grantPounds: v })}
            className="w-full"
          />
        </Field>
        <Field label="CO2e factors: year of the set" id={`${ids}-co2year`}>
          <NumberInput
            id={`${ids}-co2year`}
            step="1"
            value={current.co2.factorsYear}
            onChange={(v) => change({ co2: { ...current.co2, factorsYear: v } })}
            className="w-full"
          />
        </Field>
        <Field label="Diesel (kg CO2e per litre)" id={`${ids}-co2diesel`}>
          <NumberInput
            id={`${ids}-co2diesel`}
            value={current.co2.dieselKgPerLitre}
            onChange={(v) => change({ co2: { ...current.co2, dieselKgPerLitre: v } })}
            className="w-full"
          />
        </Field>
        <Field label="Grid electricity (kg CO2e per kWh)" id={`${ids}-co2grid`}>
          <NumberInput
            id={`${ids}-co2grid`}
            value={current.co2.gridKgPerKwh}
            onChange={(v) => change({ co2: { ...current.co2, gridKgPerKwh: v } })}
            className="w-full"
          />
        </Field>
      </div>
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
