/**
 * What every Electrify plan gives, in figures that are true of the product
 * (the engine's strategies and step, the open network data it reads, the
 * report). No client logos or savings claims we could not show.
 */
const POINTS = [
  {
    figure: "4",
    label: "charging strategies compared on every plan",
    detail: "uncontrolled, balanced, cheapest and peak-shaving",
  },
  { figure: "35,040", label: "quarter-hours in a year's plan", detail: "200 vehicles planned in under 2 seconds" },
  { figure: "2", label: "network operators' open capacity data", detail: "UK Power Networks and National Grid" },
  {
    figure: "1",
    label: "report for the board and the network operator",
    detail: "feasibility, chargers, connection, payback",
  },
];

export function ProofPoints() {
  return (
    <section aria-label="Electrify in figures" className="border-y bg-card px-4 py-10 sm:px-6">
      <dl className="mx-auto grid max-w-6xl gap-8 sm:grid-cols-2 lg:grid-cols-4">
        {POINTS.map((point) => (
          <div key={point.label} className="grid content-start gap-1">
            <dt className="font-semibold">{point.label}</dt>
            {/* Read after its label, shown above it. */}
            <dd className="order-first text-4xl font-bold tracking-tight text-primary">{point.figure}</dd>
            <dd className="text-sm text-muted-foreground">{point.detail}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
