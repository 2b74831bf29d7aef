/**
 * The readiness board's "Set by hand" form, read into the same state the fleet API takes (vehicle-state.ts), so a
 * phone at the yard and a fleet system are held to one set of rules. Empty fields leave that part as it is; "back to
 * the plan" clears the departure and target told before.
 */
import { z } from "zod";

import { nextClockTime } from "~/lib/uk-clock";
import { fieldErrorsOf } from "~/lib/user-error";

import { vehicleStateSchema, type VehicleStateInput } from "./vehicle-state";

const optionalNumber = (message: string) =>
  z
    .string()
    .trim()
    .refine((v) => v === "" || Number.isFinite(Number(v)), message)
    .transform((v) => (v === "" ? undefined : Number(v)));

export const boardFormSchema = z.object({
  vehicleTagId: z.coerce.number({ message: "Choose a vehicle" }).int().positive("Choose a vehicle"),
  socPct: optionalNumber("Give the charge now as a number from 0 to 100"),
  departs: z
    .string()
    .trim()
    .refine((v) => v === "" || /^([01]\d|2[0-3]):[0-5]\d$/.test(v), "Give the time it leaves as HH:MM (24-hour)"),
  targetSocPct: optionalNumber("Give the charge it must leave with as a number from 1 to 100"),
  backToPlan: z.string().optional(),
});

/** The form's fields as a vehicle's state, and the field each of the state's parts came from (for its message). */
export function stateFromBoardForm(
  fields: Record<string, string>,
  now: number,
): { vehicleTagId: number; state: VehicleStateInput } | { errors: Record<string, string> } {
  const form = boardFormSchema.safeParse(fields);
  if (!form.success) return { errors: fieldErrorsOf(form.error) };
  const { vehicleTagId, socPct, departs, targetSocPct, backToPlan } = form.data;
  const reset = backToPlan === "on";
  const raw = {
    ...(socPct !== undefined ? { socPct } : {}),
    ...(reset
      ? { departsAt: null }
      : departs
        ? { departsAt: new Date(nextClockTime(departs, now)).toISOString() }
        : {}),
    ...(reset ? { targetSocPct: null, neededKwh: null } : targetSocPct !== undefined ? { targetSocPct } : {}),
  };
  const state = vehicleStateSchema.safeParse(raw);
  if (!state.success) {
    const errors = fieldErrorsOf(state.error);
    // The state's names, as the form calls its fields.
    if (errors.departsAt) errors.departs = errors.departsAt;
    if (errors.form) errors.form = "Give the charge now, a departure or a target (or go back to the plan)";
    return { errors };
  }
  return { vehicleTagId, state: state.data };
}
