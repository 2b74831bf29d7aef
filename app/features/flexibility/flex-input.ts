import { DateTime } from "luxon";
import { z } from "zod";

import { UK_ZONE } from "~/lib/uk-dates";
import { invalidInput, UserError } from "~/lib/user-error";

/**
 * A flexibility request as the network makes it (issue 60, item 4): draw less over a window, `askedKw` below the
 * baseline (or as much as the fleet can spare), paid at a price per MWh moved. Checked on the server however it
 * comes (the network page's form, an OpenADR event): it starts in the future, within a week (the answer is made from
 * the depot's weekly plan), lasts from a quarter of an hour to twelve hours, and asks no more than the connection.
 */
export type FlexRequest = {
  name: string;
  from: number;
  until: number;
  askedKw: number | null;
  poundsPerMwh: number | null;
  /** What the delivery is paid on (decision 079); nominated when not said (an OpenADR event has no word for it). */
  baseline?: FlexBaseline;
};

/** The plan's draw given with the answer, or the middle four of the last ten like days, metered (decision 079). */
export const FLEX_BASELINES = ["nominated", "historical"] as const;
export type FlexBaseline = (typeof FLEX_BASELINES)[number];
const baseline = z
  .enum(FLEX_BASELINES, { error: "Choose the baseline: nominated (the plan's draw) or historical (like days)" })
  .optional();

const MAX_AHEAD_DAYS = 7;
const MIN_MINUTES = 15;
const MAX_HOURS = 12;

const name = z
  .string()
  .trim()
  .min(1, "Name the request as the network does")
  .max(100, "A name is at most 100 characters");
const askedKw = z
  .number({ error: "Give the turn-down asked in kW, or leave it out" })
  .positive("The turn-down asked is more than 0 kW")
  .max(100_000, "A turn-down is at most 100,000 kW")
  .optional();
const poundsPerMwh = z
  .number({ error: "Give the price in £ per MWh, or leave it out" })
  .min(0, "A price cannot be negative")
  .max(100_000, "A price is at most £100,000 per MWh")
  .optional();

/** The fleet API's request (POST /api/v1/depots/{depotId}/flexibility): instants with their zone. */
export const flexApiSchema = z.object({
  name,
  from: z.iso.datetime({ offset: true, error: "Give when it starts as a date and time with its zone" }),
  until: z.iso.datetime({ offset: true, error: "Give when it ends as a date and time with its zone" }),
  askedKw,
  poundsPerMwh,
  baseline,
});
export const flexFromApi = (input: z.infer<typeof flexApiSchema>): FlexRequest => ({
  name: input.name,
  from: Date.parse(input.from),
  until: Date.parse(input.until),
  askedKw: input.askedKw ?? null,
  poundsPerMwh: input.poundsPerMwh ?? null,
  baseline: input.baseline ?? "nominated",
});

const formSchema = z.object({
  name,
  day: z.iso.date({ error: "Give the day as a date" }),
  from: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Give when it starts as a time (hh:mm)"),
  until: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Give when it ends as a time (hh:mm)"),
  askedKw,
  poundsPerMwh,
  baseline,
});

const refuse = (field: string, message: string) =>
  new UserError(message, { status: 422, fieldErrors: { [field]: message } });

/** The network page's form: a day, a start and an end on the UK clock (an end at or before the start is the next day). */
export function flexFromForm(form: FormData): FlexRequest {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value.trim() : "";
  };
  const number = (name: string) => (text(name) === "" ? undefined : Number(text(name)));
  const parsed = formSchema.safeParse({
    name: text("name"),
    day: text("day"),
    from: text("from"),
    until: text("until"),
    askedKw: number("askedKw"),
    poundsPerMwh: number("poundsPerMwh"),
    baseline: text("baseline") || undefined,
  });
  if (!parsed.success) throw invalidInput(parsed.error);
  const { name, day, from, until, askedKw, poundsPerMwh, baseline } = parsed.data;
  const start = DateTime.fromISO(`${day}T${from}`, { zone: UK_ZONE });
  let end = DateTime.fromISO(`${day}T${until}`, { zone: UK_ZONE });
  if (end <= start) end = end.plus({ days: 1 });
  return {
    name,
    from: start.toMillis(),
    until: end.toMillis(),
    askedKw: askedKw ?? null,
    poundsPerMwh: poundsPerMwh ?? null,
    baseline: baseline ?? "nominated",
  };
}

/** The request checked against now and the connection (`mostKw`: its most real power, null without one). */
export function checkFlexRequest(request: FlexRequest, site: { now: number; mostKw: number | null }): FlexRequest {
  const { from, until, askedKw } = request;
  if (!Number.isFinite(from) || !Number.isFinite(until)) throw refuse("from", "Give when it starts and ends.");
  if (from <= site.now) throw refuse("from", "It starts in the past: the fleet can only answer for what is to come.");
  if (from > site.now + MAX_AHEAD_DAYS * 86_400_000)
    throw refuse("day", `It starts more than ${MAX_AHEAD_DAYS} days ahead: the answer is made from the depot's week.`);
  if (until - from < MIN_MINUTES * 60_000) throw refuse("until", `A request lasts at least ${MIN_MINUTES} minutes.`);
  if (until - from > MAX_HOURS * 3_600_000) throw refuse("until", `A request lasts at most ${MAX_HOURS} hours.`);
  if (site.mostKw === null)
    throw refuse("askedKw", "The depot has no connection yet: run its charging plan or track an offer first.");
  if (askedKw !== null && askedKw > site.mostKw + 1e-9)
    throw refuse(
      "askedKw",
      `${askedKw.toLocaleString("en-GB")} kW is more than the connection's ${Math.round(site.mostKw).toLocaleString("en-GB")} kW: the site cannot draw that much less.`,
    );
  return request;
}
