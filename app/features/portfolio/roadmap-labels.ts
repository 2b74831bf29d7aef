/** How the roadmap says its figures, the same on the page, in the PDF and in e-mails (UK dates: 01 Jul 2027). */
import type { ComparedConnection } from "./offer-comparison";
import type { ConnectionFlag } from "./roadmap";

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "01 Jul 2027" for an ISO day (three-letter months: Intl's en-GB writes "Sept"). */
export function ukDay(iso: string): string {
  const [year, month, day] = iso.slice(0, 10).split("-");
  return `${day} ${MONTHS[Number(month) - 1] ?? month} ${year}`;
}

export const wholePounds = (value: number) => `£${Math.round(value).toLocaleString("en-GB")}`;
/** Pounds with the sign before the £ ("-£19,768"): money against staying diesel may be either way. */
export const signedPounds = (value: number) => (Math.round(value) < 0 ? `-${wholePounds(-value)}` : wholePounds(value));
export const wholeKw = (value: number) => `${Math.round(value).toLocaleString("en-GB")} kW`;

/** The flag in a few words, and its tone: what a fleet director reads first. */
export function flagText(
  flag: ConnectionFlag,
  endYear: number,
  offer: string | null = null,
): { text: string; tone: "ok" | "warn" | "late" } {
  switch (flag.kind) {
    case "enough":
      return { text: `Connection enough to ${endYear}`, tone: "ok" };
    case "apply-by":
      return flag.late
        ? { text: `Apply now: the date was ${ukDay(flag.applyBy)}`, tone: "late" }
        : { text: `Apply by ${ukDay(flag.applyBy)}`, tone: "warn" };
    case "quoted-in-time":
      return { text: `${offer ? "Chosen offer" : "Quote"} in time: energised ${ukDay(flag.energisedBy)}`, tone: "ok" };
    case "quoted-late":
      return {
        text: `${offer ? "Chosen offer" : "Quote"} ${flag.monthsLate} ${flag.monthsLate === 1 ? "month" : "months"} late: energised ${ukDay(flag.energisedBy)}`,
        tone: "late",
      };
  }
}

/** Why the flag says what it says, in a sentence. */
export function flagReason(
  flag: ConnectionFlag,
  depot: { connectionKva: number; leadTimeMonths: number; beyondQuoteKva?: number | null; chosenOffer?: string | null },
): string {
  const kva = (value: number) => `${value.toLocaleString("en-GB")} kVA`;
  if (flag.kind === "enough") return `The managed peak stays within today's ${kva(depot.connectionKva)} every year.`;
  const offer = depot.chosenOffer ? `the chosen offer, ${depot.chosenOffer},` : null;
  const over =
    depot.beyondQuoteKva && offer
      ? `With ${offer} vehicles go short in ${flag.neededYear}`
      : depot.beyondQuoteKva
        ? `The managed peak passes even the quoted ${kva(depot.beyondQuoteKva)} in ${flag.neededYear}`
        : `The managed peak passes today's ${kva(depot.connectionKva)} in ${flag.neededYear}`;
  if (flag.kind === "apply-by")
    return `${over}; with a lead time of ${depot.leadTimeMonths} months the application must be made by ${ukDay(flag.applyBy)}.`;
  const upgrade = offer ? offer.slice(0, -1) : "the quoted connection";
  if (flag.kind === "quoted-in-time") return `${over}; ${upgrade} is energised before then.`;
  return `${over}; ${upgrade} comes ${flag.monthsLate} months after that.`;
}

/** A group's pace in words: "Electric from 2027, the last in 2031". */
export function paceText(group: { electricFrom: number | null; lastYear: number | null }): string {
  if (group.electricFrom === null) return "No vehicle electric in its targets";
  return group.lastYear === null
    ? `Electric from ${group.electricFrom}; its targets stop short of all`
    : `Electric from ${group.electricFrom}, the last in ${group.lastYear}`;
}

/** Whether a group still buys diesel after its phase-out mark (its first electric vehicle comes later, or never). */
export const pastPhaseOut = (group: { electricFrom: number | null; phaseOut: number }) =>
  group.electricFrom === null || group.electricFrom > group.phaseOut;

const kwh = (value: number) => `${Math.round(value).toLocaleString("en-GB")} kWh`;

/** What an offer's outlook found on the depot's plan (its worst, and one in ten for a flexible one), in words. */
export function riskText(c: ComparedConnection): string {
  if (c.id === null) return "—";
  if (!c.risk) return "Not worked out yet";
  if (c.risk.vehiclesShort === 0) return "None short";
  const oneInTen = c.risk.oneInTenKwh === null ? "" : `; 1 in 10: ${kwh(c.risk.oneInTenKwh)}`;
  return `${c.risk.vehiclesShort} short, ${kwh(c.risk.shortKwh)}${oneInTen}`;
}

/** The battery that covers an offer's worst curtailment, with its price. */
export const batteryText = (c: ComparedConnection) =>
  c.battery
    ? `${Math.ceil(c.battery.powerKw).toLocaleString("en-GB")} kW, ${kwh(c.battery.energyKwh)} (${wholePounds(c.battery.pounds)})`
    : "—";
