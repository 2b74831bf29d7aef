import { lazy, Suspense } from "react";

import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { useHydrated } from "~/lib/use-hydrated";

import { formatNumber, formatPounds } from "../format";
import { REASON_LABELS, recommendedStrategy, STRATEGY_LABELS } from "../plan-labels";
import { type PlanSummary, type SizingSummary } from "../plan-summary";
import { BusinessCaseResults } from "./business-case-results";
import { PlanFeasibility, type LayoutLink } from "./plan-feasibility";

const PlanCharts = lazy(() => import("./plan-charts"));
/** The strategy column stays in view while the figures scroll sideways under it (laptop and phone widths). */
const firstColumn = "sticky left-0 z-10 bg-background whitespace-nowrap";

/** The KPI table (every figure, readable without the charts) and the charts, loaded on demand. */
export function PlanResults({
  summary,
  startWeekday,
  onUseChargers,
  layout,
  busy,
}: {
  summary: PlanSummary;
  startWeekday: number;
  onUseChargers?: (chargers: SizingSummary["chargers"]) => void;
  layout?: LayoutLink;
  busy?: boolean;
}) {
  const hydrated = useHydrated();
  return (
    <div className="grid grid-cols-1 gap-6">
      <PlanFeasibility summary={summary} onUseChargers={onUseChargers} layout={layout} busy={busy} />
      <PlanHeadline summary={summary} />
      {summary.businessCase ? <BusinessCaseResults result={summary.businessCase} /> : null}
      <Table aria-label="Charging plan results by strategy" scrollLabel="Results by strategy (scrolls sideways)">
        <TableHeader>
          <TableRow>
            <TableHead className={firstColumn}>Strategy</TableHead>
            <TableHead className="text-right">Peak (kW)</TableHead>
            <TableHead className="text-right">Peak (kVA)</TableHead>
            <TableHead className="text-right">Energy (kWh)</TableHead>
            <TableHead className="text-right">Energy cost</TableHead>
            <TableHead className="text-right">Standing</TableHead>
            <TableHead className="text-right">Capacity</TableHead>
            <TableHead className="text-right">Total ({summary.days} days)</TableHead>
            <TableHead className="text-right">Per year</TableHead>
            <TableHead className="text-right">Connection (kVA)</TableHead>
            <TableHead className="text-right">Transformer (kVA)</TableHead>
            <TableHead className="text-right">Vehicles short</TableHead>
            <TableHead className="text-right">Charger use</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {summary.strategies.map((s) => (
            <TableRow key={s.strategy} data-strategy={s.strategy}>
              <TableCell className={`${firstColumn} font-medium`}>{STRATEGY_LABELS[s.strategy]}</TableCell>
              <TableCell className="text-right">{formatNumber(s.peakKw, 1)}</TableCell>
              <TableCell className="text-right">{formatNumber(s.peakKva, 1)}</TableCell>
              <TableCell className="text-right">{formatNumber(s.energyKwh)}</TableCell>
              <TableCell className="text-right">{formatPounds(s.cost.energyPounds)}</TableCell>
              <TableCell className="text-right">{formatPounds(s.cost.standingPounds)}</TableCell>
              <TableCell className="text-right">{formatPounds(s.cost.capacityPounds)}</TableCell>
              <TableCell className="text-right">{formatPounds(s.cost.totalPounds)}</TableCell>
              <TableCell className="text-right">{formatPounds(s.annualPounds)}</TableCell>
              <TableCell className="text-right">{formatNumber(s.recommendedConnectionKva)}</TableCell>
              <TableCell className="text-right">
                {s.transformerKva ? formatNumber(s.transformerKva) : "over 2,500"}
              </TableCell>
              <TableCell className="text-right">
                {s.vehiclesShort > 0 ? `${s.vehiclesShort} (${formatNumber(s.shortfallKwh)} kWh)` : "none"}
              </TableCell>
              <TableCell className="text-right">{formatNumber(s.meanChargerUtilisationPct)}%</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <ShortVehicles summary={summary} />
      {hydrated ? (
        <Suspense fallback={<p className="text-sm text-muted-foreground">Loading charts…</p>}>
          <PlanCharts summary={summary} startWeekday={startWeekday} />
        </Suspense>
      ) : (
        <p className="text-sm text-muted-foreground">Loading charts…</p>
      )}
    </div>
  );
}

/** What the plan comes to, in words: the strategy to run, its peak and the connection to ask for, what it costs and saves. */
function PlanHeadline({ summary }: { summary: PlanSummary }) {
  const best = recommendedStrategy(summary);
  const uncontrolled = summary.strategies.find((s) => s.strategy === "uncontrolled")!;
  const shaving = summary.strategies.find((s) => s.strategy === "peak-shaving")!;
  const battery = shaving.battery;
  return (
    <div className="rounded-md border bg-muted/40 p-4 text-sm" data-testid="plan-headline">
      <p>
        <strong>{STRATEGY_LABELS[best.strategy]}</strong> charging peaks at{" "}
        <strong>{formatNumber(best.peakKw)} kW</strong> ({formatNumber(best.peakKva)} kVA)
        {best.vehiclesShort === 0 ? (
          <>
            : ask for a connection of{" "}
            <strong data-testid="recommended-kva">{formatNumber(best.recommendedConnectionKva)} kVA</strong>
            {best.transformerKva ? (
              <>
                {" "}
                with a <strong>{formatNumber(best.transformerKva)} kVA</strong> transformer
              </>
            ) : (
              " (beyond the largest standard transformer: more than one is needed)"
            )}
          </>
        ) : (
          " while vehicles are still short, so it is not a connection to ask for"
        )}
        . It costs {formatPounds(best.annualPounds)} a year
        {best.strategy !== "uncontrolled" && uncontrolled.annualPounds > best.annualPounds
          ? `, ${formatPounds(uncontrolled.annualPounds - best.annualPounds)} less than charging uncontrolled`
          : ""}
        .
        {best.vehiclesShort > 0
          ? ` ${best.vehiclesShort} vehicle${best.vehiclesShort === 1 ? "" : "s"} would still leave under-charged.`
          : " Every vehicle leaves charged to its target."}
      </p>
      {shaving.peakLowerBoundKw !== null ? (
        <p className="mt-1" data-testid="peak-bound">
          {shaving.peakKw - shaving.peakLowerBoundKw < 0.05
            ? `Peak shaving's ${formatNumber(shaving.peakKw, 1)} kW is the lowest peak any plan delivering as much can have.`
            : `Peak shaving's ${formatNumber(shaving.peakKw, 1)} kW is at most ${formatNumber(shaving.peakKw - shaving.peakLowerBoundKw, 1)} kW above the lowest any plan delivering as much could reach (${formatNumber(shaving.peakLowerBoundKw, 1)} kW): chargers cannot be set below their lowest power, and charging curves are planned with a margin.`}
        </p>
      ) : null}
      {best.topUpKwh > 0.05 ? (
        <p className="mt-1" data-testid="top-up-note">
          Arriving short, vehicles would need {formatNumber(best.topUpKwh)} kWh more than their batteries held over the{" "}
          {summary.days} days: top-ups on the road.
        </p>
      ) : null}
      {battery ? (
        <p className="mt-1" data-testid="battery-note">
          With peak shaving the site battery takes the peak from {formatNumber(battery.peakWithoutKw)} kW down to{" "}
          {formatNumber(shaving.peakKw)} kW, giving out {formatNumber(battery.dischargedKwh)} kWh for{" "}
          {formatNumber(battery.chargedKwh)} kWh put in over the {summary.days} days.
        </p>
      ) : null}
      <p className="mt-1 text-xs text-muted-foreground">
        {summary.vehicles} vehicles, {summary.chargers} chargers, {summary.days} days at {summary.stepMinutes}-minute
        steps; connection {formatNumber(summary.connectionKva)} kVA at power factor {summary.powerFactor} (
        {formatNumber(summary.limitKw)} kW). Computed in{" "}
        {summary.durationMs < 1000 ? `${summary.durationMs} ms` : `${(summary.durationMs / 1000).toFixed(1)} s`} on{" "}
        {new Date(summary.computedAt).toLocaleString("en-GB", {
          dateStyle: "medium",
          timeStyle: "short",
          timeZone: "UTC",
        })}{" "}
        UTC. Connection asks include a 20% margin; transformers are sized for 80% loading.
      </p>
    </div>
  );
}

/** Each strategy that leaves vehicles under their target, with who is short, by how much and why (folded). */
function ShortVehicles({ summary }: { summary: PlanSummary }) {
  if (!summary.strategies.some((s) => s.vehiclesShort > 0)) return null;
  return (
    <div className="grid gap-2">
      <h3 className="font-medium">Vehicles that leave under-charged</h3>
      {summary.strategies
        .filter((s) => s.vehiclesShort > 0)
        .map((s) => (
          <details key={s.strategy} className="rounded-md border p-3 text-sm">
            <summary className="cursor-pointer">
              {STRATEGY_LABELS[s.strategy]}: {s.vehiclesShort} vehicle{s.vehiclesShort === 1 ? "" : "s"},{" "}
              {formatNumber(s.shortfallKwh)} kWh short of their targets, over all departures
            </summary>
            <ul className="mt-2 grid gap-1">
              {s.shortfalls.map((v) => (
                <li key={v.vehicle}>
                  {v.vehicle}: {formatNumber(v.shortfallKwh, 1)} kWh short (
                  {v.reasons.map((r) => REASON_LABELS[r]).join("; ")})
                </li>
              ))}
              {s.vehiclesShort > s.shortfalls.length ? (
                <li>…and {s.vehiclesShort - s.shortfalls.length} more</li>
              ) : null}
            </ul>
          </details>
        ))}
    </div>
  );
}
