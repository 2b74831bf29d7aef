import { Duration } from "luxon";

import type { Polled, VtnReport } from "~/features/connections/index.server";

import type { FlexRequest } from "./flex-input";
import type { FlexView } from "./flex-view";

/**
 * Flexibility over OpenADR 3.0.1 (issue 60, item 4). A request is an event whose intervals carry
 * DISPATCH_SETPOINT_RELATIVE, the change the network asks of the site's draw (kW; negative: draw less), with an
 * optional PRICE per kWh (GBP) for what is moved. The answer goes back as a report on the event: the baseline and
 * the load the site will shed (LOAD_SHED_DELTA_AVAILABLE, kW) in each step of the window; once measured, the
 * delivery: the chargers' USAGE against the BASELINE and their difference (DELTA_USAGE, kWh; negative: less drawn).
 */
type VtnEvent = Polled["events"][number];
export const RELATIVE = "DISPATCH_SETPOINT_RELATIVE";
const PRICE = "PRICE";

/** The requests the events make (keyed by event id), and the events left with why. */
export function flexFromEvents(events: readonly VtnEvent[], programID: string) {
  const requests: { ref: string; request: FlexRequest }[] = [];
  const skipped: string[] = [];
  for (const event of events) {
    if (event.programID !== programID || !event.intervals.some((i) => i.payloads.some((p) => p.type === RELATIVE)))
      continue;
    const name = event.eventName ?? event.id ?? "an event";
    if (!event.id) {
      skipped.push(`${name}: a request without an id cannot be answered`);
      continue;
    }
    let from = Infinity;
    let until = -Infinity;
    let askedKw = 0;
    let pencePerKwh: number | null = null;
    let bad: string | null = null;
    event.intervals.forEach((interval, index) => {
      const at = interval.intervalPeriod ?? event.intervalPeriod;
      const start = Date.parse(at?.start ?? "");
      const length = Duration.fromISO(at?.duration ?? "").toMillis();
      if (!Number.isFinite(start) || !(length > 0)) return (bad = `interval ${interval.id} has no start and length`);
      const begins = interval.intervalPeriod ? start : start + index * length;
      from = Math.min(from, begins);
      until = Math.max(until, begins + length);
      const change = interval.payloads.find((p) => p.type === RELATIVE)?.values[0];
      if (change !== undefined && (typeof change !== "number" || !Number.isFinite(change) || change > 0))
        return (bad = `interval ${interval.id} does not ask the site to draw less`);
      if (typeof change === "number") askedKw = Math.max(askedKw, -change);
      const price = interval.payloads.find((p) => p.type === PRICE)?.values[0];
      if (typeof price === "number" && Number.isFinite(price) && price >= 0) pencePerKwh = price * 100;
    });
    if (bad) skipped.push(`${name}: ${bad}`);
    else
      requests.push({
        ref: event.id,
        request: {
          name,
          from,
          until,
          askedKw: askedKw > 0 ? askedKw : null,
          poundsPerMwh: pencePerKwh === null ? null : pencePerKwh * 10,
        },
      });
  }
  return { requests, skipped };
}

const period = (from: string, to: string) => ({
  start: from,
  duration: Duration.fromMillis(Date.parse(to) - Date.parse(from)).toISO()!,
});

type EventRef = { programID: string; eventID: string; clientName: string };

/** A report on an event of one resource (the site, aggregated): a value per step for each payload type, in `units`. */
function report(
  event: EventRef,
  reportName: string,
  units: string,
  steps: { from: string; to: string; values: Record<string, number> }[],
  types: string[],
): VtnReport {
  return {
    ...event,
    objectType: "REPORT",
    reportName,
    payloadDescriptors: types.map((payloadType) => ({ objectType: "REPORT_PAYLOAD_DESCRIPTOR", payloadType, units })),
    resources: [
      {
        resourceName: "AGGREGATED_REPORT",
        intervals: steps.map((s, id) => ({
          id,
          intervalPeriod: period(s.from, s.to),
          payloads: types.map((type) => ({ type, values: [round(s.values[type]!)] })),
        })),
      },
    ],
  };
}

/** The answer as a report on its event: per step, the baseline and the load shed (kW). */
export function offerReport(view: FlexView, event: EventRef) {
  const shed = view.status === "offered" ? (view.answer?.offeredKw ?? 0) : 0;
  const steps = (view.answer?.segments ?? []).map((s) => ({
    ...s,
    values: { BASELINE: s.baselineKw, LOAD_SHED_DELTA_AVAILABLE: Math.min(shed, s.baselineKw) },
  }));
  const name = `${view.status === "offered" ? "Offer" : "Declined"}: ${view.name}`;
  return report(event, name, "KW", steps, ["BASELINE", "LOAD_SHED_DELTA_AVAILABLE"]);
}

/** The delivery measured, as a report on its event: per step, the chargers' usage, the baseline and the difference (kWh). */
export function deliveryReport(view: FlexView, event: EventRef) {
  const steps = (view.delivery?.segments ?? []).map((s) => ({
    ...s,
    values: { USAGE: s.usedKwh, BASELINE: s.baselineKwh, DELTA_USAGE: s.usedKwh - s.baselineKwh },
  }));
  return report(event, `Delivery: ${view.name}`, "KWH", steps, ["USAGE", "BASELINE", "DELTA_USAGE"]);
}

const round = (value: number) => Math.round(value * 1000) / 1000;
