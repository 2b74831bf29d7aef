import { Document, Page, renderToBuffer, Text, View } from "@react-pdf/renderer";

import { Detail, Footer, styles, TableRow } from "~/features/planning/index.server";
import { formatPence } from "~/lib/money";

import type { HubStatement } from "./statements.server";

const WIDTHS = [16, 18, 24, 22, 20];

/** A hub statement as a PDF: its number, who and where, each line, and the total (the sum of its lines). */
function StatementDocument({ s, issuedOn }: { s: HubStatement; issuedOn: string }) {
  return (
    <Document title={`Statement ${s.number}`} author="Electrify" creator="Electrify" producer="Electrify">
      <Page size="A4" style={styles.page} wrap>
        <Text style={styles.title}>{`Statement ${s.number}`}</Text>
        <Text style={styles.subtitle}>{`Box Charge hub charging · issued ${issuedOn}`}</Text>
        <View>
          <Detail label="Customer">{s.company}</Detail>
          <Detail label="Hub">{s.hub}</Detail>
          <Detail label="Month">{s.month}</Detail>
          <Detail label="Energy (metered)">{`${(s.wh / 1000).toFixed(3)} kWh`}</Detail>
          <Detail label="Total">{formatPence(s.pence)}</Detail>
        </View>
        <Text style={styles.h2}>Lines</Text>
        <TableRow header widths={WIDTHS} cells={["Date", "Vehicle", "Item", "Quantity", "Amount"]} />
        {s.lines.map((l, i) => (
          <TableRow key={i} widths={WIDTHS} cells={[l.date, l.vehicle, l.what, l.quantity, formatPence(l.pence)]} />
        ))}
        <TableRow widths={WIDTHS} cells={["Total", "", "", `${(s.wh / 1000).toFixed(3)} kWh`, formatPence(s.pence)]} />
        <Footer name={`Statement ${s.number}`} />
      </Page>
    </Document>
  );
}

export function statementPdf(s: HubStatement, issuedOn: string): Promise<Buffer> {
  return renderToBuffer(<StatementDocument s={s} issuedOn={issuedOn} />);
}
