import { Text, View } from "@react-pdf/renderer";
import { DateTime } from "luxon";

import type { Strategy } from "~/features/charging-engine";
import { formatPence } from "~/lib/money";

import { formatNumber } from "../format";
import { STRATEGY_LABELS } from "../plan-labels";
import type { ChargingMonth } from "./report-data.server";
import { styles, TableRow } from "./report-primitives.server";

const WIDTHS = [24, 10, 12, 12, 12, 12, 18];

/** The month's metered charging per vehicle: energy, cost, km, cost per km, and diesel for the same km; then the plan's month. */
export function ChargingSection({ charging }: { charging: ChargingMonth }) {
  const month = DateTime.fromISO(`${charging.month}-01`).toFormat("MMMM yyyy");
  const perKm = (r: ChargingMonth["total"]) => (r.km > 0 ? `${formatNumber(r.pence / r.km, 1)} p` : "–");
  const row = (name: string, r: ChargingMonth["total"]) => [
    name,
    String(r.sessions),
    formatNumber(r.kwh, 1),
    formatPence(r.pence),
    formatNumber(r.km),
    perKm(r),
    formatPence(r.dieselPence),
  ];
  const { total, plan } = charging;
  return (
    <>
      <Text style={styles.h2} minPresenceAhead={80}>
        {`Charging with Box Charge: ${month}`}
      </Text>
      <Text style={{ marginBottom: 4 }}>
        {`Metered at the depot's chargers and priced by the ${charging.tariff} tariff in force when the energy flowed; kilometres are the energy over each vehicle type's consumption.`}
      </Text>
      <View style={styles.table}>
        <TableRow
          header
          widths={WIDTHS}
          cells={["Vehicle", "Sessions", "kWh", "Cost", "km", "Per km", "Diesel, same km"]}
        />
        {charging.vehicles.map((v) => (
          <TableRow key={v.tag} widths={WIDTHS} cells={row(v.tag, v)} />
        ))}
        <TableRow header widths={WIDTHS} cells={row("All vehicles", total)} />
      </View>
      <Text style={{ marginTop: 4 }}>
        {`Against diesel: ${formatPence(Math.abs(total.dieselPence - total.pence))} ${total.dieselPence >= total.pence ? "saved" : "more"} this month.`}
        {plan
          ? ` The plan's month (${STRATEGY_LABELS[plan.strategy as Strategy]?.toLowerCase() ?? plan.strategy} charging): ${formatNumber(plan.kwh)} kWh for ${formatPence(plan.pence)}.`
          : ""}
      </Text>
    </>
  );
}
