/** The report's parts that say what the plan comes to: its verdict, the substation near the depot, the fleet planned. */
import { Text, View } from "@react-pdf/renderer";

import { formatNumber, formatPounds } from "../format";
import { describeDuty } from "../plan-defaults";
import {
  describeChargers,
  recommendedStrategy,
  shortfallCauses,
  sizedShortfall,
  STRATEGY_LABELS,
  UNREACHABLE_LABELS,
} from "../plan-labels";
import { type BusinessCaseSummary, type PlanSummary } from "../plan-summary";
import type { ReportData } from "./report-data.server";
import { Detail, styles } from "./report-primitives.server";

/** Whether the plan works, the connection and transformer to ask for, the chargers the fleet needs, the business case. */
export function Verdict({ summary }: { summary: PlanSummary }) {
  const best = recommendedStrategy(summary);
  return (
    <View style={styles.highlight}>
      {best.vehiclesShort === 0 ? (
        <>
          <Text style={styles.strong}>
            {`The plan works: every vehicle leaves at its target charge (${summary.vehicles} vehicles, ${summary.chargers} chargers).`}
          </Text>
          <Text>
            {`Recommended connection: ${formatNumber(best.recommendedConnectionKva)} kVA`}
            {best.transformerKva
              ? ` with a ${formatNumber(best.transformerKva)} kVA transformer`
              : " (more than one 2,500 kVA transformer)"}
            {`, for ${STRATEGY_LABELS[best.strategy].toLowerCase()} charging that peaks at ${formatNumber(best.peakKw)} kW (${formatNumber(best.peakKva)} kVA) and costs ${formatPounds(best.annualPounds)} a year.`}
          </Text>
        </>
      ) : (
        <>
          <Text style={styles.strong}>
            {`The plan does not work yet: ${best.vehiclesShort} of ${summary.vehicles} vehicles would leave under their target charge, even with ${STRATEGY_LABELS[best.strategy].toLowerCase()} charging.`}
          </Text>
          <Text>{`Why: ${shortfallCauses(best)}. No connection or transformer is recommended until every vehicle is charged.`}</Text>
        </>
      )}
      {summary.sizing && summary.sizing.chargers.length > 0 ? (
        <Text>
          {`Chargers the fleet needs: ${describeChargers(summary.sizing.chargers)} (${formatPounds(summary.sizing.capitalPounds)} supplied and installed at list prices)${sizedOutcome(summary)}.`}
        </Text>
      ) : null}
      {summary.sizing?.unreachable.map((u) => (
        <Text key={`${u.group}-${u.reason}`}>
          {`${u.group}: no number of chargers is enough — ${UNREACHABLE_LABELS[u.reason]} (${formatNumber(u.neededKwh, 1)} kWh in ${formatNumber(u.hours, 1)} h; at most ${formatNumber(u.mostKwh, 1)} kWh).`}
        </Text>
      ))}
      {summary.businessCase ? <Text>{businessCaseLine(summary.businessCase)}</Text> : null}
      <Text style={styles.small}>
        Connection includes a 20% margin on the peak; transformers are sized for 80% loading.
      </Text>
    </View>
  );
}

/** The nearest substation with published figures, its headroom, and whether the recommended connection fits in it. */
export function SubstationSection({
  capacity,
  recommendedKva,
}: {
  capacity: ReportData["capacity"];
  recommendedKva: number;
}) {
  return (
    <>
      <Text style={styles.h2} minPresenceAhead={80}>
        Nearest substation (network capacity data)
      </Text>
      {capacity.status === "ok" || capacity.status === "no-figures" ? (
        <>
          <Detail label="Substation">{`${capacity.substation.name}${capacity.substation.voltage ? ` (${capacity.substation.voltage})` : ""}, ${capacity.substation.operatorName}`}</Detail>
          <Detail label="Distance">{`${formatNumber(capacity.distanceKm, 2)} km`}</Detail>
          <Detail label="Firm capacity">
            {capacity.firmCapacityMva === null ? "Not published" : `${formatNumber(capacity.firmCapacityMva, 2)} MVA`}
          </Detail>
          <Detail label="Headroom">
            {capacity.headroomMva === null
              ? "Not published"
              : `${formatNumber(capacity.headroomMva, 2)} MVA${capacity.availablePercent === null ? "" : ` (${formatNumber(capacity.availablePercent)}% of firm capacity available)`}`}
          </Detail>
          <Detail label="Data">{`${capacity.substation.operatorName}, published ${capacity.substation.dataDate}`}</Detail>
          {capacity.headroomMva !== null ? (
            <Text style={styles.small}>
              {recommendedKva / 1000 <= capacity.headroomMva
                ? `The recommended ${formatNumber(recommendedKva)} kVA is within the published headroom.`
                : `The recommended ${formatNumber(recommendedKva)} kVA exceeds the published headroom: expect reinforcement or a flexible connection.`}
            </Text>
          ) : null}
        </>
      ) : (
        <Text>
          {capacity.status === "no-substation"
            ? `No substation with published data within ${capacity.withinKm} km.`
            : "The depot has not been placed on the map, so no substation was matched."}
        </Text>
      )}
    </>
  );
}

