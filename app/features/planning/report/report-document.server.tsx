import { Document, Image, Page, renderToBuffer, Text, View } from "@react-pdf/renderer";

import { catalogueItem, SITE } from "~/features/designer";

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
import { ChargingSection } from "./report-charging.server";
import type { ReportData } from "./report-data.server";
import { LayoutPlan, LoadChart } from "./report-figures.server";
import { Detail, Footer, styles } from "./report-primitives.server";
import { StrategyTables } from "./report-strategies.server";

/**
 * The depot's report as a PDF (A4, the PDF standard Helvetica): what a
 * haulier takes to a network operator. Built from saved data only: company
 * and depot, survey photos, the layout, the plan's connection and
 * transformer, the nearest substation's headroom, load profiles and costs.
 */

export function DepotReport({ data }: { data: ReportData }) {
  const { results: summary, depot, company, capacity, inputs } = data;
  const best = recommendedStrategy(summary);
  const generated = data.generatedAt.toLocaleString("en-GB", {
    dateStyle: "long",
    timeStyle: "short",
    timeZone: "UTC",
  });
  const chargers = data.design.filter((p) => catalogueItem(p.componentId).type === "charger");
  const shavingBattery = summary.strategies.find((s) => s.strategy === "peak-shaving")?.battery ?? null;
  return (
    <Document
      title={`${depot.name}: depot electrification report`}
      author="Electrify"
      subject="Depot charging plan"
      creator="Electrify"
      producer="Electrify"
    >
      <Page size="A4" style={styles.page} wrap>
        <Text style={styles.title}>{depot.name}</Text>
        <Text style={styles.subtitle}>{`Depot electrification report · generated ${generated} UTC`}</Text>

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

        <Text style={styles.h2} minPresenceAhead={80}>
          Company and depot
        </Text>
        {company ? (
          <>
            <Detail label="Company">{company.name}</Detail>
            <Detail label="Contact">{`${company.contactName}, ${company.contactEmail}, ${company.contactPhone}`}</Detail>
          </>
        ) : (
          <Detail label="Company">Not set up yet</Detail>
        )}
        <Detail label="Depot address">{depot.address}</Detail>
        <Detail label="Location">
          {depot.latitude !== null && depot.longitude !== null
            ? `${depot.latitude.toFixed(5)}, ${depot.longitude.toFixed(5)}`
            : "Not placed on the map"}
        </Detail>
        <Detail label="Vehicles (survey)">{depot.vehicles === null ? "Not specified" : String(depot.vehicles)}</Detail>
        <Detail label="Survey status">{depot.status.charAt(0).toUpperCase() + depot.status.slice(1)}</Detail>
        {depot.notes ? <Detail label="Notes">{depot.notes}</Detail> : null}

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
                {best.recommendedConnectionKva / 1000 <= capacity.headroomMva
                  ? `The recommended ${formatNumber(best.recommendedConnectionKva)} kVA is within the published headroom.`
                  : `The recommended ${formatNumber(best.recommendedConnectionKva)} kVA exceeds the published headroom: expect reinforcement or a flexible connection.`}
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

        <Text style={styles.h2} minPresenceAhead={80}>
          Survey photos
        </Text>
        {data.photos.length === 0 ? (
          <Text>No photos submitted.</Text>
        ) : (
          <View style={styles.photos}>
            {data.photos.map((photo, i) => (
              <Image
                key={i}
                src={{ data: photo.data, format: "jpg" }}
                style={{ width: 124, height: 93, objectFit: "cover" }}
              />
            ))}
          </View>
        )}
        {data.photoCount > data.photos.length ? (
          <Text style={styles.small}>{`${data.photos.length} of ${data.photoCount} photos shown.`}</Text>
        ) : null}
        <View wrap={false}>
          <Text style={styles.h2} minPresenceAhead={80}>
            Designed layout
          </Text>
          {data.design.length === 0 ? (
            <Text>No layout designed yet.</Text>
          ) : (
            <>
              <LayoutPlan data={data} />
              <Text style={styles.small}>
                {`Site plan ${SITE.width} × ${SITE.depth} m, 10 m grid. ${chargers.length} charger(s), ${formatNumber(chargers.reduce((sum, p) => sum + (catalogueItem(p.componentId).power ?? 0), 0))} kW in all; ${data.design.length - chargers.length} other component(s).`}
              </Text>
            </>
          )}
        </View>
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

        <Text style={styles.h2} minPresenceAhead={80}>
          Load profiles
        </Text>
        <LoadChart
          summary={summary}
          series="typicalDayKw"
          label="Site load over a typical day (the highest at each time of day)"
        />
        <View style={{ height: 8 }} />
        <LoadChart summary={summary} series="horizonKw" label={`Site load over the ${summary.days}-day horizon`} />
        <StrategyTables summary={summary} />
        {data.charging ? <ChargingSection charging={data.charging} /> : null}
        <Text style={styles.h2} minPresenceAhead={80}>
          How these figures were made
        </Text>
        <Text>
          The fleet's weekly duty is turned into stays at the depot; each vehicle keeps the charger it plugs into until
          it leaves (or until its group's swap time, when a depot hand moves it off for the next), and arrives with what
          it left its previous stay with, less the trip (a stay that falls short carries the deficit into the next).
          Charging curves are read at the charge each vehicle reaches, at the start of each step, and no charger is set
          below its lowest power. Uncontrolled charging takes full power from arrival; balanced charging the lowest
          constant power that reaches the target by departure, held until the curve falls below it; cost-optimal
          charging the cheapest intervals of each stay within the connection; peak shaving the lowest site peak that
          still meets every departure target, found with a maximum-flow test, with a lower bound that no plan can beat
          beside it{shavingBound(summary)}. A site battery is run by peak shaving after the vehicles are planned, to
          take the top off the site's load. Costs are energy by tariff band, the standing charge per day, and the
          capacity charge on the connection asked for.
        </Text>
        <Footer name={company ? `${company.name} · ${depot.name}` : depot.name} />
      </Page>
    </Document>
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

/** Peak shaving's answer against its lower bound, in words. */
function shavingBound(summary: PlanSummary): string {
  const shaving = summary.strategies.find((s) => s.strategy === "peak-shaving");
  if (!shaving || shaving.peakLowerBoundKw === null) return "";
  return shaving.peakKw - shaving.peakLowerBoundKw < 0.05
    ? ` (here ${formatNumber(shaving.peakKw, 1)} kW, proven lowest)`
    : ` (here ${formatNumber(shaving.peakKw, 1)} kW against a bound of ${formatNumber(shaving.peakLowerBoundKw, 1)} kW)`;
}

export function renderDepotReport(data: ReportData): Promise<Buffer> {
  return renderToBuffer(<DepotReport data={data} />);
}
