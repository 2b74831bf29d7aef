import { SelectField } from "~/components/select-field";
import { CLOCK_FIELD, TextField } from "~/components/text-field";

import { DayChoices } from "./day-choices";

/** What a visit pattern is made of, as typed (the request's defaults, or a search's). */
export type VisitValues = {
  vehicleType?: string;
  vehicles?: string;
  days?: number[];
  arriveFrom?: string;
  arriveTo?: string;
  departFrom?: string;
  departTo?: string;
  energyKwh?: string;
};

/**
 * The fields of a visit pattern: a vehicle type from the haulier's plans, how many, the days, the arrival and
 * departure windows and the energy a visit. The request for capacity and the hub finder both ask for them.
 */
export function VisitFields({
  vehicleTypes,
  errors,
  values = {},
}: {
  vehicleTypes: { key: string; label: string }[];
  errors: Record<string, string | undefined>;
  values?: VisitValues;
}) {
  const time = { ...CLOCK_FIELD, required: true } as const;
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          name="vehicleType"
          label="Vehicle type"
          defaultValue={values.vehicleType}
          options={vehicleTypes.map((t) => ({ value: t.key, label: t.label }))}
          error={errors.vehicleType}
        />
        <TextField
          name="vehicles"
          label="Vehicles"
          type="number"
          min={1}
          max={100}
          defaultValue={values.vehicles ?? 2}
          required
          error={errors.vehicles}
        />
      </div>
      <DayChoices name="days" legend="Days they visit" chosen={values.days ?? [0, 1, 2, 3, 4]} error={errors.days} />
      <div className="grid grid-cols-2 gap-4 sm:grid-cols-4">
        <TextField
          name="arriveFrom"
          label="Arriving from"
          defaultValue={values.arriveFrom ?? "18:00"}
          {...time}
          error={errors.arriveFrom}
        />
        <TextField
          name="arriveTo"
          label="Arriving by"
          defaultValue={values.arriveTo ?? "19:00"}
          {...time}
          error={errors.arriveTo}
        />
        <TextField
          name="departFrom"
          label="Leaving from"
          defaultValue={values.departFrom ?? "05:00"}
          {...time}
          error={errors.departFrom}
        />
        <TextField
          name="departTo"
          label="Leaving by"
          defaultValue={values.departTo ?? "06:00"}
          {...time}
          error={errors.departTo}
        />
      </div>
      <TextField
        name="energyKwh"
        label="Energy a visit (kWh)"
        type="number"
        min={1}
        max={1000}
        step="any"
        defaultValue={values.energyKwh ?? 40}
        required
        error={errors.energyKwh}
      />
    </>
  );
}
