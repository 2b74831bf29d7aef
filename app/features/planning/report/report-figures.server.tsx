import { Circle, G, Line, Polyline, Rect, Svg, Text, View } from "@react-pdf/renderer";
import type { ReactNode } from "react";

import { catalogueItem, COMPONENT_COLOURS, SITE } from "~/features/designer";

import { formatNumber } from "../format";
import { STRATEGY_COLOURS, STRATEGY_LABELS } from "../plan-labels";
import { type PlanSummary } from "../plan-summary";
import type { ReportData } from "./report-data.server";
import { styles } from "./report-primitives.server";

// The report's drawings: the depot's layout and the load charts.
export function LayoutPlan({ data }: { data: ReportData }) {
  const width = 460;
  const scale = width / SITE.width;
  const height = SITE.depth * scale;
  const grid: ReactNode[] = [];
  for (let x = 0; x <= SITE.width; x += 10)
    grid.push(
      <Line key={`x${x}`} x1={x * scale} y1={0} x2={x * scale} y2={height} stroke="#cbd5e1" strokeWidth={0.5} />,
    );
  for (let y = 0; y <= SITE.depth; y += 10)
    grid.push(
      <Line key={`y${y}`} x1={0} y1={y * scale} x2={width} y2={y * scale} stroke="#cbd5e1" strokeWidth={0.5} />,
    );
  return (
    <Svg width={width} height={height} viewBox={`0 0 ${width} ${height}`}>
      <Rect x={0} y={0} width={width} height={height} fill="#f8fafc" stroke="#94a3b8" strokeWidth={1} />
      {grid}
      {data.design.map((item) => {
        const spec = catalogueItem(item.componentId);
        const colour = COMPONENT_COLOURS[item.componentId];
        return (
          <G key={item.uid}>
            <Rect
              x={(item.x - spec.width / 2) * scale}
              y={(item.y - spec.depth / 2) * scale}
              width={spec.width * scale}
              height={spec.depth * scale}
              fill={colour}
              fillOpacity={spec.id === "parking" ? 0.15 : 0.9}
              stroke={colour}
              strokeWidth={0.8}
            />
            {spec.id === "parking" ? null : (
              <Circle cx={item.x * scale} cy={item.y * scale} r={1.8 * scale} fill={colour} fillOpacity={0.85} />
            )}
          </G>
        );
      })}
    </Svg>
  );
}

export function LoadChart({
  summary,
  series,
  label,
}: {
  summary: PlanSummary;
  series: "typicalDayKw" | "horizonKw";
  label: string;
}) {
  const width = 520;
  const height = 170;
  const left = 40;
  const bottom = 16;
  const lists = summary.strategies.map((s) => s[series]);
  const max =
    Math.max(summary.limitKw, ...lists.flat(), ...(series === "typicalDayKw" ? summary.typicalDayBuildingKw : [])) *
      1.08 || 1;
  const points = (values: number[]) =>
    values
      .map(
        (v, k) =>
          `${(left + (k / Math.max(1, values.length - 1)) * (width - left - 4)).toFixed(1)},${(height - bottom - (v / max) * (height - bottom - 6)).toFixed(1)}`,
      )
      .join(" ");
  const yFor = (v: number) => height - bottom - (v / max) * (height - bottom - 6);
  const ticks = [0, 0.25, 0.5, 0.75, 1].map((f) => Math.round((max / 1.08) * f));
  return (
    <View wrap={false}>
      <Text style={{ fontFamily: "Helvetica-Bold", marginBottom: 3 }}>{label}</Text>
      <Svg width={width} height={height}>
        {ticks.map((t) => (
          <G key={t}>
            <Line x1={left} y1={yFor(t)} x2={width - 4} y2={yFor(t)} stroke="#e2e8f0" strokeWidth={0.5} />
            <Text x={2} y={yFor(t) + 3} style={{ fontSize: 7 }}>
              {`${formatNumber(t)} kW`}
            </Text>
          </G>
        ))}
        <Line
          x1={left}
          y1={yFor(summary.limitKw)}
          x2={width - 4}
          y2={yFor(summary.limitKw)}
          stroke="#0f172a"
          strokeWidth={1}
          strokeDasharray="5 3"
        />
        {summary.strategies.map((s) => (
          <Polyline
            key={s.strategy}
            points={points(s[series])}
            fill="none"
            stroke={STRATEGY_COLOURS[s.strategy]}
            strokeWidth={1.2}
          />
        ))}
        <Text x={left} y={height - 3} style={{ fontSize: 7 }}>
          {series === "typicalDayKw" ? "00:00" : "start"}
        </Text>
        <Text x={width - 40} y={height - 3} style={{ fontSize: 7 }}>
          {series === "typicalDayKw" ? "24:00" : `day ${summary.days}`}
        </Text>
      </Svg>
      <View style={[styles.row, { gap: 10, marginTop: 2 }]}>
        {summary.strategies.map((s) => (
          <Text key={s.strategy} style={{ fontSize: 8, color: STRATEGY_COLOURS[s.strategy] }}>
            {`— ${STRATEGY_LABELS[s.strategy]}`}
          </Text>
        ))}
        <Text style={{ fontSize: 8 }}>{`- - connection limit ${formatNumber(summary.limitKw)} kW`}</Text>
      </View>
    </View>
  );
}
