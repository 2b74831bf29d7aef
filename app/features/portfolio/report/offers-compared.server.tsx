import { Text, View } from "@react-pdf/renderer";

import { styles, TableRow } from "~/features/planning/index.server";

import type { ComparedConnection } from "../offer-comparison";
import { batteryText, riskText, signedPounds, ukDay, wholePounds } from "../roadmap-labels";

/**
 * A depot's connection offers side by side in the portfolio PDF (issue 60), as on the roadmap page: the page a
 * haulier can hand the network operator with the offer it chose.
 */
export function OffersCompared({ offers, endYear }: { offers: ComparedConnection[]; endYear: number }) {
  if (offers.length === 0) return null;
  const first = 22;
  const widths = [first, ...offers.map(() => (100 - first) / offers.length)];
  const row = (label: string, cell: (c: ComparedConnection) => string) => (
    <TableRow key={label} widths={widths} cells={[label, ...offers.map(cell)]} />
  );
  return (
    <>
      <Text style={styles.h2}>Connection offers compared</Text>
      <Text style={{ marginBottom: 4 }}>
        Vehicles charged in full each year, on the present connection until an offer is energised; risk and battery from
        each offer&apos;s outlook on the depot&apos;s plan.
      </Text>
      <View style={styles.table}>
        <TableRow
          header
          widths={widths}
          cells={["", ...offers.map((c) => `${c.name}${c.chosen ? " (chosen)" : ""}`)]}
        />
        {row("Energised", (c) => (c.energiseOn ? ukDay(c.energiseOn) : "today"))}
        {row("Cost", (c) => (c.id === null ? "—" : wholePounds(c.costPounds)))}
        {offers[0]!.years.map(({ year }, i) =>
          row(String(year), (c) => {
            const { served, electric } = c.years[i]!;
            return electric === 0 ? "—" : `${served} of ${electric}${served < electric ? " short" : ""}`;
          }),
        )}
        {row("Shortfall on the plan", riskText)}
        {row("Battery for the worst", batteryText)}
        {row(`Against diesel to ${endYear}`, (c) => signedPounds(c.againstDieselPounds))}
      </View>
    </>
  );
}
