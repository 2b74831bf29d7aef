import { z } from "zod";

import { isCalendarDay } from "~/lib/uk-dates";
import { invalidInput, UserError } from "~/lib/user-error";

import { estimatedCurtailment, parseCurtailmentCsv } from "./curtailment-csv";
import { MAX_OFFER_KVA, OFFER_KINDS, type OfferShape } from "./offer-shape";
import { parseProfileCsv } from "./profile-csv";

/** The largest profile or record pasted or uploaded into the offer form. */
export const MAX_OFFER_CSV_KB = 1024;

const day = z
  .string({ error: "Give the date it can be energised" })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Give the date it can be energised as a day, month and year")
  .refine(isCalendarDay, "That date does not exist");
const kva = (what: string) =>
  z
    .number({ error: `${what} must be a number` })
    .min(0, `${what} cannot be negative`)
    .max(MAX_OFFER_KVA, `${what} is at most ${MAX_OFFER_KVA.toLocaleString("en-GB")} kVA`);
const time = z.string().regex(/^([01]\d|2[0-4]):(00|30)$/, "Give the window's times on the half hour, as 16:00");
const minutes = (text: string) => Number(text.slice(0, 2)) * 60 + Number(text.slice(3));

const detailsSchema = z.object({
  name: z.string().trim().min(1, "Name the offer").max(100, "An offer's name is at most 100 characters"),
  operator: z.string().trim().max(100, "The operator's name is at most 100 characters").nullable(),
  kind: z.enum(OFFER_KINDS, { error: "Choose firm, profiled or flexible" }),
  costPounds: z
    .number({ error: "Give the offer's cost in pounds" })
    .min(0, "The cost cannot be negative")
    .max(100_000_000, "The cost is at most £100,000,000"),
  energiseOn: day,
});
export type OfferDetails = z.infer<typeof detailsSchema>;

/** The form's fields as the checks take them: text (empty is null), numbers, a field checked by a schema, a CSV. */
function reader(form: FormData) {
  const text = (name: string) => {
    const value = form.get(name);
    const trimmed = typeof value === "string" ? value.trim() : "";
    return trimmed === "" ? null : trimmed;
  };
  const number = (name: string) => {
    const value = text(name);
    return value === null ? undefined : Number(value.replace(/[£,\s]/g, ""));
  };
  const field = <T>(name: string, schema: z.ZodType<T>, value: unknown = number(name)): T => {
    const result = schema.safeParse(value);
    if (result.success) return result.data;
    const message = result.error.issues[0]!.message;
    throw new UserError(message, { fieldErrors: { [name]: message } });
  };
  /** A CSV field read by `parse`; its refusal is the field's message. */
  const csv = <T>(name: string, what: string, parse: (text: string) => T): T => {
    const value = text(name);
    const refuse = (message: string) => new UserError(message, { fieldErrors: { [name]: message } });
    if (value === null) throw refuse(`Give the ${what}.`);
    if (value.length > MAX_OFFER_CSV_KB * 1024) throw refuse(`The ${what} is more than ${MAX_OFFER_CSV_KB} kB.`);
    try {
      return parse(value);
    } catch (error) {
      throw error instanceof UserError ? refuse(error.message) : error;
    }
  };
  return { text, number, field, csv };
}

/** Reads the offer form (after the access check) into its details and the planner's shape; anything wrong is refused by field, and nothing is kept. */
export function offerFromForm(form: FormData, today: string): { details: OfferDetails; shape: OfferShape } {
  const read = reader(form);
  const parsed = detailsSchema.safeParse({
    name: read.text("name"),
    operator: read.text("operator"),
    kind: read.text("kind"),
    costPounds: read.number("costPounds"),
    energiseOn: read.text("energiseOn"),
  });
  if (!parsed.success) throw invalidInput(parsed.error);
  const details = parsed.data;
  const { name } = details;
  if (details.kind === "firm")
    return { details, shape: { kind: "firm", name, firmKva: read.field("firmKva", kva("The capacity")) } };
  if (details.kind === "profiled")
    return { details, shape: { kind: "profiled", name, profile: read.csv("profile", "profile", parseProfileCsv) } };
  return { details, shape: flexibleShape(read, name, Number(today.slice(0, 4))) };
}

/** A flexible offer's parts and its curtailment: an imported record, or one made from an estimate of hours a year. */
function flexibleShape(read: ReturnType<typeof reader>, name: string, year: number): OfferShape {
  const firmKva = read.field("firmKva", kva("The firm part"));
  const nonFirmKva = read.field(
    "nonFirmKva",
    kva("The non-firm part").positive("A flexible offer has a non-firm part above 0 kVA"),
  );
  if (read.text("record") !== "estimate") {
    const curtailment = read.csv("curtailment", "curtailment record", (text) => parseCurtailmentCsv(text, nonFirmKva));
    return { kind: "flexible", name, firmKva, nonFirmKva, record: "imported", curtailment };
  }
  const hoursPerYear = read.field(
    "hoursPerYear",
    z
      .number({ error: "Give the hours a year it may be cut" })
      .min(0, "Hours cannot be negative")
      .max(8760, "A year has 8,760 hours"),
  );
  const from = minutes(read.field("windowFrom", time, read.text("windowFrom")));
  const to = minutes(read.field("windowTo", time, read.text("windowTo")));
  if (to <= from)
    throw new UserError("The window's end must be after its start.", { fieldErrors: { windowTo: "After the start." } });
  const curtailment = hoursPerYear === 0 ? [] : estimatedCurtailment({ hoursPerYear, from, to }, nonFirmKva, year);
  return { kind: "flexible", name, firmKva, nonFirmKva, record: "estimate", curtailment };
}
