/** A flexibility request as the network page says it (issue 60): when and what was asked, the answer, the delivery. */
import { calendarDay, clockTime } from "~/lib/uk-dates";

import { deliveryPounds, type FlexView } from "./flex-view";

const number = (value: number, digits = 0) => value.toLocaleString("en-GB", { maximumFractionDigits: digits });
const kw = (value: number) => `${number(value)} kW`;
const kwh = (value: number) => `${number(value, 1)} kWh`;
const pounds = (value: number) =>
  value.toLocaleString("en-GB", { style: "currency", currency: "GBP", minimumFractionDigits: 2 });

const listed = (items: string[]) =>
  items.length < 2 ? items.join("") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)!}`;

/** When, what was asked, and at what price. */
export function asked(view: FlexView) {
  const parts = [
    `${calendarDay(view.from)}, ${clockTime(view.from)} to ${clockTime(view.until)}`,
    view.askedKw === null ? "as much as the fleet can spare" : `${kw(view.askedKw)} asked`,
    ...(view.poundsPerMwh === null ? [] : [`${pounds(view.poundsPerMwh)} per MWh`]),
    ...(view.baseline === "historical" ? ["paid on a historical baseline"] : []),
  ];
  return parts.join(" · ");
}

/** The answer in a sentence. */
export function answered(view: FlexView): string {
  const a = view.answer;
  if (view.status === "answering") return "Working out what the fleet can spare…";
  if (view.status === "failed" || view.status === "declined" || !a) return view.note ?? "Not offered.";
  const base = a.segments.length ? Math.max(...a.segments.map((s) => s.baselineKw)) : 0;
  const offer = `Offered ${kw(a.offeredKw)} less (${kwh(a.offeredKwh)} moved out of the window): the site held to ${number(a.capKva ?? 0)} kVA; the plan draws up to ${kw(base)} there.`;
  const cancelled = view.status === "cancelled" ? ` ${view.note ?? "Cancelled."}` : "";
  return `${offer}${view.note && view.status !== "cancelled" ? ` ${view.note}` : ""}${cancelled}`;
}

/** The delivery in a sentence, once measured. */
export function delivered(view: FlexView): string | null {
  const d = view.delivery;
  if (!d || !view.answer) return null;
  const share = view.answer.offeredKwh > 0 ? ` (${number((100 * d.deliveredKwh) / view.answer.offeredKwh)} %)` : "";
  const worth = deliveryPounds(view);
  const baseline =
    d.basis === "historical"
      ? `a historical baseline of ${kwh(d.baselineKwh)} (what they drew on ${listed(d.likeDays.map((day) => calendarDay(`${day}T12:00:00Z`)))}, averaged)`
      : `a baseline of ${kwh(d.baselineKwh)}`;
  return [
    `Delivered ${kwh(d.deliveredKwh)} of ${kwh(view.answer.offeredKwh)} offered${share}: the chargers drew ${kwh(d.usedKwh)} against ${baseline}, read from their meters.`,
    d.note ? ` ${d.note}` : "",
    worth === null ? "" : ` Worth ${pounds(worth)} at the request's price.`,
    d.estimated ? " Estimated in part: a charger's meter fell silent and was counted on at its last power." : "",
  ].join("");
}
