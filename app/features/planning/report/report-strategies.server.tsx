import { Text, View } from "@react-pdf/renderer";

import { formatNumber, formatPounds } from "../format";
import { REASON_LABELS, STRATEGY_LABELS } from "../plan-labels";
import { type PlanSummary } from "../plan-summary";
import { styles, TableRow } from "./report-primitives.server";

/** The strategies side by side: peaks, connection and cost, the cost's parts, and the vehicles any leave short. */
export function StrategyTables({ summary }: { summary: PlanSummary }) {
  return (
    <>
      <Text style={styles.h2} minPresenceAhead={80}>
        Strategies compared
      </Text>
      <View style={styles.table}>
        <TableRow
          header
          widths={[20, 10, 10, 12, 12, 12, 12, 12]}
          cells={[
            "Strategy",
            "Peak kW",
            "Peak kVA",
            "Connection kVA",
            "Transformer kVA",
            `Cost (${summary.days} d)`,
            "Per year",
            "Vehicles short",
          ]}
        />
        {summary.strategies.map((s) => (
          <TableRow
            key={s.strategy}
            widths={[20, 10, 10, 12, 12, 12, 12, 12]}
            cells={[
              STRATEGY_LABELS[s.strategy],
              formatNumber(s.peakKw, 1),
              formatNumber(s.peakKva, 1),
              formatNumber(s.recommendedConnectionKva),
              s.transformerKva ? formatNumber(s.transformerKva) : "> 2,500",
              formatPounds(s.cost.totalPounds),
              formatPounds(s.annualPounds),
              s.vehiclesShort ? `${s.vehiclesShort}` : "none",
            ]}
          />
        ))}
      </View>
      <Text style={styles.h2} minPresenceAhead={80}>
        Cost breakdown
      </Text>
      <View style={styles.table}>
        <TableRow
          header
          widths={[28, 18, 18, 18, 18]}
          cells={["Strategy", "Energy", "Standing charge", "Capacity charge", "Total"]}
        />
        {summary.strategies.map((s) => (
          <TableRow
            key={s.strategy}
            widths={[28, 18, 18, 18, 18]}
            cells={[
              STRATEGY_LABELS[s.strategy],
              formatPounds(s.cost.energyPounds),
              formatPounds(s.cost.standingPounds),
              formatPounds(s.cost.capacityPounds),
              formatPounds(s.cost.totalPounds),
            ]}
          />
        ))}
      </View>
      {summary.strategies.some((s) => s.vehiclesShort > 0) ? (
        <>
          <Text style={styles.h2} minPresenceAhead={80}>
            Vehicles leaving under-charged
          </Text>
          {summary.strategies
            .filter((s) => s.vehiclesShort > 0)
            .map((s) => (
              <View key={s.strategy} style={{ marginBottom: 4 }}>
                <Text
                  style={styles.th}
                >{`${STRATEGY_LABELS[s.strategy]}: ${s.vehiclesShort} vehicle(s), ${formatNumber(s.shortfallKwh)} kWh short`}</Text>
                {s.shortfalls.slice(0, 10).map((v) => (
                  <Text
                    key={v.vehicle}
                  >{`${v.vehicle}: ${formatNumber(v.shortfallKwh, 1)} kWh (${v.reasons.map((r) => REASON_LABELS[r]).join("; ")})`}</Text>
                ))}
              </View>
            ))}
        </>
      ) : null}
    </>
  );
}
