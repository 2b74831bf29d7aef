// How a plan summary reads to people: labels, colours and the sentences built from its figures.
import type { ShortfallReason, Strategy } from "~/features/charging-engine";

import type { PlanSummary, SizingSummary, StrategySummary } from "./plan-summary";

export const STRATEGY_LABELS: Record<Strategy, string> = {
  uncontrolled: "Uncontrolled",
  balanced: "Balanced",
  "cost-optimal": "Cost-optimal",
  "peak-shaving": "Peak shaving",
};

/** Each strategy's colour in the charts and the report. */
export const STRATEGY_COLOURS: Record<Strategy, string> = {
  uncontrolled: "#b91c1c",
  balanced: "#1d4ed8",
  "cost-optimal": "#047857",
  "peak-shaving": "#7e22ce",
};

export const REASON_LABELS: Record<ShortfallReason, string> = {
  time: "not enough time at the depot",
  curve: "its charging curve tapers before it is full",
  charger: "no charger free",
  "charger-power": "the charger is too slow for its time at the depot",
  "lowest-power": "the charger cannot run low enough for the last of its charge",
  connection: "the connection is full",
  building: "the building's own load takes the connection",
  battery: "the trip needs more than the battery holds",
};

/** "6 × 22 kW AC + 2 × 150 kW DC" */
export const describeChargers = (chargers: SizingSummary["chargers"]) =>
  chargers.map((c) => `${c.count} × ${c.powerKw.toLocaleString("en-GB")} kW ${c.kind}`).join(" + ");

/**
 * Why vehicles are still short with the sized chargers: stays no number of
 * chargers can serve (their groups named, the first three), or else the
 * connection. The groups are not the short vehicles themselves (a trip longer
 * than the battery is short whatever the plan), so they are not counted as such.
 */
export function sizedShortfall(
  sizing: SizingSummary,
  short: { vehiclesShort: number; recommendedConnectionKva: number },
) {
  const vehicles = `${short.vehiclesShort} vehicle${short.vehiclesShort === 1 ? "" : "s"}`;
  const groups = [...new Set(sizing.unreachable.map((u) => u.group))];
  const named =
    groups.length > 3 ? `${groups.slice(0, 3).join(", ")} and ${groups.length - 3} more` : groups.join(" and ");
  return groups.length > 0
    ? `${vehicles} would still be short: no number of chargers can serve every stay of ${named}`
    : `${vehicles} would still be short: the connection is then the limit (it would need ${short.recommendedConnectionKva.toLocaleString("en-GB")} kVA)`;
}

export const UNREACHABLE_LABELS: Record<SizingSummary["unreachable"][number]["reason"], string> = {
  time: "not enough time at the depot, even at the vehicle's own full power",
  charger: "no charger in the list is powerful enough",
  battery: "the trip needs more than the battery holds",
};

/** Why vehicles are short under a strategy, most common first: "no charger free (22); the connection is full (3)". */
export function shortfallCauses(strategy: StrategySummary): string {
  const counts = new Map<ShortfallReason, number>();
  for (const v of strategy.shortfalls) for (const r of v.reasons) counts.set(r, (counts.get(r) ?? 0) + 1);
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .map(([reason, n]) => `${REASON_LABELS[reason]} (${n})`)
    .join("; ");
}

/** The strategy to recommend: the cheapest over the horizon among those that leave no vehicle short (or the one with the least shortfall). */
export function recommendedStrategy(summary: PlanSummary): StrategySummary {
  return [...summary.strategies].sort((a, b) =>
    Math.abs(a.shortfallKwh - b.shortfallKwh) > 1e-3
      ? a.shortfallKwh - b.shortfallKwh
      : a.cost.totalPounds - b.cost.totalPounds,
  )[0]!;
}
