import { Document, Page, renderToBuffer, Text, View } from "@react-pdf/renderer";

import { Detail, Footer, styles, TableRow } from "~/features/planning/index.server";

import { STAGE_LABELS, type ApplicationStage } from "../application-input";
import type { CompanyRoadmap } from "../company-roadmap";
import { capitalOf } from "../roadmap-costs";
import { flagReason, flagText, paceText, pastPhaseOut, ukDay, wholeKw, wholePounds } from "../roadmap-labels";
import { chargersText, connectionRequests } from "../roadmap-report-data";
import { targetsText } from "../roadmap-settings";
import { OffersCompared } from "./offers-compared.server";

export type PortfolioReportData = {
  companyName: string;
  generatedOn: string;
  roadmap: CompanyRoadmap;
  stages: Record<number, ApplicationStage>;
};

const ORDER_WIDTHS = [26, 34, 20, 20];
const REQUEST_WIDTHS = [22, 20, 18, 20, 20];
const SPEND_WIDTHS = [10, 15, 13, 13, 12, 13, 12, 12];
const YEAR_WIDTHS = [9, 10, 37, 14, 14, 16];

/**
 * The portfolio edition of the report (issue 33): the roadmap on its first
 * pages — the depots in the order to act, the connection requests in date
 * order, the spend by year against diesel — then a page for each depot.
 */
