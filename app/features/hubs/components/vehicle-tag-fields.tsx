import { useId } from "react";

import { TextField } from "~/components/text-field";

export type OwnVehicle = { vehicle: string; tag: string };

/**
 * The booked vehicle and the tag it charges with (how the hub's chargers know whose it is): both booking forms ask.
 * The tag must be one of the company's own vehicles' tags, named on Operations; those are offered as suggestions.
 */
export function VehicleTagFields({
  errors,
  ownVehicles,
}: {
  errors: Record<string, string | undefined>;
  ownVehicles: OwnVehicle[];
}) {
  const id = useId();
  return (
    <>
      <TextField
        name="vehicle"
        label="Vehicle"
        required
        maxLength={20}
        placeholder="AB12 CDE"
        error={errors.vehicle}
        list={`${id}-vehicles`}
        autoComplete="off"
      />
      <TextField
        name="tag"
        label="Tag it charges with"
        required
        maxLength={40}
        error={errors.tag}
        list={`${id}-tags`}
        autoComplete="off"
        hint={
          ownVehicles.length
            ? "One of your vehicles' tags, as named on Operations."
            : "Name your vehicles and their tags on Operations first: a booking names one of them."
        }
      />
      <datalist id={`${id}-vehicles`}>
        {ownVehicles.map((v) => (
          <option key={v.tag} value={v.vehicle} />
        ))}
      </datalist>
      <datalist id={`${id}-tags`}>
        {ownVehicles.map((v) => (
          <option key={v.tag} value={v.tag}>
            {v.vehicle}
          </option>
        ))}
      </datalist>
    </>
  );
}
