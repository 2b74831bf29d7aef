import { DateTime } from "luxon";

import { UK_ZONE } from "~/lib/uk-dates";
import { invalidInput, UserError } from "~/lib/user-error";

import { checkInstruction, instructionSchema, type Instruction } from "./instruction-input";

/**
 * The by-hand form's fields (Operations' network page): a limit in kVA, and when it starts and ends as the browser's
 * date-and-time inputs give them (UK time, no zone), with a reason. Checked as the fleet API's instructions are.
 */
export function instructionFromForm(form: FormData, site: { mostKva: number | null; now: number }): Instruction {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value.trim() : "";
  };
  const instant = (name: string, what: string) => {
    const local = DateTime.fromISO(text(name), { zone: UK_ZONE });
    if (!local.isValid)
      throw new UserError(`Give when it ${what} as a date and time.`, {
        fieldErrors: { [name]: `Give when it ${what} as a date and time.` },
      });
    return local.toISO()!;
  };
  const limit = text("limitKva");
  const parsed = instructionSchema.safeParse({
    limitKva: limit === "" ? undefined : Number(limit),
    from: instant("from", "starts"),
    until: instant("until", "ends"),
    reason: text("reason") || undefined,
  });
  if (!parsed.success) throw invalidInput(parsed.error);
  return checkInstruction(parsed.data, site);
}
