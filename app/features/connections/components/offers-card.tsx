import { useEffect } from "react";
import { useFetcher, useRevalidator } from "react-router";

import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import type { ActionResult } from "~/lib/action-result";
import { calendarDay } from "~/lib/uk-dates";
import { kwh } from "~/lib/units";
import { useFetcherToast } from "~/lib/use-fetcher-toast";

import { OFFER_KIND_LABELS, offerLeastKva, offerMostKva } from "../offer-shape";
import type { Offer } from "../offers.server";
import { OutlookText } from "./outlook-text";
import { ProfileGrid } from "./profile-grid";

const kva = (value: number) => `${value.toLocaleString("en-GB", { maximumFractionDigits: 0 })} kVA`;
const pounds = (value: number) => `£${Math.round(value).toLocaleString("en-GB")}`;

/** What the offer gives, in a line. */
function capacityText(offer: Offer): string {
  const { shape } = offer;
  if (shape.kind === "firm") return `${kva(shape.firmKva)} at all times`;
  if (shape.kind === "profiled") return `${kva(offerLeastKva(shape))} to ${kva(offerMostKva(shape))}, by time of day`;
  const cut = shape.curtailment.reduce((hours, e) => hours + (Date.parse(e.end) - Date.parse(e.start)) / 3_600_000, 0);
  const source = shape.record === "estimate" ? "estimated" : "in its record";
  return `${kva(shape.firmKva)} firm + ${kva(shape.nonFirmKva)} non-firm; ${shape.curtailment.length.toLocaleString("en-GB")} cuts, ${Math.round(cut).toLocaleString("en-GB")} hours ${source}`;
}

function OfferActions({ offer, mayChange, planAt }: { offer: Offer; mayChange: boolean; planAt: string | null }) {
  const fetcher = useFetcher<ActionResult>();
  useFetcherToast(fetcher.data);
  const busy = fetcher.state !== "idle";
  if (!mayChange) return null;
  const intent = (name: string, label: string, variant: "default" | "outline" | "destructive" = "outline") => (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value={name} />
      <input type="hidden" name="offerId" value={offer.id} />
      <Button type="submit" size="sm" variant={variant} disabled={busy} aria-label={`${label}: ${offer.name}`}>
        {label}
      </Button>
    </fetcher.Form>
  );
  const stale = offer.outlook?.planAt && planAt && offer.outlook.planAt !== planAt;
  return (
    <div className="flex flex-wrap gap-2">
      {offer.outlook?.status === "running"
        ? null
        : intent("work-out-offer", offer.outlook && !stale ? "Work it out again" : "Work out for the fleet", "default")}
      {offer.chosen ? null : intent("choose-offer", "Track this offer")}
      {intent("remove-offer", "Remove", "destructive")}
    </div>
  );
}

/**
 * The depot's offers side by side: what each gives, costs and when, which one the application tracks, and what it
 * means for the depot's plan once worked out (vehicles short, season by season or across the curtailment record,
 * and the battery that would cover the worst).
 */
export function OffersCard({
  offers,
  mayChange,
  planAt,
}: {
  offers: Offer[];
  mayChange: boolean;
  planAt: string | null;
}) {
  const revalidator = useRevalidator();
  const running = offers.some((o) => o.outlook?.status === "running");
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => void revalidator.revalidate(), 1500);
    return () => clearInterval(timer);
  }, [running, revalidator]);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Connection offers</CardTitle>
        <CardDescription>
          {offers.length === 0
            ? "No offers yet. Add each offer the network operator makes, firm or not, to compare what it means for the fleet."
            : planAt
              ? "Each offer worked out on the depot's charging plan, with peak shaving (the strategy that charges the most)."
              : "Make the depot's charging plan to work out what each offer means for the fleet."}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-4">
          {offers.map((offer) => (
            <li key={offer.id} className="grid gap-3 rounded-lg border p-4" aria-label={offer.name}>
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h3 className="text-lg font-semibold">
                  {offer.name}
                  {offer.chosen ? (
                    <span className="ml-2 rounded bg-primary px-2 py-0.5 text-xs font-medium text-primary-foreground">
                      Tracked
                    </span>
                  ) : null}
                </h3>
                <span className="text-sm text-muted-foreground">{OFFER_KIND_LABELS[offer.kind]}</span>
              </div>
              <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
                <dt className="text-muted-foreground">Gives</dt>
                <dd>{capacityText(offer)}</dd>
                <dt className="text-muted-foreground">Costs</dt>
                <dd>{pounds(offer.costPounds)}</dd>
                <dt className="text-muted-foreground">Energised from</dt>
                <dd>{calendarDay(offer.energiseOn)}</dd>
                {offer.operator ? (
                  <>
                    <dt className="text-muted-foreground">Operator</dt>
                    <dd>{offer.operator}</dd>
                  </>
                ) : null}
              </dl>
              {offer.shape.kind === "profiled" ? (
                <ProfileGrid profile={offer.shape.profile} mostKva={offerMostKva(offer.shape)} />
              ) : null}
              <div className="rounded-md bg-muted/50 p-3 text-sm" aria-live="polite">
                {offer.outlook === null ? (
                  <p>Not worked out for the fleet yet.</p>
                ) : offer.outlook.status === "running" ? (
                  <p>Working it out on the depot&apos;s plan…</p>
                ) : offer.outlook.status === "failed" ? (
                  <p className="text-destructive">{offer.outlook.error}</p>
                ) : offer.outlook.result ? (
                  <>
                    <OutlookText outlook={offer.outlook.result} format={kwh} />
                    {planAt && offer.outlook.planAt !== planAt ? (
                      <p className="mt-2 font-medium">The plan has changed since: work it out again.</p>
                    ) : null}
                  </>
                ) : null}
              </div>
              <OfferActions offer={offer} mayChange={mayChange} planAt={planAt} />
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
