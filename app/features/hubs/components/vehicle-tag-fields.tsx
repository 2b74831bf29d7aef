import { TextField } from "~/components/text-field";

/** The booked vehicle and the tag it charges with (how the hub's chargers know whose it is): both booking forms ask. */
export function VehicleTagFields({ errors }: { errors: Record<string, string | undefined> }) {
  return (
    <>
      <TextField name="vehicle" label="Vehicle" required maxLength={20} placeholder="AB12 CDE" error={errors.vehicle} />
      <TextField name="tag" label="Tag it charges with" required maxLength={40} error={errors.tag} />
    </>
  );
}
