import { PlusIcon } from "lucide-react";

import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/native-select";
import { chargerMinimumKw, DEFAULT_CATALOGUE } from "~/features/charging-engine";

import { cell, HeaderRow, newId, NumberInput, RemoveButton, Section, type SectionProps } from "./fields";

/** The chargers: how many, how powerful, their lowest setting, and which vehicle types each serves. */
export function ChargersSection({ value, edit }: SectionProps) {
  const { set, update, remove } = edit;
  const catalogue = value.chargerCatalogue ?? DEFAULT_CATALOGUE;
  return (
    <Section
      title="Chargers"
      description="From the designed layout; a vehicle keeps its charger until it leaves. Lowest: the least a charger can be set to while charging (empty: 6 A per phase on AC, 5 kW on DC)."
      action={
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={() =>
            set("chargers", [
              ...value.chargers,
              { id: newId("c"), name: "New charger", count: 1, powerKw: 22, serves: "all" },
            ])
          }
        >
          <PlusIcon aria-hidden="true" /> Add charger
        </Button>
      }
    >
      <table className="w-full text-sm">
        <HeaderRow columns={["Charger", "Count", "Power (kW)", "Lowest (kW)", "Serves"]} />
        <tbody>
          {value.chargers.map((charger, i) => (
            <tr key={charger.id}>
              <td className={cell}>
                <Input
                  aria-label={`Charger ${i + 1} name`}
                  value={charger.name}
                  onChange={(e) => update("chargers", i, { name: e.currentTarget.value })}
                  className="min-w-40"
                />
              </td>
              <td className={cell}>
                <NumberInput
                  label={`Count, ${charger.name}`}
                  step="1"
                  min={1}
                  value={charger.count}
                  onChange={(v) => update("chargers", i, { count: v })}
                  className="w-20"
                />
              </td>
              <td className={cell}>
                <NumberInput
                  label={`Power (kW), ${charger.name}`}
                  value={charger.powerKw}
                  onChange={(v) => update("chargers", i, { powerKw: v })}
                />
              </td>
              <td className={cell}>
                <NumberInput
                  label={`Lowest setting in kW, ${charger.name}`}
                  placeholder={`${chargerMinimumKw(charger).toLocaleString("en-GB")} (typical)`}
                  value={charger.minKw ?? null}
                  onChange={(v) => update("chargers", i, { minKw: v === null || Number.isNaN(v) ? undefined : v })}
                  className="w-28"
                />
              </td>
              <td className={cell}>
                <NativeSelect
                  aria-label={`Serves, ${charger.name}`}
                  value={charger.serves === "all" ? "all" : (charger.serves[0] ?? "all")}
                  onChange={(e) =>
                    update("chargers", i, {
                      serves: e.currentTarget.value === "all" ? "all" : [e.currentTarget.value],
                    })
                  }
                  wrapperClassName="min-w-40"
                >
                  <option value="all">Every vehicle type</option>
                  {value.vehicleTypes.map((type) => (
                    <option key={type.id} value={type.id}>
                      {type.name} only
                    </option>
                  ))}
                </NativeSelect>
              </td>
              <td className={cell}>
                <RemoveButton
                  label={`Remove charger ${charger.name}`}
                  onClick={() => remove("chargers", i)}
                  disabled={value.chargers.length === 1}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <details className="mt-4 text-sm">
        <summary className="cursor-pointer">The chargers sizing may choose, and their prices</summary>
        <table className="mt-2 text-sm">
          <thead>
            <tr>
              <th className="px-1 pb-1 text-left text-xs font-medium text-muted-foreground">Charger</th>
              <th className="px-1 pb-1 text-left text-xs font-medium text-muted-foreground">
                Supplied and installed (£)
              </th>
            </tr>
          </thead>
          <tbody>
            {catalogue.map((item, i) => (
              <tr key={`${item.kind}-${item.powerKw}`}>
                <th scope="row" className={`${cell} text-left font-normal`}>
                  {item.kind} {item.powerKw} kW{item.kind === "AC" ? " (vans)" : ""}
                </th>
                <td className={cell}>
                  <NumberInput
                    label={`Price of the ${item.kind} ${item.powerKw} kW charger (£)`}
                    value={item.pricePounds}
                    onChange={(v) =>
                      set(
                        "chargerCatalogue",
                        catalogue.map((row, k) => (k === i ? { ...row, pricePounds: v } : row)),
                      )
                    }
                    className="w-32"
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="mt-1 text-xs text-muted-foreground">
          Starting prices are Electrify's estimates (Nov 2026); enter your quotes. A charger that another beats on power
          and price is never chosen.
        </p>
      </details>
    </Section>
  );
}
