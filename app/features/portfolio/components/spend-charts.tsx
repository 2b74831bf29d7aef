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

import type { CompanyRoadmap } from "../company-roadmap";

/** Recharts is loaded with this module only once the page runs in the browser (React.lazy in spend-card). */
const thousands = (value: unknown) => `£${Math.round(Number(value) / 1000).toLocaleString("en-GB")}k`;
const pounds = (value: unknown) => `£${Math.round(Number(value)).toLocaleString("en-GB")}`;

const SERIES = [
  { key: "vehiclesPounds", name: "Vehicles", colour: "#1d4ed8" },
  { key: "chargersPounds", name: "Chargers", colour: "#0f766e" },
  { key: "connectionPounds", name: "Connection", colour: "#b45309" },
  { key: "batteryPounds", name: "Battery", colour: "#7e22ce" },
] as const;

/** The phase-out marks within the roadmap's years, as lines on both charts. */
function phaseOutMarks(roadmap: CompanyRoadmap) {
  const { upTo26t, over26t } = roadmap.phaseOut;
  const marks =
    upTo26t === over26t
      ? [{ year: upTo26t, label: "Diesel ends" }]
      : [
          { year: upTo26t, label: "Diesel ≤26 t ends" },
          { year: over26t, label: "Diesel >26 t ends" },
        ];
  return marks.filter((m) => roadmap.years.includes(m.year));
}

/** What both charts share: the grid, the year and pound axes, the tooltip, the legend and the phase-out marks (as elements, since Recharts reads its chart's children). */
function yearAxes(roadmap: CompanyRoadmap) {
  return [
    <CartesianGrid key="grid" strokeDasharray="3 3" vertical={false} />,
    <XAxis key="x" dataKey="year" />,
    <YAxis key="y" tickFormatter={thousands} width={64} />,
    <Tooltip key="tooltip" formatter={pounds} />,
    <Legend key="legend" />,
    ...phaseOutMarks(roadmap).map((mark) => (
      <ReferenceLine
        key={mark.label}
        x={mark.year}
        stroke="#b91c1c"
        strokeDasharray="4 2"
        label={{ value: mark.label, position: "insideTopRight", fontSize: 11, fill: "#991b1b" }}
      />
    )),
  ];
}

export default function SpendCharts({ roadmap }: { roadmap: CompanyRoadmap }) {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <figure aria-labelledby="spend-by-year" className="grid min-w-0 gap-2">
        <figcaption id="spend-by-year" className="text-sm font-medium">
          Capital spend by year
        </figcaption>
        <div className="h-72 w-full">
          <ResponsiveContainer>
            <BarChart data={roadmap.spendByYear} margin={{ left: 8, right: 8 }}>
              {yearAxes(roadmap)}
              {SERIES.map((s) => (
                <Bar
                  key={s.key}
                  dataKey={s.key}
                  name={s.name}
                  stackId="spend"
                  fill={s.colour}
                  isAnimationActive={false}
                />
              ))}
            </BarChart>
          </ResponsiveContainer>
        </div>
      </figure>
      <figure aria-labelledby="cumulative-cost" className="grid min-w-0 gap-2">
        <figcaption id="cumulative-cost" className="text-sm font-medium">
          Cumulative cost: the roadmap against staying diesel
        </figcaption>
        <div className="h-72 w-full">
          <ResponsiveContainer>
            <LineChart data={roadmap.cumulative} margin={{ left: 8, right: 8 }}>
              {yearAxes(roadmap)}
              <Line
                dataKey="transitionPounds"
                name="Roadmap"
                stroke="#1d4ed8"
                strokeWidth={2}
                dot={false}
                isAnimationActive={false}
              />
              <Line
                dataKey="dieselPounds"
                name="Staying diesel"
                stroke="#57534e"
                strokeWidth={2}
                strokeDasharray="6 3"
                dot={false}
                isAnimationActive={false}
              />
            </LineChart>
          </ResponsiveContainer>
        </div>
      </figure>
    </div>
  );
}
