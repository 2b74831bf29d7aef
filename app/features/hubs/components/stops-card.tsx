import { Form, Link } from "react-router";

import { SelectField } from "~/components/select-field";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";

const VERDICT = { ready: "ready", "ready-with-top-up": "ready with a top-up", "not-yet": "not yet" } as const;

type Finding = {
  hubId: number;
  name: string;
  stops: number;
  vehicles: { vehicle: string; stops: number; medianMinutes: number }[];
  goElectric: { vehicle: string; from: keyof typeof VERDICT; to: keyof typeof VERDICT }[];
};

/**
 * From a depot's trips: where its vehicles already stop near a hub long enough to charge, and which of them would
 * then go electric that cannot today. The depot is chosen in the address (a GET form), as the suitability view links.
 */
export function StopsCard({
  depots,
  depotId,
  findings,
  message,
}: {
  depots: { id: number; name: string }[];
  depotId: number | null;
  findings: Finding[] | null;
  message: string | null;
}) {
  return (
    <Card id="stops">
      <CardHeader>
        <CardTitle>Where your vehicles already stop</CardTitle>
        <CardDescription>
          From a depot&apos;s trip export: stops of 30 minutes or more within 1.5 km of an open hub, and the vehicles
          that charging there would let go electric.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <Form method="get" className="flex flex-wrap items-end gap-3" aria-label="Stops from a depot's trips">
          <SelectField
            name="from"
            label="Trips of"
            defaultValue={depotId ?? undefined}
            options={depots.map((d) => ({ value: d.id, label: d.name }))}
          />
          <Button type="submit" variant="outline">
            Look at their stops
          </Button>
        </Form>
        {message ? <p className="text-sm text-muted-foreground">{message}</p> : null}
        {findings?.length === 0 ? (
          <p className="text-sm text-muted-foreground">None of its vehicles stops that long near an open hub.</p>
        ) : null}
        {findings?.map((f) => (
          <section
            key={f.hubId}
            className="grid gap-2 rounded-md border p-3 text-sm"
            aria-labelledby={`stops-${f.hubId}`}
          >
            <h3 id={`stops-${f.hubId}`} className="font-semibold">
              <Link to={`/electrify/hubs/${f.hubId}`} className="underline underline-offset-2">
                {f.name}
              </Link>
              : {f.stops} stop{f.stops === 1 ? "" : "s"} by {f.vehicles.length} vehicle
              {f.vehicles.length === 1 ? "" : "s"}
            </h3>
            <p>{f.vehicles.map((v) => `${v.vehicle} (${v.stops} × about ${v.medianMinutes} min)`).join(", ")}</p>
            <p className={f.goElectric.length ? "font-medium text-primary" : "text-muted-foreground"}>
              {f.goElectric.length
                ? `Charging here would make ${f.goElectric.map((g) => `${g.vehicle} ${VERDICT[g.to]} (now ${VERDICT[g.from]})`).join(", ")}.`
                : "Charging here would not change any vehicle's verdict."}
            </p>
          </section>
        ))}
      </CardContent>
    </Card>
  );
}
