import { z } from "zod";

import { UserError } from "~/lib/user-error";

/**
 * A limit the network sets on a depot's site (issue 60): at most `limitKva` from `from` until `until`. Checked on
 * the server whoever gives it (by hand on Operations, or through the fleet API): it must end in the future, last at
 * most a week, and only lower the connection (an instruction above it would say nothing the site may use). A flood
 * is the fleet API's rate limit's; a list holds at most MAX_INSTRUCTIONS.
 */
export const MAX_INSTRUCTIONS = 50;
const MAX_DAYS = 7;

export const instructionSchema = z.object({
  limitKva: z
    .number({ error: "Give the limit in kVA" })
    .min(0, "A limit cannot be negative")
    .max(100_000, "A limit is at most 100,000 kVA"),
  from: z.iso.datetime({ offset: true, error: "Give when it starts as a date and time with its zone" }),
  until: z.iso.datetime({ offset: true, error: "Give when it ends as a date and time with its zone" }),
  reason: z.string().trim().max(200, "A reason is at most 200 characters").optional(),
});
export type InstructionInput = z.infer<typeof instructionSchema>;
export type Instruction = { from: number; until: number; limitKva: number; reason: string | null };

/** The instruction's instants, or the refusal that names what is wrong. */
export function checkInstruction(input: InstructionInput, site: { mostKva: number | null; now: number }): Instruction {
  const from = Date.parse(input.from);
  const until = Date.parse(input.until);
  const refuse = (field: string, message: string) => new UserError(message, { fieldErrors: { [field]: message } });
  if (until <= site.now) throw refuse("until", "It ends in the past: nothing to obey.");
  if (until <= from) throw refuse("until", "It must end after it starts.");
  if (until - from > MAX_DAYS * 86_400_000) throw refuse("until", `An instruction lasts at most ${MAX_DAYS} days.`);
  if (site.mostKva === null)
    throw refuse("limitKva", "The depot has no connection yet: run its charging plan or track an offer first.");
  if (input.limitKva > site.mostKva + 1e-9)
    throw refuse(
      "limitKva",
      `${input.limitKva.toLocaleString("en-GB")} kVA is above the connection's ${site.mostKva.toLocaleString("en-GB")} kVA: an instruction can only lower the limit.`,
    );
  return { from, until, limitKva: input.limitKva, reason: input.reason ?? null };
}