export function PortfolioReport({ data }: { data: PortfolioReportData }) {
  const { roadmap, companyName } = data;
  const endYear = roadmap.years.at(-1) ?? 0;
  const planned = roadmap.depots.filter((d) => d.planned);
  const requests = connectionRequests(roadmap);
  const capital = roadmap.spendByYear.reduce((sum, y) => sum + y.capitalPounds, 0);
  const last = roadmap.cumulative.at(-1);
  return (
    <Document title={`${companyName}: transition roadmap`} author="Electrify" creator="Electrify" producer="Electrify">
      <Page size="A4" style={styles.page} wrap>
        <Text style={styles.title}>{`${companyName}: transition roadmap to ${endYear}`}</Text>
        <Text style={styles.subtitle}>{`Portfolio report · generated ${ukDay(data.generatedOn)}`}</Text>
        <View style={styles.highlight}>
          <Text style={styles.strong}>
            {`${roadmap.depots.length} depots, ${planned.reduce((n, d) => n + d.vehicles, 0)} vehicles planned; ${requests.length} ${requests.length === 1 ? "connection needs" : "connections need"} an upgrade.`}
          </Text>
          <Text>
            {`Capital to ${endYear}: ${wholePounds(capital)}.`}
            {last
              ? ` By ${last.year} the roadmap has cost ${wholePounds(Math.abs(last.dieselPounds - last.transitionPounds))} ${last.dieselPounds >= last.transitionPounds ? "less" : "more"} than staying diesel (today's prices).`
              : ""}
          </Text>
        </View>

        <Text style={styles.h2}>Depots in the order to act</Text>
        <View style={styles.table}>
          <TableRow header widths={ORDER_WIDTHS} cells={["Depot", "Connection", "Vehicles", "Needed by the end"]} />
          {roadmap.depots.map((d) => (
            <TableRow
              key={d.id}
              widths={ORDER_WIDTHS}
              cells={[
                d.name,
                d.planned ? flagText(d.flag, endYear, d.chosenOffer).text : "No plan yet",
                d.planned ? String(d.vehicles) : "–",
                d.neededKva ? `${d.neededKva.toLocaleString("en-GB")} kVA` : "–",
              ]}
            />
          ))}
        </View>

        <Text style={styles.h2}>Connection requests in date order</Text>
        {requests.length ? (
          <View style={styles.table}>
            <TableRow
              header
              widths={REQUEST_WIDTHS}
              cells={["Depot", "Date", "Needed from", "Capacity", "Application"]}
            />
            {requests.map((r) => (
              <TableRow
                key={r.depotId}
                widths={REQUEST_WIDTHS}
                cells={[
                  r.depot,
                  `${r.dateLabel} ${ukDay(r.date)}`,
                  String(r.neededYear),
                  `${r.fromKva.toLocaleString("en-GB")} → ${r.toKva.toLocaleString("en-GB")} kVA`,
                  data.stages[r.depotId] ? STAGE_LABELS[data.stages[r.depotId]!] : "Not applied for",
                ]}
              />
            ))}
          </View>
        ) : (
          <Text>Every depot's connection is enough to the roadmap's end.</Text>
        )}

        <Text style={styles.h2} minPresenceAhead={80}>
          Spend by year (today's prices)
        </Text>
        <View style={styles.table}>
          <TableRow
            header
            widths={SPEND_WIDTHS}
            cells={["Year", "Vehicles", "Chargers", "Connection", "Battery", "Running", "Cumulative", "Diesel"]}
          />
          {roadmap.spendByYear.map((y, i) => (
            <TableRow
              key={y.year}
              widths={SPEND_WIDTHS}
              cells={[
                String(y.year),
                wholePounds(y.vehiclesPounds),
                wholePounds(y.chargersPounds),
                wholePounds(y.connectionPounds),
                wholePounds(y.batteryPounds),
                wholePounds(y.runningPounds),
                wholePounds(roadmap.cumulative[i]!.transitionPounds),
                wholePounds(roadmap.cumulative[i]!.dieselPounds),
              ]}
            />
          ))}
        </View>
        <Footer name={`${companyName} · roadmap`} />
      </Page>
      {planned.map((d) => (
        <Page key={d.id} size="A4" style={styles.page} wrap>
          <Text style={styles.title}>{d.name}</Text>
          <Text style={styles.subtitle}>{flagText(d.flag, endYear, d.chosenOffer).text}</Text>
          <Text style={{ marginBottom: 6 }}>{flagReason(d.flag, d)}</Text>
          <Detail label="Connection today">{`${d.connectionKva.toLocaleString("en-GB")} kVA`}</Detail>
          <Detail label="Needed by the end">
            {d.neededKva ? `${d.neededKva.toLocaleString("en-GB")} kVA` : "No upgrade"}
          </Detail>
          <Detail label="Lead time">{`${d.leadTimeMonths} months`}</Detail>
          {d.bridge ? (
            <Detail label="Bridging battery">
              {`${Math.ceil(d.bridge.capacityKwh).toLocaleString("en-GB")} kWh, ${Math.ceil(d.bridge.powerKw).toLocaleString("en-GB")} kW, about ${wholePounds(d.bridge.pounds)} (${d.bridge.years.join(", ")})`}
            </Detail>
          ) : null}
          {d.groups.map((g) => (
            <Detail key={g.id} label={`${g.name} (${g.count})`}>
              {`${paceText(g)}${g.targets?.length ? ` (${targetsText(g.targets)})` : ` (a ${g.cycleYears}-year cycle)`}${pastPhaseOut(g) ? ` — after the ${g.phaseOut} phase-out` : ""}`}
            </Detail>
          ))}
          <OffersCompared offers={d.offers} endYear={endYear} />
          <Text style={styles.h2}>By year</Text>
          <View style={styles.table}>
            <TableRow
              header
              widths={YEAR_WIDTHS}
              cells={["Year", "Electric", "Chargers needed", "Peak", "Connection", "Spend"]}
            />
            {d.years.map((row, i) => (
              <TableRow
                key={row.year}
                widths={YEAR_WIDTHS}
                cells={[
                  String(row.year),
                  String(row.electric),
                  chargersText(row.chargers),
                  wholeKw(row.peakKw),
                  `${wholeKw(row.connectionKw)}${row.enough ? "" : " short"}`,
                  d.spend[i] ? wholePounds(capitalOf(d.spend[i]!)) : "–",
                ]}
              />
            ))}
          </View>
          <Footer name={`${companyName} · ${d.name}`} />
        </Page>
      ))}
    </Document>
  );
}

export const renderPortfolioReport = (data: PortfolioReportData) => renderToBuffer(<PortfolioReport data={data} />);
