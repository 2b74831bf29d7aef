import { PlusIcon } from "lucide-react";

import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";

import { CurveInput } from "./curve-input";
import { cell, HeaderRow, newId, NumberInput, RemoveButton, Section, type SectionProps } from "./fields";

/** Battery, energy use, the most each type takes, and its charging curve. */
export function VehicleTypesSection({ value, edit }: SectionProps) {
  const { set, update, remove } = edit;
  return (
    <Section
      title="Vehicle types"
      description="Battery, energy use and the most each can take when charging."
      action={
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={() =>
            set("vehicleTypes", [
              ...value.vehicleTypes,
              { id: newId("t"), name: "New type", batteryKwh: 100, consumptionKwhPerKm: 0.5, maxChargeKw: 50 },
            ])
          }
        >
          <PlusIcon aria-hidden="true" /> Add vehicle type
        </Button>
      }
    >
      <table className="w-full text-sm">
        <HeaderRow
          columns={["Name", "Battery (kWh)", "Consumption (kWh/km)", "Max charge (kW)", "Charging curve (charge %:kW)"]}
        />
        <tbody>
          {value.vehicleTypes.map((type, i) => (
            <tr key={type.id}>
              <td className={cell}>
                <Input
                  aria-label={`Vehicle type ${i + 1} name`}
                  value={type.name}
                  onChange={(e) => update("vehicleTypes", i, { name: e.currentTarget.value })}
                  className="min-w-40"
                />
              </td>
              <td className={cell}>
                <NumberInput
                  label={`Battery (kWh), ${type.name}`}
                  value={type.batteryKwh}
                  onChange={(v) => update("vehicleTypes", i, { batteryKwh: v })}
                />
              </td>
              <td className={cell}>
                <NumberInput
                  label={`Consumption (kWh/km), ${type.name}`}
                  value={type.consumptionKwhPerKm}
                  onChange={(v) => update("vehicleTypes", i, { consumptionKwhPerKm: v })}
                />
              </td>
              <td className={cell}>
                <NumberInput
                  label={`Max charge (kW), ${type.name}`}
                  value={type.maxChargeKw}
                  onChange={(v) => update("vehicleTypes", i, { maxChargeKw: v })}
                />
              </td>
              <td className={cell}>
                <CurveInput
                  label={`Charging curve, ${type.name}`}
                  value={type.chargeCurve}
                  onChange={(curve) => update("vehicleTypes", i, { chargeCurve: curve })}
                />
              </td>
              <td className={cell}>
                <RemoveButton
                  label={`Remove vehicle type ${type.name}`}
                  onClick={() => remove("vehicleTypes", i)}
                  disabled={value.vehicleTypes.length === 1}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Section>
  );
}
