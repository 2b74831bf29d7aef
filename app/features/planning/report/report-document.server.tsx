import { Document, Image, Page, renderToBuffer, Text, View } from "@react-pdf/renderer";

import { catalogueItem, SITE } from "~/features/designer";

import { formatNumber } from "../format";
import { recommendedStrategy } from "../plan-labels";
import { type PlanSummary } from "../plan-summary";
import { ChargingSection } from "./report-charging.server";
import type { ReportData } from "./report-data.server";
import { LayoutPlan, LoadChart } from "./report-figures.server";
import { Detail, Footer, styles } from "./report-primitives.server";
import { FleetPlanned, SubstationSection, Verdict } from "./report-sections.server";
import { StrategyTables } from "./report-strategies.server";

/**
 * The depot's report as a PDF (A4, the PDF standard Helvetica): what a
 * haulier takes to a network operator. Built from saved data only: company
 * and depot, survey photos, the layout, the plan's connection and
 * transformer, the nearest substation's headroom, load profiles and costs.
 */

export function DepotReport({ data }: { data: ReportData }) {
  const { results: summary, depot, company, capacity } = data;
  const best = recommendedStrategy(summary);
  const generated = data.generatedAt.toLocaleString("en-GB", {
    dateStyle: "long",
    timeStyle: "short",
    timeZone: "UTC",
  });
  const chargers = data.design.filter((p) => catalogueItem(p.componentId).type === "charger");
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

        <Verdict summary={summary} />

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

        <SubstationSection capacity={capacity} recommendedKva={best.recommendedConnectionKva} />

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
        <FleetPlanned data={data} />

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
