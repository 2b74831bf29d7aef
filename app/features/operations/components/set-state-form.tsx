import { useId } from "react";
import { useFetcher } from "react-router";

import { CLOCK_FIELD, TextField } from "~/components/text-field";
import { Button } from "~/components/ui/button";
import { FieldError } from "~/components/ui/field-error";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/native-select";
import type { ActionResult } from "~/lib/action-result";
import { useFetcherToast } from "~/lib/use-fetcher-toast";

/**
 * Sets by hand, on a phone at the yard, what the board cannot know: a vehicle's charge now, when it leaves tonight (a
 * UK clock time, its next occurrence) and the charge it must leave with. Empty fields stay as they are; "back to the
 * plan" forgets a departure and target told before. The chargers are shared again at once.
 */
export function SetStateForm({ vehicles }: { vehicles: { id: number; vehicle: string }[] }) {
  const fetcher = useFetcher<ActionResult>();
  useFetcherToast(fetcher.data);
  const errors = fetcher.state === "idle" && fetcher.data?.ok === false ? fetcher.data.errors : {};
  const vehicleId = useId();
  const resetId = useId();
  return (
    <fetcher.Form
      method="post"
      className="grid gap-3 rounded-md border p-3"
      aria-label="Set a vehicle by hand"
      noValidate
    >
      <input type="hidden" name="intent" value="vehicle-state" />
      <p className="font-medium">Set by hand</p>
      <div className="grid gap-3 sm:grid-cols-4 sm:items-end">
        <div className="grid gap-2">
          <Label htmlFor={vehicleId}>Vehicle</Label>
          <NativeSelect
            id={vehicleId}
            name="vehicleTagId"
            aria-describedby={errors.vehicleTagId ? `${vehicleId}-error` : undefined}
          >
            {vehicles.map((v) => (
              <option key={v.id} value={v.id}>
                {v.vehicle}
              </option>
            ))}
          </NativeSelect>
          <FieldError id={`${vehicleId}-error`}>{errors.vehicleTagId}</FieldError>
        </div>
        <TextField label="Charge now (%)" name="socPct" inputMode="decimal" error={errors.socPct} />
        <TextField label="Leaves at" name="departs" {...CLOCK_FIELD} error={errors.departs} />
        <TextField label="Leave with (%)" name="targetSocPct" inputMode="decimal" error={errors.targetSocPct} />
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-2">
          <input id={resetId} type="checkbox" name="backToPlan" className="size-4 accent-primary" />
          <label htmlFor={resetId} className="text-sm">
            Back to the plan&apos;s departure and target
          </label>
        </div>
        <Button type="submit" disabled={fetcher.state !== "idle"}>
          {fetcher.state !== "idle" ? "Saving…" : "Save"}
        </Button>
      </div>
      <FieldError id={`${resetId}-form`}>{errors.form}</FieldError>
    </fetcher.Form>
  );
}
