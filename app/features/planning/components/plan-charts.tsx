import {
  Bar,
  BarChart,
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

import { clock } from "../format";
import { WEEKDAY_NAMES } from "../plan-defaults";
import { STRATEGY_COLOURS, STRATEGY_LABELS, type PlanSummary } from "../plan-summary";

/** Recharts is loaded with this module only when results are on screen (React.lazy in plan-results). */
const kw = (value: unknown) => `${Number(value).toLocaleString("en-GB", { maximumFractionDigits: 0 })} kW`;

function Figure({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <figure aria-labelledby={id} className="grid min-w-0 grid-cols-1 gap-2">
      <figcaption id={id} className="text-sm font-medium">
        {title}
      </figcaption>
      <div className="h-72 w-full">{children}</div>
    </figure>
  );
}

export default function PlanCharts({ summary, startWeekday }: { summary: PlanSummary; startWeekday: number }) {
  const day = summary.typicalDayBuildingKw.map((building, k) => {
    const point: Record<string, number | string> = { time: clock(k * summary.stepMinutes), building };
    for (const s of summary.strategies) point[s.strategy] = s.typicalDayKw[k]!;
    return point;
  });
  const horizon = summary.strategies[0]!.horizonKw.map((_, k) => {
    const minutes = k * summary.horizonPointMinutes;
    const point: Record<string, number | string> = {
      time: `${WEEKDAY_NAMES[(startWeekday + Math.floor(minutes / 1440)) % 7]} ${summary.days > 7 ? `day ${Math.floor(minutes / 1440) + 1} ` : ""}${clock(minutes % 1440)}`,
    };
    for (const s of summary.strategies) point[s.strategy] = s.horizonKw[k]!;
    return point;
  });
  const costs = summary.strategies.map((s) => ({
    name: STRATEGY_LABELS[s.strategy],
    energy: s.cost.energyPounds,
    standing: s.cost.standingPounds,
    capacity: s.cost.capacityPounds,
  }));
  const limit = (
    <ReferenceLine
      y={summary.limitKw}
      ifOverflow="extendDomain"
      stroke="#0f172a"
      strokeDasharray="6 4"
      label={{
        value: `Connection limit ${kw(summary.limitKw)}`,
        position: "insideTopRight",
        fill: "#0f172a",
        fontSize: 12,
      }}
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
  return (
    <div className="grid grid-cols-1 gap-8">
      <Figure id="chart-typical-day" title="Site load over a typical day (the highest at each time of day)">
        <ResponsiveContainer>
          <LineChart data={day} margin={{ top: 16, right: 16, bottom: 0, left: 8 }}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="time" minTickGap={24} />
            <YAxis tickFormatter={(v: number) => `${v}`} label={{ value: "kW", angle: -90, position: "insideLeft" }} />
            <Tooltip formatter={kw} />
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
        title={`Site load over the ${summary.days}-day horizon${summary.horizonPointMinutes > summary.stepMinutes ? ` (highest load in each ${summary.horizonPointMinutes >= 60 ? `${Math.round(summary.horizonPointMinutes / 60)} h` : `${summary.horizonPointMinutes} min`})` : ""}`}
      >
        <ResponsiveContainer>
          <LineChart data={horizon} margin={{ top: 16, right: 16, bottom: 0, left: 8 }}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="time" minTickGap={40} />
            <YAxis label={{ value: "kW", angle: -90, position: "insideLeft" }} />
            <Tooltip formatter={kw} />
            <Legend />
            {limit}
            {lines}
          </LineChart>
        </ResponsiveContainer>
      </Figure>
      <Figure id="chart-cost" title={`Cost by strategy over the ${summary.days}-day horizon`}>
        <ResponsiveContainer>
          <BarChart data={costs} margin={{ top: 16, right: 16, bottom: 0, left: 16 }}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="name" />
            <YAxis tickFormatter={(v: number) => `£${v.toLocaleString("en-GB")}`} />
            <Tooltip formatter={(v) => `£${Number(v).toLocaleString("en-GB", { maximumFractionDigits: 0 })}`} />
            <Legend />
            <Bar dataKey="energy" name="Energy" stackId="cost" fill="#1d4ed8" isAnimationActive={false} />
            <Bar dataKey="standing" name="Standing charge" stackId="cost" fill="#64748b" isAnimationActive={false} />
            <Bar dataKey="capacity" name="Capacity charge" stackId="cost" fill="#b45309" isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </Figure>
    </div>
  );
}
