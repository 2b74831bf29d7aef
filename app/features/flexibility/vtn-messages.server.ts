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

/** The answer as a report on its event: per step, the baseline and the load shed (kW). */
export function offerReport(view: FlexView, event: { programID: string; eventID: string; clientName: string }) {
  const segments = view.answer?.segments ?? [];
  const shed = view.status === "offered" ? (view.answer?.offeredKw ?? 0) : 0;
  return {
    ...event,
    objectType: "REPORT" as const,
    reportName: `${view.status === "offered" ? "Offer" : "Declined"}: ${view.name}`,
    payloadDescriptors: [
      { objectType: "REPORT_PAYLOAD_DESCRIPTOR" as const, payloadType: "BASELINE", units: "KW" },
      { objectType: "REPORT_PAYLOAD_DESCRIPTOR" as const, payloadType: "LOAD_SHED_DELTA_AVAILABLE", units: "KW" },
    ],
    resources: [
      {
        resourceName: "AGGREGATED_REPORT",
        intervals: segments.map((s, id) => ({
          id,
          intervalPeriod: period(s.from, s.to),
          payloads: [
            { type: "BASELINE", values: [round(s.baselineKw)] },
            { type: "LOAD_SHED_DELTA_AVAILABLE", values: [round(Math.min(shed, s.baselineKw))] },
          ],
        })),
      },
    ],
  } satisfies VtnReport;
}

/** The delivery measured, as a report on its event: per step, the chargers' usage, the baseline and the difference (kWh). */
export function deliveryReport(view: FlexView, event: { programID: string; eventID: string; clientName: string }) {
  const segments = view.delivery?.segments ?? [];
  return {
    ...event,
    objectType: "REPORT" as const,
    reportName: `Delivery: ${view.name}`,
    payloadDescriptors: ["USAGE", "BASELINE", "DELTA_USAGE"].map((payloadType) => ({
      objectType: "REPORT_PAYLOAD_DESCRIPTOR" as const,
      payloadType,
      units: "KWH",
    })),
    resources: [
      {
        resourceName: "AGGREGATED_REPORT",
        intervals: segments.map((s, id) => ({
          id,
          intervalPeriod: period(s.from, s.to),
          payloads: [
            { type: "USAGE", values: [round(s.usedKwh)] },
            { type: "BASELINE", values: [round(s.baselineKwh)] },
            { type: "DELTA_USAGE", values: [round(s.usedKwh - s.baselineKwh)] },
          ],
        })),
      },
    ],
  } satisfies VtnReport;
}

const round = (value: number) => Math.round(value * 1000) / 1000;