/** The fleet's groups and duty, the chargers, the connection, the curves and the site battery the plan was run with. */
export function FleetPlanned({ data }: { data: ReportData }) {
  const { inputs, results: summary } = data;
  const shavingBattery = summary.strategies.find((s) => s.strategy === "peak-shaving")?.battery ?? null;
  return (
    <>
      <Text style={styles.h2} minPresenceAhead={80}>
        Fleet and chargers planned
      </Text>
      {inputs.vehicles.map((group) => {
        const type = inputs.vehicleTypes.find((t) => t.id === group.typeId);
        return (
          <Text key={group.id}>
            {`${group.count} × ${group.name} (${type?.name ?? group.typeId}${type ? `, ${formatNumber(type.batteryKwh)} kWh` : ""}): ${describeDuty(group)}; leaves at ${group.targetSocPct}%`}
          </Text>
        );
      })}
      <Text
        style={{ marginTop: 3 }}
      >{`Chargers: ${inputs.chargers.map((c) => `${c.count} × ${c.name} (${formatNumber(c.powerKw)} kW)`).join(", ")}.`}</Text>
      <Text>{`Connection ${formatNumber(inputs.site.connectionKva)} kVA at power factor ${inputs.site.powerFactor}; charging efficiency ${formatNumber(inputs.site.chargingEfficiency * 100)}%; tariff: ${inputs.tariff.name}. ${summary.days} days at ${summary.stepMinutes}-minute steps.`}</Text>
      {inputs.vehicleTypes.some((t) => t.chargeCurve) ? (
        <Text>{`Charging curves: ${inputs.vehicleTypes
          .filter((t) => t.chargeCurve)
          .map((t) => `${t.name} ${t.chargeCurve!.map(([soc, kw]) => `${soc}%: ${formatNumber(kw)} kW`).join(", ")}`)
          .join("; ")}.`}</Text>
      ) : null}
      {inputs.site.battery ? (
        <Text>{`Site battery: ${formatNumber(inputs.site.battery.capacityKwh)} kWh, ${formatNumber(inputs.site.battery.powerKw)} kW, ${formatNumber(inputs.site.battery.roundTripEfficiency * 100)}% round trip${
          shavingBattery
            ? `; with peak shaving it takes the peak from ${formatNumber(shavingBattery.peakWithoutKw)} kW to ${formatNumber(summary.strategies.find((s) => s.strategy === "peak-shaving")!.peakKw)} kW.`
            : "."
        }`}</Text>
      ) : null}
    </>
  );
}

/** The business case in one sentence. */
function businessCaseLine(result: BusinessCaseSummary): string {
  const payback =
    result.paybackYear === null
      ? `does not pay back within ${result.years} years`
      : result.paybackYear === 0
        ? "costs less from the start"
        : `pays back in year ${result.paybackYear}`;
  return `Business case: over ${result.years} years at ${formatNumber(result.discountRatePct, 1)}%, the electric fleet and its depot cost ${formatPounds(Math.abs(result.netPresentValuePounds))} ${result.netPresentValuePounds >= 0 ? "less" : "more"} than diesel (net present value) and ${payback}; they save ${formatNumber(result.co2eTonnesSavedPerYear, 1)} t CO2e a year (${result.co2FactorsYear} UK Government factors)${result.site.connectionEstimated ? ". The connection cost is an estimate until a quote is entered" : ""}.`;
}

/** How the plan does with the sized chargers (peak shaving), in words. */
function sizedOutcome(summary: PlanSummary): string {
  const sized = summary.sizing?.strategies.find((s) => s.strategy === "peak-shaving");
  if (!sized) return "";
  return sized.vehiclesShort === 0
    ? `; with them every vehicle leaves charged, and peak shaving peaks at ${formatNumber(sized.peakKw)} kW (a ${formatNumber(sized.recommendedConnectionKva)} kVA connection)`
    : `; with them ${sizedShortfall(summary.sizing!, sized)}`;
}
