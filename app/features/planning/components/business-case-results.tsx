import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";

import { formatNumber, formatPounds } from "../format";
import { STRATEGY_LABELS } from "../plan-labels";
import { type BusinessCaseSummary } from "../plan-summary";

/** The business case in words and by vehicle type (the cumulative chart is with the other charts). */
export function BusinessCaseResults({ result }: { result: BusinessCaseSummary }) {
  const cheaper = result.netPresentValuePounds >= 0;
  const depot = result.site.chargersPounds + result.site.connectionPounds + result.site.transformerPounds;
  return (
    <section aria-labelledby="business-case-title" className="grid gap-3" data-testid="business-case">
      <h3 id="business-case-title" className="text-lg font-semibold">
        Business case against diesel
      </h3>
      <p className="text-sm">
        Over {result.years} years at {formatNumber(result.discountRatePct, 1)} %, the electric fleet and its depot cost{" "}
        <strong>
          {formatPounds(Math.abs(result.netPresentValuePounds))} {cheaper ? "less" : "more"}
        </strong>{" "}
        than the diesel fleet (net present value).{" "}
        <strong data-testid="payback">
          {result.paybackYear === null
            ? `It does not pay back within ${result.years} years.`
            : result.paybackYear === 0
              ? "It costs less from the start."
              : `It pays back in year ${result.paybackYear}.`}
        </strong>{" "}
        It saves <strong data-testid="co2e">{formatNumber(result.co2eTonnesSavedPerYear, 1)} t CO2e a year</strong> (
        {formatNumber(result.dieselLitresPerYear)} litres of diesel; {result.co2FactorsYear} UK Government conversion
        factors).
      </p>
      <p className="text-xs text-muted-foreground">
        Electricity from the {STRATEGY_LABELS[result.strategy].toLowerCase()} plan:{" "}
        {formatPounds(result.electricityPoundsPerYear)} a year. Depot {formatPounds(depot)}: chargers{" "}
        {formatPounds(result.site.chargersPounds)} (
        {result.chargersFrom === "sizing" ? "the sized chargers" : "the plan's"}
        ), connection {formatPounds(result.site.connectionPounds)}
        {result.site.connectionEstimated ? " (an estimate: enter your network operator's quote)" : " (your quote)"},
        transformer {formatPounds(result.site.transformerPounds)}
        {result.site.grantPounds > 0 ? `, less ${formatPounds(result.site.grantPounds)} of grants` : ""}.
      </p>
      <Table aria-label="Cost of ownership per vehicle" scrollLabel="Cost of ownership (scrolls sideways)">
        <TableHeader>
          <TableRow>
            <TableHead className="sticky left-0 z-10 bg-background">Vehicle type</TableHead>
            <TableHead className="text-right">Vehicles</TableHead>
            <TableHead className="text-right">km a year each</TableHead>
            <TableHead className="text-right">Electric, per vehicle</TableHead>
            <TableHead className="text-right">Diesel, per vehicle</TableHead>
            <TableHead className="text-right">Electric, per km</TableHead>
            <TableHead className="text-right">Diesel, per km</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {result.types.map((t) => (
            <TableRow key={t.typeId}>
              <TableCell className="sticky left-0 z-10 bg-background font-medium whitespace-nowrap">{t.name}</TableCell>
              <TableCell className="text-right">{formatNumber(t.vehicles)}</TableCell>
              <TableCell className="text-right">{formatNumber(t.kmPerYear)}</TableCell>
              <TableCell className="text-right">{formatPounds(t.evPoundsPerVehicle)}</TableCell>
              <TableCell className="text-right">{formatPounds(t.dieselPoundsPerVehicle)}</TableCell>
              <TableCell className="text-right">{formatNumber(t.evPencePerKm, 1)}p</TableCell>
              <TableCell className="text-right">{formatNumber(t.dieselPencePerKm, 1)}p</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <p className="text-xs text-muted-foreground">
        Per vehicle: purchase less grant, energy, upkeep and duty over the years, less the residual value, discounted
        (the depot is the fleet's and is in the net present value). Change any figure under Inputs, Business case.
      </p>
    </section>
  );
}
