import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";

import { formatNumber } from "../format";
import { STRATEGY_COLOURS, STRATEGY_LABELS } from "../plan-labels";
import { type PlanSummary } from "../plan-summary";
import { Figure, kw } from "./plan-figure";

/** The electric fleet's cost of ownership against diesel, year by year, discounted. */
export function OwnershipChart({ businessCase }: { businessCase: NonNullable<PlanSummary["businessCase"]> }) {
  return (
    <Figure
      id="chart-ownership"
      title={`Cumulative cost of ownership, electric against diesel, over ${businessCase.years} years (discounted)`}
    >
      <ResponsiveContainer>
        <LineChart
          data={businessCase.cumulativeEv.map((ev, year) => ({
            year,
            ev,
            diesel: businessCase.cumulativeDiesel[year]!,
          }))}
          margin={{ top: 16, right: 16, bottom: 0, left: 24 }}
        >
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="year" tickFormatter={(y: number) => `Year ${y}`} />
          <YAxis tickFormatter={(v: number) => `£${formatNumber(v / 1000)}k`} />
          <Tooltip
            formatter={(v) => `£${Number(v).toLocaleString("en-GB", { maximumFractionDigits: 0 })}`}
            labelFormatter={(y) => `Year ${y}`}
          />
          <Legend />
          <Line dataKey="ev" name="Electric" stroke="#047857" strokeWidth={2} isAnimationActive={false} />
          <Line dataKey="diesel" name="Diesel" stroke="#b91c1c" strokeWidth={2} isAnimationActive={false} />
        </LineChart>
      </ResponsiveContainer>
    </Figure>
  );
}

/** Cost-optimal's search: the yearly bill at each cap on the peak it tried. */
export function TradeOffChart({
  summary,
  tradeOff,
}: {
  summary: PlanSummary;
  tradeOff: { peakKw: number; poundsPerYear: number }[];
}) {
  return (
    <Figure
      id="chart-trade-off"
      title="Cost-optimal: the yearly bill (energy and capacity charge) against the peak allowed"
      note={`Cost-optimal plans within the cap with the lowest bill: ${kw(summary.strategies.find((s) => s.strategy === "cost-optimal")!.peakKw)}.`}
    >
      <ResponsiveContainer>
        <LineChart data={tradeOff} margin={{ top: 16, right: 16, bottom: 0, left: 24 }}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis
            dataKey="peakKw"
            type="number"
            domain={["dataMin", "dataMax"]}
            tickFormatter={(v: number) => formatNumber(v)}
            label={{ value: "Peak (kW)", position: "insideBottomRight", offset: -2 }}
          />
          <YAxis tickFormatter={(v: number) => `£${formatNumber(v / 1000)}k`} domain={["auto", "auto"]} />
          <Tooltip
            formatter={(v) => `£${Number(v).toLocaleString("en-GB", { maximumFractionDigits: 0 })} a year`}
            labelFormatter={(v) => kw(v)}
          />
          <Line
            dataKey="poundsPerYear"
            name="Yearly bill"
            stroke={STRATEGY_COLOURS["cost-optimal"]}
            strokeWidth={2}
            isAnimationActive={false}
          />
        </LineChart>
      </ResponsiveContainer>
    </Figure>
  );
}

/** Each strategy's bill over the horizon: energy, standing charge and capacity charge stacked. */
export function CostChart({ summary }: { summary: PlanSummary }) {
  const costs = summary.strategies.map((s) => ({
    name: STRATEGY_LABELS[s.strategy],
    energy: s.cost.energyPounds,
    standing: s.cost.standingPounds,
    capacity: s.cost.capacityPounds,
  }));
  return (
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
  );
}
