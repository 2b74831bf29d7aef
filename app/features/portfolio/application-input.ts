import { z } from "zod";

import { isCalendarDay } from "~/lib/uk-dates";

/**
 * A depot's connection application (issue 33), from the budget estimate to
 * energisation. Each stage asks for what it brings: a quote its date, cost,
 * capacity and energisation date; an accepted quote the date it was
 * accepted; and so on. Dates are ISO days (the form's date inputs).
 */
export const APPLICATION_STAGES = [
  "budget-requested",
  "quote-received",
  "accepted",
  "works-scheduled",
  "energised",
] as const;
export type ApplicationStage = (typeof APPLICATION_STAGES)[number];

export const STAGE_LABELS: Record<ApplicationStage, string> = {
  "budget-requested": "Budget estimate requested",
  "quote-received": "Quote received",
  accepted: "Quote accepted",
  "works-scheduled": "Works scheduled",
  energised: "Energised",
};

/** The largest quote document: quotes are a few pages. */
export const MAX_QUOTE_MB = 10;

const day = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Give dates as a day, month and year")
  .refine(isCalendarDay, "That date does not exist")
  .nullable();
const optionalNumber = (max: number, what: string) =>
  z
    .number({ error: `${what} must be a number` })
    .min(0, `${what} cannot be negative`)
    .max(max, `${what} is at most ${max.toLocaleString("en-GB")}`)
    .nullable();

const reached = (stage: ApplicationStage, at: ApplicationStage) =>
  APPLICATION_STAGES.indexOf(stage) >= APPLICATION_STAGES.indexOf(at);

export const applicationSchema = z
  .object({
    stage: z.enum(APPLICATION_STAGES, { error: "Choose the application's stage" }),
    requestedKva: optionalNumber(100_000, "The capacity asked for"),
    budgetRequestedOn: day,
    quoteReceivedOn: day,
    quotePounds: optionalNumber(100_000_000, "The quote's cost"),
    quoteKva: optionalNumber(100_000, "The quoted capacity"),
    energisationOn: day,
    acceptedOn: day,
    worksOn: day,
    energisedOn: day,
    notes: z.string().trim().max(2000, "Notes are at most 2,000 characters").nullable(),
  })
  .superRefine((a, ctx) => {
    const need = (ok: unknown, path: string, message: string) => {
      if (ok === null || ok === undefined) ctx.addIssue({ code: "custom", path: [path], message });
    };
    if (reached(a.stage, "quote-received")) {
      need(a.quoteReceivedOn, "quoteReceivedOn", "Give the date the quote was received");
      need(a.quotePounds, "quotePounds", "Give the quote's cost");
      need(a.quoteKva, "quoteKva", "Give the capacity the quote is for");
      need(a.energisationOn, "energisationOn", "Give the quote's energisation date");
    }
    if (reached(a.stage, "accepted")) need(a.acceptedOn, "acceptedOn", "Give the date the quote was accepted");
    if (reached(a.stage, "works-scheduled")) need(a.worksOn, "worksOn", "Give the date the works are scheduled for");
    if (a.stage === "energised") need(a.energisedOn, "energisedOn", "Give the date the connection was energised");
  });
export type ApplicationInput = z.infer<typeof applicationSchema>;

/** The form's fields as the schema takes them: empty is null, numbers are numbers. */
export function applicationFromForm(form: FormData): unknown {
  const text = (name: string) => {
    const value = String(form.get(name) ?? "").trim();
    return value === "" ? null : value;
  };
  const number = (name: string) => {
    const value = text(name);
    return value === null ? null : Number(value.replace(/[£,\s]/g, ""));
  };
  return {
    stage: text("stage"),
    requestedKva: number("requestedKva"),
    budgetRequestedOn: text("budgetRequestedOn"),
    quoteReceivedOn: text("quoteReceivedOn"),
    quotePounds: number("quotePounds"),
    quoteKva: number("quoteKva"),
    energisationOn: text("energisationOn"),
    acceptedOn: text("acceptedOn"),
    worksOn: text("worksOn"),
    energisedOn: text("energisedOn"),
    notes: text("notes"),
  };
}
