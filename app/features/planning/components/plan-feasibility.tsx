import { CheckCircle2Icon, MapPinPlusIcon, PlugZapIcon, TriangleAlertIcon } from "lucide-react";

import { Button } from "~/components/ui/button";

import { formatNumber, formatPounds } from "../format";
import {
  describeChargers,
  recommendedStrategy,
  shortfallCauses,
  sizedShortfall,
  STRATEGY_LABELS,
  UNREACHABLE_LABELS,
} from "../plan-labels";
import { type PlanSummary, type SizingSummary } from "../plan-summary";

/**
 * What a result opens with: whether the plan works (every vehicle leaves with
 * its target, or who does not and why), and the chargers the fleet needs, with
 * one click to plan with them.
 */
export function PlanFeasibility({
  summary,
  onUseChargers,
  layout,
  busy,
}: {
  summary: PlanSummary;
  onUseChargers?: (chargers: SizingSummary["chargers"]) => void;
  layout?: LayoutLink;
  busy?: boolean;
}) {
  const best = recommendedStrategy(summary);
  const sizing = summary.sizing;
  const works = best.vehiclesShort === 0;
  const sized = sizing?.strategies.find((s) => s.strategy === "peak-shaving") ?? sizing?.strategies[0];
  const sameChargers =
    sizing !== null &&
    sizing.chargers.reduce((sum, c) => sum + c.count, 0) === summary.chargers &&
    sizing.chargers.length > 0 &&
    works;
  const onLayout = sizing && layout ? sameSet(sizing.chargers, layout.chargers) : true;
  return (
    <div className="grid gap-3">
      {works ? (
        <div
          role="status"
          data-testid="feasibility"
          className="flex gap-3 rounded-md border border-green-300 bg-green-50 p-4 text-sm text-green-950"
        >
          <CheckCircle2Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-green-700" />
          <p>
            <strong>The plan works:</strong> with {summary.chargers} chargers, every vehicle leaves charged to its
            target under {STRATEGY_LABELS[best.strategy].toLowerCase()} charging
            {summary.strategies.every((s) => s.vehiclesShort === 0) ? ", and under every other strategy too" : ""}.
          </p>
        </div>
      ) : (
        <div
          role="alert"
          data-testid="feasibility"
          className="flex gap-3 rounded-md border border-amber-400 bg-amber-50 p-4 text-sm text-amber-950"
        >
          <TriangleAlertIcon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-700" />
          <div className="grid gap-1">
            <p>
              <strong>
                The plan does not work yet: {best.vehiclesShort} of {summary.vehicles} vehicles would leave
                under-charged
              </strong>{" "}
              even with the best strategy ({STRATEGY_LABELS[best.strategy].toLowerCase()}).
            </p>
            {best.shortfalls.length > 0 ? <p>Why: {shortfallCauses(best)}.</p> : null}
            <p>No connection or transformer is recommended until every vehicle is charged.</p>
          </div>
        </div>
      )}
      {sizing && sizing.chargers.length > 0 && sameChargers && !onLayout ? (
        <div className="grid gap-2 rounded-md border p-4 text-sm" data-testid="sizing">
          <p className="flex items-start gap-2">
            <PlugZapIcon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
            <span>
              The plan uses the chargers the fleet needs, <strong>{describeChargers(sizing.chargers)}</strong>; the
              depot&apos;s layout shows{" "}
              {layout!.chargers.length
                ? layout!.chargers.map((c) => `${c.count} × ${formatNumber(c.powerKw)} kW`).join(" + ")
                : "no chargers"}
              .
            </span>
          </p>
          <PlaceOnLayout chargers={sizing.chargers} layout={layout!} primary />
        </div>
      ) : null}
      {sizing && sizing.chargers.length > 0 && !sameChargers ? (
        <div className="grid gap-2 rounded-md border p-4 text-sm" data-testid="sizing">
          <p className="flex items-start gap-2">
            <PlugZapIcon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
            <span>
              <strong>You need {describeChargers(sizing.chargers)}</strong> (the fewest chargers that let every vehicle
              leave charged
              {sizing.rotation
                ? ", with vehicles moved off at their swap times"
                : " while it keeps its charger until it leaves"}
              ; {formatPounds(sizing.capitalPounds)} supplied and installed at list prices).
              {sized
                ? sized.vehiclesShort === 0
                  ? ` With them, ${STRATEGY_LABELS[sized.strategy].toLowerCase()} peaks at ${formatNumber(sized.peakKw)} kW and costs ${formatPounds((sized.totalPounds * 365) / summary.days)} a year.`
                  : ` With them, under ${STRATEGY_LABELS[sized.strategy].toLowerCase()}, ${sizedShortfall(sizing, sized)}.`
                : ""}
            </span>
          </p>
          <div className="flex flex-wrap gap-2">
            {onUseChargers ? (
              <Button type="button" onClick={() => onUseChargers(sizing.chargers)} disabled={busy}>
                Use these chargers and run the plan
              </Button>
            ) : null}
            {layout && !onLayout ? <PlaceOnLayout chargers={sizing.chargers} layout={layout} /> : null}
          </div>
        </div>
      ) : null}
      {sizing && sizing.unreachable.length > 0 ? (
        <ul
          className="grid gap-1 rounded-md border border-amber-300 p-4 text-sm"
          aria-label="Groups no charger can serve"
        >
          {sizing.unreachable.map((u) => (
            <li key={`${u.group}-${u.reason}`}>
              <strong>{u.group}</strong>: no number of chargers is enough — {UNREACHABLE_LABELS[u.reason]} (
              {formatNumber(u.neededKwh, 1)} kWh to put back in {formatNumber(u.hours, 1)} h; at most{" "}
              {formatNumber(u.mostKwh, 1)} kWh).
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** The depot's layout as the plan sees it: its chargers, and a way to put others on it. */
export type LayoutLink = {
  chargers: { powerKw: number; count: number }[];
  place: (chargers: { powerKw: number; count: number }[]) => void;
};

function PlaceOnLayout({
  chargers,
  layout,
  primary,
}: {
  chargers: SizingSummary["chargers"];
  layout: LayoutLink;
  primary?: boolean;
}) {
  return (
    <div>
      <Button type="button" variant={primary ? "default" : "outline"} onClick={() => layout.place(chargers)}>
        <MapPinPlusIcon aria-hidden="true" /> Put them on the layout
      </Button>
    </div>
  );
}

/** Whether two lists hold the same chargers (count per power), in any order. */
function sameSet(a: { powerKw: number; count: number }[], b: { powerKw: number; count: number }[]): boolean {
  const tally = (list: typeof a) => {
    const byPower = new Map<number, number>();
    for (const c of list) byPower.set(c.powerKw, (byPower.get(c.powerKw) ?? 0) + c.count);
    return [...byPower]
      .filter(([, n]) => n > 0)
      .sort(([x], [y]) => x - y)
      .join(";");
  };
  return tally(a) === tally(b);
}
