import {
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";

import { clock, formatNumber } from "../format";
import { WEEKDAY_NAMES } from "../plan-defaults";
import { STRATEGY_COLOURS, STRATEGY_LABELS } from "../plan-labels";
import { type PlanSummary } from "../plan-summary";
import { CostChart, OwnershipChart, TradeOffChart } from "./plan-cost-charts";
import { Figure, kw } from "./plan-figure";

/** Recharts is loaded with this module only when results are on screen (React.lazy in plan-results). */

/** Horizons longer than this show one point per day (the day's peak) rather than every step. */
const DAILY_FROM_DAYS = 14;

/** Round steps for a kW axis: 0 to a little above the highest value, in steps of 1, 2 or 5 × a power of ten. */
function kwTicks(top: number): number[] {
  const raw = Math.max(top, 1) / 5;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw)!;
  return Array.from({ length: Math.ceil(top / step) + 1 }, (_, i) => i * step);
}

export default function PlanCharts({ summary, startWeekday }: { summary: PlanSummary; startWeekday: number }) {
  const day = summary.typicalDayBuildingKw.map((building, k) => {
    const point: Record<string, number> = { minute: k * summary.stepMinutes, building };
    for (const s of summary.strategies) point[s.strategy] = s.typicalDayKw[k]!;
    return point;
  });
  // The last step holds until midnight.
  day.push({ ...day.at(-1)!, minute: 1440 });
  const daily = summary.days > DAILY_FROM_DAYS && summary.strategies[0]!.dailyPeakKw.length > 0;
  const horizon = daily
    ? summary.strategies[0]!.dailyPeakKw.map((_, d) => {
        const point: Record<string, number> = { day: d + 1 };
        for (const s of summary.strategies) point[s.strategy] = s.dailyPeakKw[d]!;
        return point;
      })
    : summary.strategies[0]!.horizonKw.map((_, k) => {
        const point: Record<string, number> = { minute: k * summary.horizonPointMinutes };
        for (const s of summary.strategies) point[s.strategy] = s.horizonKw[k]!;
        return point;
      });
  const tradeOff = summary.strategies.find((s) => s.strategy === "cost-optimal")?.tradeOff ?? [];
  // The connection line only where it is within reach of the loads; otherwise the charts fit the loads and say so.
  const highest = Math.max(
    ...summary.strategies.flatMap((s) => [...s.typicalDayKw, ...s.horizonKw]),
    ...summary.typicalDayBuildingKw,
  );
  const showLimit = summary.limitKw <= highest * 1.5;
  const top = showLimit ? Math.max(highest, summary.limitKw) * 1.05 : highest * 1.1;
  const ticks = kwTicks(top);
  const limitNote = showLimit
    ? null
    : `The connection (${kw(summary.limitKw)}) is far above these loads, so the chart stops at ${kw(ticks.at(-1)!)}.`;
  const limit = showLimit ? (
    <ReferenceLine
      y={summary.limitKw}
      stroke="#0f172a"
      strokeDasharray="6 4"
      label={{
        value: `Connection limit ${kw(summary.limitKw)}`,
        position: "insideTopRight",
        fill: "#0f172a",
        fontSize: 12,
      }}
    />
  ) : null;
  const yAxis = (
    <YAxis
      domain={[0, ticks.at(-1)!]}
      ticks={ticks}
      tickFormatter={(v: number) => formatNumber(v)}
      label={{ value: "kW", angle: -90, position: "insideLeft" }}
    />
  );
  const lines = summary.strategies.map((s) => (
    <Line
      key={s.strategy}
      type="stepAfter"
      dataKey={s.strategy}
      name={STRATEGY_LABELS[s.strategy]}
      stroke={STRATEGY_COLOURS[s.strategy]}
      dot={false}
      strokeWidth={2}
      isAnimationActive={false}
    />
  ));
  const hours = Array.from({ length: 9 }, (_, i) => i * 180);
  const days = Array.from({ length: Math.min(summary.days, 14) + 1 }, (_, d) => d * 1440);
  const months = Array.from({ length: Math.floor((summary.days - 1) / 30) + 1 }, (_, m) => m * 30 + 1);
  return (
    <div className="grid grid-cols-1 gap-8">
      <Figure
        id="chart-typical-day"
        title="Site load over a typical day (the highest at each time of day)"
        note={limitNote}
      >
        <ResponsiveContainer>
          <LineChart data={day} margin={{ top: 16, right: 16, bottom: 0, left: 8 }}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis
              dataKey="minute"
              type="number"
              domain={[0, 1440]}
              ticks={hours}
              tickFormatter={(m: number) => clock(m)}
            />
            {yAxis}
            <Tooltip formatter={kw} labelFormatter={(m) => clock(Number(m))} />
            <Legend />
            {limit}
            <Line
              type="stepAfter"
              dataKey="building"
              name="Building"
              stroke="#475569"
              dot={false}
              strokeDasharray="2 2"
              isAnimationActive={false}
            />
            {lines}
          </LineChart>
        </ResponsiveContainer>
      </Figure>
      <Figure
        id="chart-horizon"
        title={
          daily
            ? `Highest site load of each day over the ${summary.days}-day horizon`
            : `Site load over the ${summary.days}-day horizon${summary.horizonPointMinutes > summary.stepMinutes ? ` (highest load in each ${summary.horizonPointMinutes >= 60 ? `${Math.round(summary.horizonPointMinutes / 60)} h` : `${summary.horizonPointMinutes} min`})` : ""}`
        }
        note={limitNote}
      >
        <ResponsiveContainer>
          <LineChart data={horizon} margin={{ top: 16, right: 16, bottom: 0, left: 8 }}>
            <CartesianGrid strokeDasharray="3 3" />
            {daily ? (
              <XAxis
                dataKey="day"
                type="number"
                domain={[1, summary.days]}
                ticks={months}
                tickFormatter={(d: number) => `Day ${d}`}
              />
            ) : (
              <XAxis
                dataKey="minute"
                type="number"
                domain={[0, summary.days * 1440]}
                ticks={days}
                tickFormatter={(m: number) => WEEKDAY_NAMES[(startWeekday + Math.floor(m / 1440)) % 7]!}
              />
            )}
            {yAxis}
            <Tooltip
              formatter={kw}
              labelFormatter={(x) =>
                daily
                  ? `Day ${x}`
                  : `${WEEKDAY_NAMES[(startWeekday + Math.floor(Number(x) / 1440)) % 7]} ${clock(Number(x) % 1440)}`
              }
            />
            <Legend />
            {limit}
            {lines}
          </LineChart>
        </ResponsiveContainer>
      </Figure>
      {summary.businessCase ? <OwnershipChart businessCase={summary.businessCase} /> : null}
      {tradeOff.length >= 2 ? <TradeOffChart summary={summary} tradeOff={tradeOff} /> : null}
      <CostChart summary={summary} />
    </div>
  );
}
